import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, sql } from '../db/sql';
import { pairTable } from '../db/pairs';
import { readPages, type EdgePage } from '../domain/edges';
import type { Range } from '../domain/lists';
import { readPage, type Page, type PageRequest } from '../domain/paging';
import { USER_COLUMNS } from '../users/repository';
import type { UserRow } from '../users/presenter';
import type { CatalogRow } from './presenter';

/** The columns of a CatalogRow from `catalog_entry c`. */
export const CATALOG_COLUMNS = 'c.id, c.name, c.description, c.external_url as "externalUrl", c.type, c.entry_id as "entryKey", c.parent_id as "parentKey"';

/** The stored order of siblings: categories before leaves, each in the order they were placed (catalog-v1.md §3.2). */
const STORED_ORDER = 'c.type = 1, c.position, c.id';

/** The entry; `lock` holds it until the transaction ends (a concurrent move or delete waits). */
export async function findCatalogEntry(em: EntityManager, key: number, lock = false): Promise<CatalogRow | null> {
  const [row] = await sql<CatalogRow>(em, `select ${CATALOG_COLUMNS} from catalog_entry c where c.id = ?${lock ? ' for update' : ''}`, [key]);
  return row ?? null;
}

/** The roots (entries without a parent), in stored order. */
export function listRoots(em: EntityManager): Promise<CatalogRow[]> {
  return sql<CatalogRow>(em, `select ${CATALOG_COLUMNS} from catalog_entry c where c.parent_id is null order by ${STORED_ORDER}`);
}

/** One page of an entry's direct children: by name when `byName` (paged answers), else in stored order. */
export function pageOfChildren(em: EntityManager, parentKey: number, page: PageRequest, byName: boolean): Promise<Page<CatalogRow & { totalCount: number }>> {
  return readPage(
    () =>
      sql<CatalogRow & { totalCount: number }>(
        em,
        `select ${CATALOG_COLUMNS}, count(*) over () as "totalCount" from catalog_entry c where c.parent_id = ?
         order by ${byName ? 'c.name, c.id' : STORED_ORDER} offset ? limit ?`,
        [parentKey, page.start, page.limit],
      ),
    async () => (await sql<{ count: number }>(em, 'select count(*)::int as count from catalog_entry c where c.parent_id = ?', [parentKey]))[0].count,
    page,
  );
}

/** The entry and every entry below it (at most `size`: null, all), parents before children, siblings in stored order: one statement whatever the depth. */
export function subtree(em: EntityManager, rootKey: number, size: number | null): Promise<(CatalogRow & { depth: number })[]> {
  return sql<CatalogRow & { depth: number }>(
    em,
    `with recursive tree as (
       select c.*, 0 as depth, array[]::int[] as path from catalog_entry c where c.id = ?
       union all
       select c.*, t.depth + 1, t.path || array[(c.type = 1)::int, c.position, c.id] from catalog_entry c join tree t on c.parent_id = t.id
     )
     select ${CATALOG_COLUMNS}, c.depth from tree c order by c.path limit ?`,
    [rootKey, size],
  );
}

/** Whether `candidateKey` is `entryKey` itself or lies below it: walks up from the candidate along its parents. */
export async function isInSubtreeOf(em: EntityManager, entryKey: number, candidateKey: number): Promise<boolean> {
  const rows = await sql(
    em,
    `with recursive up as (
       select id, parent_id from catalog_entry where id = ?
       union all
       select c.id, c.parent_id from catalog_entry c join up on c.id = up.parent_id
     )
     select 1 from up where id = ? limit 1`,
    [candidateKey, entryKey],
  );
  return rows.length > 0;
}

/** Whether the parent already holds a leaf for the repository entry. */
export async function holdsLeafFor(em: EntityManager, parentKey: number, repositoryEntryKey: number): Promise<boolean> {
  const rows = await sql(em, 'select 1 from catalog_entry where entry_id = ? and parent_id = ? and type = 1 limit 1', [repositoryEntryKey, parentKey]);
  return rows.length > 0;
}

export async function repositoryEntryExists(em: EntityManager, key: number): Promise<boolean> {
  return (await sql(em, 'select 1 from repository_entry where id = ?', [key])).length > 0;
}

/** The next position among the parent's children (the parent row is locked by the caller, so two inserts do not take the same). */
async function nextPosition(em: EntityManager, parentKey: number): Promise<number> {
  const [{ position }] = await sql<{ position: number }>(em, 'select coalesce(max(position), -1)::int + 1 as position from catalog_entry where parent_id = ?', [
    parentKey,
  ]);
  return position;
}

export interface NewCatalogEntry {
  name: string;
  description: string | null;
  type: number;
  entryKey: number | null;
  parentKey: number;
}

export async function insertCatalogEntry(em: EntityManager, entry: NewCatalogEntry): Promise<number> {
  const position = await nextPosition(em, entry.parentKey);
  const [{ id }] = await sql<{ id: number }>(
    em,
    'insert into catalog_entry (name, description, type, entry_id, parent_id, position) values (?, ?, ?, ?, ?, ?) returning id',
    [entry.name, entry.description, entry.type, entry.entryKey, entry.parentKey, position],
  );
  return id;
}

export async function updateCatalogEntry(em: EntityManager, key: number, fields: { name: string; description: string | null; type: number }): Promise<void> {
  await sql(em, 'update catalog_entry set name = ?, description = ?, type = ?, last_modified = now() where id = ?', [
    fields.name,
    fields.description,
    fields.type,
    key,
  ]);
}

/** Moves the entry (and so its subtree) to the end of the new parent's children. */
export async function moveCatalogEntry(em: EntityManager, key: number, parentKey: number): Promise<void> {
  const position = await nextPosition(em, parentKey);
  await sql(em, 'update catalog_entry set parent_id = ?, position = ?, last_modified = now() where id = ?', [parentKey, position, key]);
}

/** Deletes the entry; its subtree and every owner go with it (foreign keys on delete cascade). */
export async function deleteCatalogEntry(em: EntityManager, key: number): Promise<void> {
  await sql(em, 'delete from catalog_entry where id = ?', [key]);
}

export async function isOwner(em: EntityManager, entryKey: number, identityKey: number): Promise<boolean> {
  const rows = await sql(em, 'select 1 from catalog_entry_owner where catalog_entry_id = ? and identity_id = ?', [entryKey, identityKey]);
  return rows.length > 0;
}

/** The owners of the entry in the order they were added (`ownershipKey`). */
export function listOwners(em: EntityManager, entryKey: number, range: Range): Promise<(UserRow & { ownershipKey: number })[]> {
  return sql<UserRow & { ownershipKey: number }>(
    em,
    `select ${USER_COLUMNS}, o.id as "ownershipKey" from identity i join catalog_entry_owner o on o.identity_id = i.id
     where o.catalog_entry_id = ? and o.id > ? order by o.id limit ?`,
    [entryKey, range.after, range.size],
  );
}

export async function findOwner(em: EntityManager, entryKey: number, identityKey: number): Promise<UserRow | null> {
  const [row] = await sql<UserRow>(
    em,
    `select ${USER_COLUMNS} from identity i join catalog_entry_owner o on o.identity_id = i.id where o.catalog_entry_id = ? and o.identity_id = ?`,
    [entryKey, identityKey],
  );
  return row ?? null;
}

const OWNERS = pairTable('catalog_entry_owner', 'catalog_entry_id', 'identity_id');

/** false when the person already owned the entry. */
export const insertOwner = OWNERS.add;

export const deleteOwner = OWNERS.remove;

/** A page of the owners of each of the entries (GraphQL edge), in the order they were added. */
export const pagesOfOwners = (em: EntityManager, entryKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<UserRow>(
    em,
    (entry) => `select ${USER_COLUMNS} from catalog_entry_owner o join identity i on i.id = o.identity_id where o.catalog_entry_id = ${entry} order by o.id`,
    [],
    entryKeys,
    page,
    cap,
  );

/** Those of the entries the person owns. */
export async function ownedAmong(em: EntityManager, entryKeys: readonly number[], identityKey: number): Promise<Set<number>> {
  const rows = await sql<{ key: number }>(
    em,
    'select catalog_entry_id as key from catalog_entry_owner where identity_id = ? and catalog_entry_id = any(?::bigint[])',
    [identityKey, keyArray(entryKeys)],
  );
  return new Set(rows.map((row) => row.key));
}

/** A page of the children of each of the entries (GraphQL edge), in stored order. */
export const pagesOfChildren = (em: EntityManager, entryKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<CatalogRow>(
    em,
    (entry) => `select ${CATALOG_COLUMNS} from catalog_entry c where c.parent_id = ${entry} order by ${STORED_ORDER}`,
    [],
    entryKeys,
    page,
    cap,
  );

/** These entries, by key. */
export const findCatalogEntries = (em: EntityManager, keys: readonly number[]) =>
  sql<CatalogRow>(em, `select ${CATALOG_COLUMNS} from catalog_entry c where c.id = any(?::bigint[])`, [keyArray(keys)]);
