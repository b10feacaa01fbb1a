import { inTransaction } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';
import { DomainError, validationFailed, type ErrorDetail } from '../domain/errors';
import { tooLongValues } from '../domain/validation';
import { RelationRole } from '../entities/relations';
import { normaliseManagedFlags } from '../managed/flags';
import type { RelationRoleVO, RelationRoleVOInput } from '../schema/relations';
import { toRelationRoleVO } from './presenter';
import { findRelationRole } from './repository';
import { knownRights } from './rights';

export async function listRelationRoles(ctx: RequestContext): Promise<RelationRoleVO[]> {
  const roles = await ctx.em.find(RelationRole, {}, { orderBy: { id: 'asc' } });
  return roles.map(toRelationRoleVO);
}

function validate(input: RelationRoleVOInput, role: string | null | undefined) {
  const errors: ErrorDetail[] = [];
  if (!role?.trim()) errors.push({ code: 'org.olat.basesecurity:relation.role.mandatory', translation: 'The name of the relation role (role) is mandatory.' });
  errors.push(...tooLongValues({ role, externalId: input.externalId, externalRef: input.externalRef }));
  if (errors.length) throw validationFailed(errors);
}

/**
 * Given rights replace the set. An absent field is cleared on REST, where OpenOLAT sets every field from the body (the
 * name excepted: a role keeps one), and kept on GraphQL, whose managed guard compares the fields a caller sends.
 */
function apply(ctx: RequestContext, target: RelationRole, input: RelationRoleVOInput) {
  const given = (field: keyof RelationRoleVOInput) => ctx.transport === 'rest' || input[field] !== undefined;
  if (input.role != null) target.role = input.role.trim();
  if (given('externalId')) target.externalId = input.externalId || null;
  if (given('externalRef')) target.externalRef = input.externalRef || null;
  if (given('managedFlags')) target.managedFlags = normaliseManagedFlags('role', input.managedFlags) || null;
  if (given('rights')) target.rights = knownRights(input.rights);
}

/** PUT or POST /users/relations/roles: creates a role, or updates the role a key > 0 names (404 when there is none). */
export async function saveRelationRole(ctx: RequestContext, input: RelationRoleVOInput): Promise<RelationRoleVO> {
  if (input.key && input.key > 0) return updateRelationRole(ctx, input.key, input);
  validate(input, input.role);
  return inTransaction(ctx, async (em) => {
    const role = em.create(RelationRole, { role: input.role!.trim() });
    apply(ctx, role, input);
    await em.persistAndFlush(role);
    return toRelationRoleVO(role);
  });
}

/** POST /users/relations/roles/{key}: a role naming another key is a conflict (409). */
export async function updateRelationRole(ctx: RequestContext, key: number, input: RelationRoleVOInput): Promise<RelationRoleVO> {
  if (input.key != null && input.key !== key) throw new DomainError('CONFLICT', `the relation role names key ${input.key}, not relationRoleKey ${key}`);
  return inTransaction(ctx, async (em) => {
    const role = await findRelationRole(em, key);
    validate(input, input.role ?? role.role);
    apply(ctx, role, input);
    await em.flush();
    return toRelationRoleVO(role);
  });
}

/** Deletes the role and, with it, every relation of that role. */
export async function deleteRelationRole(ctx: RequestContext, key: number): Promise<boolean> {
  await inTransaction(ctx, async (em) => em.removeAndFlush(await findRelationRole(em, key)));
  return true;
}
