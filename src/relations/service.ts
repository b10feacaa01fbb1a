import { inTransaction } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';
import { DomainError, notFound, validationFailed, type ErrorDetail } from '../domain/errors';
import { answerListById } from '../domain/lists';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import { tooLongValues } from '../domain/validation';
import { RelationRole } from '../entities/relations';
import { normaliseManagedFlags } from '../managed/flags';
import type { IdentityToIdentityRelationVO, IdentityToIdentityRelationVOInput } from '../schema/relations';
import { findIdentity, identityExists, requireIdentity } from '../users/repository';
import { relationManagedAmong, requireMayRelate, requireRelationManager } from './policy';
import { toRelationVO, type RelationRow } from './presenter';
import * as relations from './repository';
import type { RelationSide } from './repository';

/** The relations in which the user is the source (their targets) or the target (their sources). */
/** `UserVO.relations` (GraphQL): a page of each person's relations as source, as GET /users/{k}/relations/source, for every person of an answer at once. */
export function relationsOfSource(ctx: RequestContext, identityKey: number, page: EdgePage): Promise<IdentityToIdentityRelationVO[]> {
  const edge: Edge<RelationRow, IdentityToIdentityRelationVO> = {
    readable: (keys) => relationManagedAmong(ctx, keys),
    read: (keys, page, cap) => relations.pagesOfRelationsOfSources(ctx.em, keys, page, cap),
    present: toRelationVO,
  };
  return pageOf(ctx, 'relations of source', edge, page, identityKey);
}

export async function listRelations(ctx: RequestContext, identityKey: number, side: RelationSide): Promise<IdentityToIdentityRelationVO[]> {
  await findIdentity(ctx.em, identityKey);
  await requireRelationManager(ctx, identityKey);
  return answerListById(ctx, (range) => relations.listRelations(ctx.em, identityKey, side, range), toRelationVO);
}

function validate(input: IdentityToIdentityRelationVOInput) {
  const required = ['identitySourceKey', 'identityTargetKey', 'relationRoleKey'] as const;
  const errors: ErrorDetail[] = required
    .filter((field) => input[field] == null)
    .map((field) => ({ code: `org.olat.user.restapi:relation.mandatory:${field}`, translation: `${field} is mandatory.` }));
  errors.push(...tooLongValues({ externalId: input.externalId }));
  if (errors.length) throw validationFailed(errors);
}

/**
 * Relates two users through /users/{identityKey}/relations. The path user must be the source or the
 * target, and since the source gains the role's rights over the target, the caller must manage both.
 * The same relation (source, target, role) twice returns the stored one unchanged, so a repeated
 * import converges instead of failing.
 */
export async function addRelation(ctx: RequestContext, identityKey: number, input: IdentityToIdentityRelationVOInput): Promise<IdentityToIdentityRelationVO> {
  return inTransaction(ctx, async (em) => {
    await requireIdentity(em, identityKey);
    await requireRelationManager({ ...ctx, em }, identityKey);
    if (input.key != null) throw new DomainError('CONFLICT', 'relations are not updated: send a relation without key');
    validate(input);
    const sourceKey = input.identitySourceKey!;
    const targetKey = input.identityTargetKey!;
    if (!(await identityExists(em, sourceKey))) throw notFound('source user');
    if (!(await identityExists(em, targetKey))) throw notFound('target user');
    if (!(await em.count(RelationRole, { id: input.relationRoleKey! }))) throw notFound('relation role');
    if (sourceKey !== identityKey && targetKey !== identityKey) {
      throw new DomainError('CONFLICT', `user ${identityKey} is neither the source nor the target of this relation`);
    }
    await requireMayRelate({ ...ctx, em }, identityKey, sourceKey === identityKey ? targetKey : sourceKey);
    const row = await relations.upsertRelation(em, {
      sourceKey,
      targetKey,
      roleKey: input.relationRoleKey!,
      externalId: input.externalId || null,
      managedFlags: normaliseManagedFlags('relation', input.managedFlagsString) || null,
    });
    return toRelationVO(row);
  });
}

/** Removes a relation of the path user; one that does not exist or is not theirs is a conflict (409), as in OpenOLAT. */
export async function deleteRelation(ctx: RequestContext, identityKey: number, relationKey: number): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    await requireIdentity(em, identityKey);
    await requireRelationManager({ ...ctx, em }, identityKey);
    if (!(await relations.deleteRelationOf(em, identityKey, relationKey)))
      throw new DomainError('CONFLICT', `user ${identityKey} has no relation ${relationKey}`);
    return true;
  });
}
