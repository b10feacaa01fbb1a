import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, sql } from '../db/sql';
import { pairTable } from '../db/pairs';
import { readPages, type EdgePage } from '../domain/edges';
import { DomainError, badRequest, notFound } from '../domain/errors';
import type { Range } from '../domain/lists';
import { Taxonomy, TaxonomyLevelType } from '../entities/taxonomy';
import type { CompetenceRow, LevelRow, LevelTypeRow } from './presenter';

/** The columns of a LevelRow from `taxonomy_level l`. */
const LEVEL_COLUMNS =
  'l.id, l.taxonomy_id as "taxonomyKey", l.identifier, l.display_name as "displayName", l.description, l.external_id as "externalId", ' +
  'l.managed_flags as "managedFlags", l.parent_id as "parentKey", l.type_id as "typeKey", l.path';

/** The columns of a CompetenceRow from `taxonomy_competence c`. */
const COMPETENCE_COLUMNS = 'c.id, c.identity_id as "identityKey", c.level_id as "levelKey", c.type, c.expiration';

const limitOf = (range: Range) => (range.size == null ? '' : ` limit ${Number(range.size)}`);

/** A taxonomy by key: a key of 0 or below answers 400 (catalogue 2.9), an unknown one 404. */
export async function findTaxonomy(em: EntityManager, key: number): Promise<Taxonomy> {
  if (!(key > 0)) throw badRequest('a taxonomy key is a positive number');
  const taxonomy = await em.findOne(Taxonomy, { id: key });
  if (!taxonomy) throw notFound('taxonomy');
  return taxonomy;
}

/** These levels (those that exist), in one statement (GraphQL edges). */
export const findLevelRows = (em: EntityManager, keys: readonly number[]) =>
  sql<LevelRow>(em, `select ${LEVEL_COLUMNS} from taxonomy_level l where l.id = any(?::bigint[])`, [keyArray(keys)]);

export async function findLevelRow(em: EntityManager, key: number): Promise<LevelRow | null> {
  const [row] = await sql<LevelRow>(em, `select ${LEVEL_COLUMNS} from taxonomy_level l where l.id = ?`, [key]);
  return row ?? null;
}

/** A level of the taxonomy: unknown 404, a level of another taxonomy 409 (catalogue 2.9). */
export async function findLevelIn(em: EntityManager, taxonomyKey: number, levelKey: number): Promise<LevelRow> {
  const row = await findLevelRow(em, levelKey);
  if (!row) throw notFound('taxonomy level');
  if (row.taxonomyKey !== taxonomyKey) throw new DomainError('CONFLICT', 'the level belongs to another taxonomy');
  return row;
}

/** A level type of the taxonomy; a type of another taxonomy is not found there. */
export async function findLevelTypeIn(em: EntityManager, taxonomyKey: number, typeKey: number): Promise<TaxonomyLevelType> {
  const type = await em.findOne(TaxonomyLevelType, { id: typeKey, taxonomy: taxonomyKey });
  if (!type) throw notFound('taxonomy level type');
  return type;
}

export async function listLevels(em: EntityManager, taxonomyKey: number, range: Range): Promise<LevelRow[]> {
  return sql<LevelRow>(em, `select ${LEVEL_COLUMNS} from taxonomy_level l where l.taxonomy_id = ? and l.id > ? order by l.id${limitOf(range)}`, [
    taxonomyKey,
    range.after,
  ]);
}

/** A page of the levels of each of these taxonomies, in key order; `where` narrows them (`l` is the level). */
export const pagesOfLevels = (em: EntityManager, taxonomyKeys: readonly number[], where: string, page: EdgePage, cap: number | null) =>
  readPages<LevelRow>(
    em,
    (taxonomy) => `select ${LEVEL_COLUMNS} from taxonomy_level l where l.taxonomy_id = ${taxonomy}${where ? ` and ${where}` : ''} order by l.id`,
    [],
    taxonomyKeys,
    page,
    cap,
  );

/** A page of the sub-levels of each of these levels, in key order. */
export const pagesOfChildren = (em: EntityManager, levelKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<LevelRow>(em, (level) => `select ${LEVEL_COLUMNS} from taxonomy_level l where l.parent_id = ${level} order by l.id`, [], levelKeys, page, cap);

/** A page of the level types of each of these taxonomies, in key order. */
export const pagesOfLevelTypes = (em: EntityManager, taxonomyKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<LevelTypeRow>(
    em,
    (taxonomy) => `select t.id, t.identifier, t.display_name as "displayName", t.description, t.external_id as "externalId", t.managed_flags as "managedFlags",
        t.css_class as "cssClass", t.visible, t.library_settings as "librarySettings"
      from taxonomy_level_type t where t.taxonomy_id = ${taxonomy} order by t.id`,
    [],
    taxonomyKeys,
    page,
    cap,
  );

/** Whether anything hangs on the level: sub-levels, competences, tagged entries. */
export async function levelInUse(em: EntityManager, levelKey: number): Promise<boolean> {
  const [row] = await sql<{ used: boolean }>(
    em,
    `select exists (select 1 from taxonomy_level where parent_id = ?)
         or exists (select 1 from taxonomy_competence where level_id = ?)
         or exists (select 1 from repository_entry_taxonomy_level where level_id = ?)
         or exists (select 1 from curriculum_element_taxonomy_level where level_id = ?) as used`,
    [levelKey, levelKey, levelKey, levelKey],
  );
  return row.used;
}

export async function countLevels(em: EntityManager, taxonomyKey: number): Promise<number> {
  const [row] = await sql<{ n: string }>(em, 'select count(*) as n from taxonomy_level where taxonomy_id = ?', [taxonomyKey]);
  return Number(row.n);
}

/** Tree changes of a taxonomy (create below a parent, move) run one at a time, so no move can race another into a cycle. */
export async function lockTree(em: EntityManager, taxonomyKey: number): Promise<void> {
  await sql(em, `select pg_advisory_xact_lock(hashtext('taxonomy_tree'), ?::int)`, [taxonomyKey]);
}

/** Re-roots the materialised paths of a subtree in one statement. */
export async function movePaths(em: EntityManager, oldPath: string, newPath: string): Promise<void> {
  await sql(em, `update taxonomy_level set path = ?::text || substr(path, ?::int), last_modified = now() where path like ?::text || '%'`, [
    newPath,
    oldPath.length + 1,
    oldPath,
  ]);
}

export async function competencesOfLevel(em: EntityManager, levelKey: number, range: Range): Promise<CompetenceRow[]> {
  return sql<CompetenceRow>(em, `select ${COMPETENCE_COLUMNS} from taxonomy_competence c where c.level_id = ? and c.id > ? order by c.id${limitOf(range)}`, [
    levelKey,
    range.after,
  ]);
}

/** A page of the competences on each of these levels, in key order. */
export const pagesOfCompetences = (em: EntityManager, levelKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<CompetenceRow>(
    em,
    (level) => `select ${COMPETENCE_COLUMNS} from taxonomy_competence c where c.level_id = ${level} order by c.id`,
    [],
    levelKeys,
    page,
    cap,
  );

export async function competencesOfUserOnLevel(em: EntityManager, levelKey: number, identityKey: number): Promise<CompetenceRow[]> {
  return sql<CompetenceRow>(em, `select ${COMPETENCE_COLUMNS} from taxonomy_competence c where c.level_id = ? and c.identity_id = ? order by c.id`, [
    levelKey,
    identityKey,
  ]);
}

export async function competencesOfUserInTaxonomy(em: EntityManager, taxonomyKey: number, identityKey: number): Promise<CompetenceRow[]> {
  return sql<CompetenceRow>(
    em,
    `select ${COMPETENCE_COLUMNS} from taxonomy_competence c join taxonomy_level l on l.id = c.level_id
      where c.identity_id = ? and l.taxonomy_id = ? order by c.id`,
    [identityKey, taxonomyKey],
  );
}

export async function findCompetence(em: EntityManager, key: number): Promise<CompetenceRow | null> {
  const [row] = await sql<CompetenceRow>(em, `select ${COMPETENCE_COLUMNS} from taxonomy_competence c where c.id = ?`, [key]);
  return row ?? null;
}

/** PUT of a competence: the person's competence of that type on the level gets the expiration, else a new one is made. Answers its key. */
export async function upsertCompetence(em: EntityManager, levelKey: number, identityKey: number, type: string, expiration: Date | null): Promise<number> {
  await sql(em, `select pg_advisory_xact_lock(hashtext('taxonomy_competence'), ?::int)`, [levelKey]);
  const [updated] = await sql<{ id: string }>(
    em,
    `update taxonomy_competence set expiration = ?, last_modified = now() where level_id = ? and identity_id = ? and type = ? returning id`,
    [expiration, levelKey, identityKey, type],
  );
  if (updated) return Number(updated.id);
  const [created] = await sql<{ id: string }>(
    em,
    `insert into taxonomy_competence (level_id, identity_id, type, expiration) values (?, ?, ?, ?) returning id`,
    [levelKey, identityKey, type, expiration],
  );
  return Number(created.id);
}

export async function deleteCompetence(em: EntityManager, key: number): Promise<void> {
  await sql(em, 'delete from taxonomy_competence where id = ?', [key]);
}

/** What carries taxonomy levels: a repository entry or a curriculum element, each by a link table of its own. */
const LEVEL_LINKS = {
  entry: { table: 'repository_entry_taxonomy_level', column: 'entry_id' },
  element: { table: 'curriculum_element_taxonomy_level', column: 'element_id' },
} as const;
export type LevelCarrier = keyof typeof LEVEL_LINKS;

export async function levelsOf(em: EntityManager, carrier: LevelCarrier, key: number): Promise<LevelRow[]> {
  const { table, column } = LEVEL_LINKS[carrier];
  return sql<LevelRow>(em, `select ${LEVEL_COLUMNS} from ${table} x join taxonomy_level l on l.id = x.level_id where x.${column} = ? order by l.id`, [key]);
}

/** true: linked now; false: it already was. */
export async function linkLevel(em: EntityManager, carrier: LevelCarrier, key: number, levelKey: number): Promise<boolean> {
  const { table, column } = LEVEL_LINKS[carrier];
  const rows = await sql(em, `insert into ${table} (${column}, level_id) values (?, ?) on conflict (${column}, level_id) do nothing returning id`, [
    key,
    levelKey,
  ]);
  return rows.length > 0;
}

/** true: unlinked; false: it was not linked. */
export async function unlinkLevel(em: EntityManager, carrier: LevelCarrier, key: number, levelKey: number): Promise<boolean> {
  const { table, column } = LEVEL_LINKS[carrier];
  const rows = await sql(em, `delete from ${table} where ${column} = ? and level_id = ? returning id`, [key, levelKey]);
  return rows.length > 0;
}

const SUB_TYPES = pairTable('taxonomy_level_type_sub_type', 'type_id', 'sub_type_id');

export const allowSubType = SUB_TYPES.add;

export const disallowSubType = SUB_TYPES.remove;
