import { managedKeys, peopleManagedWhere, peopleManagedWith } from '../access/manage';
import type { SqlCondition } from '../db/sql';
import { forbidden } from '../domain/errors';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import type { OrganisationRole } from '../domain/roles';

/**
 * Who reads and writes efficiency statements: OpenOLAT's isAdminOf, an administrator who manages the person as
 * administrator (src/domain/scope.ts: the person belongs where the caller administers, and holds no role the caller's
 * do not cover). OpenOLAT answers 401 to anyone else; here 403, as for every refusal of a role.
 */
const STATEMENT_ADMINS: OrganisationRole[] = ['administrator'];

/** Of these people, those whose statements the caller administers: one statement. */
export const administeredAmong = (ctx: RequestContext, identityKeys: readonly number[]): Promise<ReadonlySet<number>> =>
  peopleManagedWith(ctx, STATEMENT_ADMINS, identityKeys);

export async function requireStatementAdmin(ctx: RequestContext, identityKey: number): Promise<void> {
  if (!(await administeredAmong(ctx, [identityKey])).has(identityKey)) throw forbidden('needs the administrator role over the person');
}

/** The people whose statements the caller administers, as a condition on `column` (administeredAmong, in the statement that reads the rows). */
export const administeredPeople = (ctx: RequestContext, column: string): SqlCondition => peopleManagedWhere(ctx, STATEMENT_ADMINS, column);

/** Of these courses (repository entry keys), those whose statements the caller reads: administrators who manage the course. */
export async function statementCoursesAmong(ctx: RequestContext, entryKeys: readonly number[]): Promise<ReadonlySet<number>> {
  return hasAnyRole(requireCaller(ctx), STATEMENT_ADMINS) ? managedKeys(ctx, 'entry', entryKeys) : new Set();
}
