import { sql } from '../db/sql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, forbidden, notFound, validationFailed, type ErrorDetail } from '../domain/errors';
import type { RequestContext } from '../domain/context';
import { Identity } from '../entities/users';
import { RelationRole } from '../entities/relations';
import { normaliseManagedFlags } from '../managed/flags';
import { isManagerOf } from '../organisations/organisation-service';
import type { IdentityToIdentityRelationVO, IdentityToIdentityRelationVOInput } from '../schema/relation-types';
import { USER_MANAGER_ROLES, managedIdentity } from '../users/user-service';
import { RELATION_ROW_COLUMNS, toRelationVO, type RelationRow } from './relation-presenter';

export type RelationSide = 'source' | 'target';

const MAX_LENGTH = 255;

async function relationRows(em: EntityManager, where: string, params: unknown[]): Promise<RelationRow[]> {
  return sql<RelationRow>(
    em,
    `select ${RELATION_ROW_COLUMNS} from identity_relation r join relation_role rr on rr.id = r.role_id where ${where} order by r.id`,
    params,
  );
}

/** The relations in which the user is the source (their targets) or the target (their sources). */
export async function listRelations(ctx: RequestContext, identityKey: number, side: RelationSide): Promise<IdentityToIdentityRelationVO[]> {
  await managedIdentity(ctx, identityKey);
  const rows = await relationRows(ctx.em, side === 'source' ? 'r.source_id = ?' : 'r.target_id = ?', [identityKey]);
  return rows.map(toRelationVO);
}

function validate(input: IdentityToIdentityRelationVOInput) {
  const required = ['identitySourceKey', 'identityTargetKey', 'relationRoleKey'] as const;
  const errors: ErrorDetail[] = required
    .filter((field) => input[field] == null)
    .map((field) => ({ code: `org.olat.user.restapi:relation.mandatory:${field}`, translation: `${field} is mandatory.` }));
  if ((input.externalId?.length ?? 0) > MAX_LENGTH) {
    errors.push({ code: 'org.olat.core:form.error.toolong:externalId', translation: `externalId is longer than ${MAX_LENGTH} characters.` });
  }
  if (errors.length) throw validationFailed(errors);
}

/**
 * Relates two users through /users/{identityKey}/relations. The path user must be the source or the
 * target, and since the source gains the role's rights over the target, the caller must manage both.
 * The same relation (source, target, role) twice returns the stored one unchanged, so a repeated
 * import converges instead of failing.
 */
export async function addRelation(ctx: RequestContext, identityKey: number, input: IdentityToIdentityRelationVOInput): Promise<IdentityToIdentityRelationVO> {
  return ctx.em.transactional(async (em) => {
    const scoped = { ...ctx, em };
    await managedIdentity(scoped, identityKey);
    if (input.key != null) throw new DomainError('CONFLICT', 'relations are not updated: send a relation without key');
    validate(input);
    const sourceKey = input.identitySourceKey!;
    const targetKey = input.identityTargetKey!;
    if (!(await em.count(Identity, { id: sourceKey }))) throw notFound('source user');
    if (!(await em.count(Identity, { id: targetKey }))) throw notFound('target user');
    if (!(await em.count(RelationRole, { id: input.relationRoleKey! }))) throw notFound('relation role');
    if (sourceKey !== identityKey && targetKey !== identityKey) {
      throw new DomainError('CONFLICT', `user ${identityKey} is neither the source nor the target of this relation`);
    }
    const otherKey = sourceKey === identityKey ? targetKey : sourceKey;
    if (otherKey !== identityKey && !(await isManagerOf(em, ctx.caller!, otherKey, USER_MANAGER_ROLES))) throw forbidden();
    const params = [sourceKey, targetKey, input.relationRoleKey, input.externalId || null, normaliseManagedFlags('relation', input.managedFlagsString) || null];
    await sql(
      em,
      'insert into identity_relation (source_id, target_id, role_id, external_id, managed_flags) values (?, ?, ?, ?, ?) on conflict do nothing',
      params,
    );
    const [row] = await relationRows(em, 'r.source_id = ? and r.target_id = ? and r.role_id = ?', params.slice(0, 3));
    return toRelationVO(row);
  });
}

/** Removes a relation of the path user; one that does not exist or is not theirs is a conflict (409), as in OpenOLAT. */
export async function deleteRelation(ctx: RequestContext, identityKey: number, relationKey: number): Promise<boolean> {
  return ctx.em.transactional(async (em) => {
    await managedIdentity({ ...ctx, em }, identityKey);
    const deleted = await sql(em, 'delete from identity_relation where id = ? and (source_id = ? or target_id = ?) returning id', [
      relationKey,
      identityKey,
      identityKey,
    ]);
    if (!deleted.length) throw new DomainError('CONFLICT', `user ${identityKey} has no relation ${relationKey}`);
    return true;
  });
}
