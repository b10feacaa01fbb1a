import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../audit/audit-log';
import { requireCaller, type RequestContext } from '../domain/context';
import { DomainError, notFound, validationFailed } from '../domain/errors';
import { answerList, inRanges, takeRows } from '../domain/lists';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import { inKeyOrder, loader } from '../domain/loaders';
import { pageWithinBudget, type Page, type PageRequest } from '../domain/paging';
import { mandatory, tooLongValues } from '../domain/validation';
import { sql, placeholders } from '../db/sql';
import { CatalogType } from '../entities/catalog';
import { ENTRY_COLUMNS, ENTRY_FROM, visibleTo } from '../courses/repository';
import { toRepositoryEntryVO, type EntryRow } from '../courses/presenter';
import type { CatalogEntryVO, CatalogEntryVOInput } from '../schema/catalog';
import type { RepositoryEntryVO } from '../schema/courses';
import type { UserVO } from '../schema/users';
import { toUserVO, type UserRow } from '../users/presenter';
import { requireIdentity } from '../users/repository';
import { isCatalogManager, requireManagerOrOwner } from './policy';
import { toCatalogEntryVO, type CatalogRow } from './presenter';
import * as catalog from './repository';

const KEY = /^\d{1,15}$/;

/**
 * `{path}` of /catalog/{path}: the key of the entry is its last segment, the segments before it
 * (the chain of ancestors a client may send) are not looked at, as in OpenOLAT. A last segment
 * that is not a number is 406 (catalog-v1.md §1).
 */
export function entryKeyOf(path: string): number {
  const segments = path.split('/').filter(Boolean);
  const last = segments[segments.length - 1];
  if (!last || !KEY.test(last)) throw new DomainError('NOT_ACCEPTABLE', 'the last segment of a catalog path is the key of an entry');
  return Number(last);
}

async function requireEntry(ctx: RequestContext, key: number, lock = false): Promise<CatalogRow> {
  const row = await catalog.findCatalogEntry(ctx.em, key, lock);
  if (!row) throw notFound('catalog entry');
  return row;
}

/** GET /catalog: the roots (normally the one root), without links. */
export async function listRoots(ctx: RequestContext, page: PageRequest): Promise<Page<CatalogEntryVO>> {
  const roots = await catalog.listRoots(ctx.em);
  const end = page.limit === null ? undefined : page.start + page.limit;
  return { totalCount: roots.length, items: roots.slice(page.start, end).map((row) => toCatalogEntryVO(row)) };
}

export async function getEntry(ctx: RequestContext, path: string): Promise<CatalogEntryVO> {
  return toCatalogEntryVO(await requireEntry(ctx, entryKeyOf(path)), true);
}

/**
 * GET /catalog/{path}/children: a page ordered by name (paged REST answers, GraphQL with a limit),
 * or every child in stored order (no limit).
 */
export async function listChildren(ctx: RequestContext, path: string, page: PageRequest): Promise<Page<CatalogEntryVO>> {
  const key = entryKeyOf(path);
  await requireEntry(ctx, key);
  const { totalCount, items } = await pageWithinBudget(ctx, page, (within) => catalog.pageOfChildren(ctx.em, key, within, page.limit !== null));
  return { totalCount, items: items.map((row) => toCatalogEntryVO(row)) };
}

const text = (value: string | null | undefined) => (value?.trim() ? value : null);

function validateName(name: string | null | undefined) {
  const errors = [...(name?.trim() ? [] : [mandatory('name')]), ...tooLongValues({ name: name?.trim() }, 110)];
  if (errors.length) throw validationFailed(errors);
}

/**
 * PUT /catalog/{path}: a new entry under the addressed one. Without a type it is a leaf when it
 * links a repository entry, else a node; an explicit type is stored as sent (catalog-v1.md §3.1).
 * No one becomes its owner.
 */
export async function createEntry(ctx: RequestContext, path: string, input: CatalogEntryVOInput): Promise<CatalogEntryVO> {
  const parentKey = entryKeyOf(path);
  return inTransaction(ctx, async (em) => {
    const tx = { ...ctx, em };
    await requireEntry(tx, parentKey, true);
    const entryKey = input.repositoryEntryKey ?? input.repoEntryKey ?? null;
    if (entryKey !== null && !(await catalog.repositoryEntryExists(em, entryKey))) throw notFound('repository entry');
    validateName(input.name);
    const key = await catalog.insertCatalogEntry(em, {
      name: input.name!.trim(),
      description: input.description ?? null,
      type: input.type ?? (entryKey !== null ? CatalogType.leaf : CatalogType.node),
      entryKey,
      parentKey,
    });
    return toCatalogEntryVO((await catalog.findCatalogEntry(em, key))!, true);
  });
}

/** Moves are serialised (OpenOLAT's catalog lock), so two crossing moves cannot make a cycle. */
const MOVE_LOCK = 0x0ca7a106;

/**
 * POST /catalog/{path}: name and description change when given and not blank, type when given;
 * `newParentKey` moves the entry with its subtree to the end of that entry's children. A move
 * OpenOLAT skips silently is refused here: under a leaf, under the entry itself or its subtree, or
 * under a node that already holds a leaf of the same repository entry (409).
 */
export async function updateEntry(ctx: RequestContext, path: string, input: CatalogEntryVOInput, newParentKey?: number | null): Promise<CatalogEntryVO> {
  const key = entryKeyOf(path);
  const target = newParentKey ?? input.newParentKey ?? null;
  return inTransaction(ctx, async (em) => {
    const tx = { ...ctx, em };
    if (target !== null) await sql(em, 'select pg_advisory_xact_lock(?)', [MOVE_LOCK]);
    const entry = await requireEntry(tx, key, true);
    if (input.name != null && input.name.trim()) validateName(input.name);
    const name = text(input.name)?.trim() ?? entry.name;
    await catalog.updateCatalogEntry(em, key, { name, description: text(input.description) ?? entry.description, type: input.type ?? entry.type });
    if (target !== null && target !== entry.parentKey) {
      const parent = await catalog.findCatalogEntry(em, target);
      if (!parent) throw notFound('new parent catalog entry');
      if (parent.type === CatalogType.leaf) throw new DomainError('CONFLICT', 'an entry cannot be moved under a leaf');
      if (await catalog.isInSubtreeOf(em, key, target)) throw new DomainError('CONFLICT', 'an entry cannot be moved under itself or its own subtree');
      if (entry.entryKey !== null && entry.type === CatalogType.leaf && (await catalog.holdsLeafFor(em, target, entry.entryKey)))
        throw new DomainError('CONFLICT', 'the new parent already holds a leaf of this repository entry');
      await catalog.moveCatalogEntry(em, key, target);
    }
    return toCatalogEntryVO((await catalog.findCatalogEntry(em, key))!, true);
  });
}

/** DELETE /catalog/{path}: the entry with its whole subtree and their owners. A root stays: the catalog keeps its root (409). */
export async function deleteEntry(ctx: RequestContext, path: string): Promise<boolean> {
  const key = entryKeyOf(path);
  return inTransaction(ctx, async (em) => {
    const tx = { ...ctx, em };
    const entry = await requireEntry(tx, key, true);
    await requireManagerOrOwner(tx, key);
    if (entry.parentKey === null) throw new DomainError('CONFLICT', 'the catalog root cannot be deleted');
    await catalog.deleteCatalogEntry(em, key);
    return true;
  });
}

/** GET /catalog/{path}/owners: in the order they were added. */
export async function listOwners(ctx: RequestContext, path: string): Promise<UserVO[]> {
  const key = entryKeyOf(path);
  await requireEntry(ctx, key);
  await requireManagerOrOwner(ctx, key);
  const rows = inRanges(
    ctx,
    (range) => catalog.listOwners(ctx.em, key, range),
    (row) => row.ownershipKey,
  );
  return answerList(ctx, rows, (row) => toUserVO(row, false));
}

/** GET /catalog/{path}/owners/{identityKey}: 404 when the person does not own the entry. */
export async function getOwner(ctx: RequestContext, path: string, identityKey: number): Promise<UserVO> {
  const key = entryKeyOf(path);
  await requireEntry(ctx, key);
  await requireManagerOrOwner(ctx, key);
  const row = await catalog.findOwner(ctx.em, key, identityKey);
  if (!row) throw notFound('owner of the catalog entry');
  return toUserVO(row, false);
}

/** `change` of the owners of the entry at `path`, by one of its managers or owners, in a transaction. */
async function changeOwners(ctx: RequestContext, path: string, change: (em: EntityManager, key: number) => Promise<unknown>): Promise<boolean> {
  const key = entryKeyOf(path);
  return inTransaction(ctx, async (em) => {
    const tx = { ...ctx, em };
    await requireEntry(tx, key);
    await requireManagerOrOwner(tx, key);
    await change(em, key);
    return true;
  });
}

/** PUT /catalog/{path}/owners/{identityKey}: 200 also when the person owned it already (one membership). */
export async function addOwner(ctx: RequestContext, path: string, identityKey: number): Promise<boolean> {
  return changeOwners(ctx, path, async (em, key) => {
    await requireIdentity(em, identityKey);
    await catalog.insertOwner(em, key, identityKey);
  });
}

/** DELETE /catalog/{path}/owners/{identityKey}: 200 also when the person was no owner or does not exist (OpenOLAT's removeOwner). */
export async function removeOwner(ctx: RequestContext, path: string, identityKey: number): Promise<boolean> {
  return changeOwners(ctx, path, (em, key) => catalog.deleteOwner(em, key, identityKey));
}

/** The addressed entry and everything below it, parents before children (GraphQL): one statement whatever the size. */
export async function subtree(ctx: RequestContext, path: string): Promise<CatalogEntryVO[]> {
  const key = entryKeyOf(path);
  const rows = await takeRows(ctx, (size) => catalog.subtree(ctx.em, key, size));
  if (!rows.length) throw notFound('catalog entry');
  return rows.map((row) => toCatalogEntryVO(row));
}

/** The repository entry a leaf links, when the caller sees it: one statement for every leaf of the answer. */
export function linkedEntry(ctx: RequestContext, entryKey: number | null): Promise<RepositoryEntryVO | null> {
  if (entryKey === null) return Promise.resolve(null);
  return loader<number, RepositoryEntryVO | null>(ctx, 'catalog.linkedEntry', async (keys) => {
    const visible = visibleTo(requireCaller(ctx));
    const rows = await sql<EntryRow>(ctx.em, `select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where e.id in (${placeholders(keys)}) and ${visible.text}`, [
      ...keys,
      ...visible.params,
    ]);
    return inKeyOrder(keys, rows, toRepositoryEntryVO);
  }).load(entryKey);
}

/** A page of the owners of an entry (GraphQL edge): empty unless the caller is a catalog manager or owns the entry; two statements for every entry of the answer. */
export function ownersOf(ctx: RequestContext, catalogEntryKey: number, page: EdgePage): Promise<UserVO[]> {
  const edge: Edge<UserRow, UserVO> = {
    readable: async (keys) => (isCatalogManager(ctx) ? new Set(keys) : catalog.ownedAmong(ctx.em, keys, requireCaller(ctx).key)),
    emptyWhenUnreadable: true,
    read: (keys, page, cap) => catalog.pagesOfOwners(ctx.em, keys, page, cap),
    present: (row) => toUserVO(row, false),
  };
  return pageOf(ctx, 'catalog.owners', edge, page, catalogEntryKey);
}

/** A page of the children of an entry (GraphQL edge; everyone reads the whole catalog), in stored order, for every entry of the answer at once. */
export function childrenOf(ctx: RequestContext, catalogEntryKey: number, page: EdgePage): Promise<CatalogEntryVO[]> {
  const edge: Edge<CatalogRow, CatalogEntryVO> = {
    read: (keys, page, cap) => catalog.pagesOfChildren(ctx.em, keys, page, cap),
    present: (row) => toCatalogEntryVO(row),
  };
  return pageOf(ctx, 'catalog.children', edge, page, catalogEntryKey);
}

/** The parent of an entry (GraphQL edge), for every entry of the answer in one statement. */
export function parentOf(ctx: RequestContext, parentKey: number | null): Promise<CatalogEntryVO | null> {
  if (parentKey === null) return Promise.resolve(null);
  return loader<number, CatalogEntryVO | null>(ctx, 'catalog.parent', async (keys) =>
    inKeyOrder(keys, await catalog.findCatalogEntries(ctx.em, keys), toCatalogEntryVO),
  ).load(parentKey);
}
