import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import { readPages, type EdgePage } from '../domain/edges';
import { notFound } from '../domain/errors';
import type { Range } from '../domain/lists';
import { RelationRole } from '../entities/relations';
import type { RelationRow } from './presenter';

/** The columns of a RelationRow from `identity_relation r join relation_role rr on rr.id = r.role_id`. */
const RELATION_COLUMNS =
  'r.id, r.source_id as "identitySourceKey", r.target_id as "identityTargetKey", r.external_id as "externalId", r.managed_flags as "managedFlags", r.role_id as "relationRoleKey", rr.role as "relationRole"';

export type RelationSide = 'source' | 'target';

const RELATIONS = `select ${RELATION_COLUMNS} from identity_relation r join relation_role rr on rr.id = r.role_id`;

async function relationRows(em: EntityManager, where: string, params: unknown[], limit = ''): Promise<RelationRow[]> {
  return sql<RelationRow>(em, `${RELATIONS} where ${where} order by r.id${limit}`, params);
}

export async function findRelationRole(em: EntityManager, key: number): Promise<RelationRole> {
  const role = await em.findOne(RelationRole, { id: key });
  if (!role) throw notFound('relation role');
  return role;
}

/** A page of the relations in which each of these people is the source (GraphQL UserVO.relations). */
export const pagesOfRelationsOfSources = (em: EntityManager, identityKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<RelationRow>(em, (person) => `${RELATIONS} where r.source_id = ${person} order by r.id`, [], identityKeys, page, cap);

/** The relations in which the person is the source (their targets) or the target (their sources). */
export const listRelations = (em: EntityManager, identityKey: number, side: RelationSide, range: Range) =>
  relationRows(em, `${side === 'source' ? 'r.source_id' : 'r.target_id'} = ? and r.id > ?`, [identityKey, range.after, range.size], ' limit ?');

/** The relation with this key in which the person is the source or the target. */
export async function findRelationOf(em: EntityManager, identityKey: number, relationKey: number): Promise<RelationRow | null> {
  const [row] = await relationRows(em, 'r.id = ? and (r.source_id = ? or r.target_id = ?)', [relationKey, identityKey, identityKey]);
  return row ?? null;
}

/** Stores the relation unless the same (source, target, role) exists, and answers the stored one. */
export async function upsertRelation(
  em: EntityManager,
  relation: { sourceKey: number; targetKey: number; roleKey: number; externalId: string | null; managedFlags: string | null },
): Promise<RelationRow> {
  const identity = [relation.sourceKey, relation.targetKey, relation.roleKey];
  await sql(em, 'insert into identity_relation (source_id, target_id, role_id, external_id, managed_flags) values (?, ?, ?, ?, ?) on conflict do nothing', [
    ...identity,
    relation.externalId,
    relation.managedFlags,
  ]);
  const [row] = await relationRows(em, 'r.source_id = ? and r.target_id = ? and r.role_id = ?', identity);
  return row;
}

/** false when the person has no relation with this key. */
export async function deleteRelationOf(em: EntityManager, identityKey: number, relationKey: number): Promise<boolean> {
  const deleted = await sql(em, 'delete from identity_relation where id = ? and (source_id = ? or target_id = ?) returning id', [
    relationKey,
    identityKey,
    identityKey,
  ]);
  return deleted.length > 0;
}
