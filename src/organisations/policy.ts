import { requireCaller, type RequestContext } from '../domain/context';
import { forbidden } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import { managesObject } from '../access/manage';
import { grantableIn, isManagerOf, managedAmong } from '../domain/scope';
import { ORGANISATION_ADMINS } from '../access/roles';

/**
 * Who may do what with organisations and their types (catalogue 2.5).
 *
 * Every organisation operation needs the administrator or sysadmin role in some organisation (the
 * role check of the resolvers); OpenOLAT asks nothing more (only DELETE asks for the role in that
 * organisation). Here an organisation is managed by those who hold the role in it or in an
 * inheriting ancestor (the tree rule of src/domain/scope.ts), and every route that changes an
 * organisation or reveals what it holds (members, entries) asks it; the organisation's own record
 * is read by every organisation administrator, as GET /organisations lists them all. A
 * membership links an organisation and a person: the administrators of an organisation manage its
 * members as user managers do, so granting or ending one asks for the person too (one of the
 * person's organisations must be the caller's), else an administrator of one organisation could
 * take in anyone, or make themself administrator of another.
 *
 * | link | organisation side | other side |
 * | --- | --- | --- |
 * | organisation to person (…/{role}/{identityKey}, …/{role} with a list) | manager of the organisation, holding the role (requireRoleGranter) | manager of the person (requireMemberManager) |
 * | organisation to parent (parentOrganisationKey on create, update or move) | manager of the organisation | manager of the parent |
 * | entry to organisation | the organisation role (src/courses/policy.ts) | manager of the entry |
 */

export const canManageOrganisation = (ctx: RequestContext, organisationKey: number) => managesObject(ctx, { kind: 'organisation', key: organisationKey });

export async function requireOrganisationManager(ctx: RequestContext, organisationKey: number): Promise<void> {
  if (!(await canManageOrganisation(ctx, organisationKey))) throw forbidden('needs the administrator or sysadmin role in the organisation');
}

/** The person of a membership the caller grants, ends or reads: one of their organisations is one the caller manages. */
export async function requireMemberManager(ctx: RequestContext, identityKey: number): Promise<void> {
  if (!(await isManagerOf(ctx.em, requireCaller(ctx), identityKey, ORGANISATION_ADMINS))) {
    throw forbidden('needs the administrator or sysadmin role in an organisation of the person');
  }
}

/** Of these people, those whose memberships the caller reads (GraphQL UserVO.organisations): one statement for all. */
export const memberManagedAmong = async (ctx: RequestContext, identityKeys: readonly number[]) =>
  new Set(await managedAmong(ctx.em, requireCaller(ctx), identityKeys, ORGANISATION_ADMINS));

/** Nobody grants or revokes a role they do not hold in the organisation (the ladder of src/domain/scope.ts: administrators hold every role but sysadmin). */
export async function requireRoleGranter(ctx: RequestContext, organisationKey: number, roles: readonly OrganisationRole[]): Promise<void> {
  const grantable = await grantableIn(ctx.em, requireCaller(ctx), organisationKey, roles);
  const refused = roles.filter((role) => !grantable.has(role));
  if (refused.length) throw forbidden(`only a holder of a role in the organisation grants or revokes it: ${refused.join(', ')}`);
}
