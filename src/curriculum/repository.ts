import type { EntityManager } from '@mikro-orm/postgresql';
import { allOf, keyArray, placeholders, sql } from '../db/sql';
import { pairTable } from '../db/pairs';
import { readPages, type EdgePage } from '../domain/edges';
import { notFound } from '../domain/errors';
import type { Range } from '../domain/lists';
import type { Caller } from '../domain/context';
import { withinBoundOf } from '../domain/bound';
import { organisationsWithRole } from '../domain/scope';
import { CurriculumElementType } from '../entities/curriculum';
import type { UserRow } from '../users/presenter';
import { USER_COLUMNS } from '../users/repository';
import { roleMemberships } from '../users/memberships';
import type { EntryRow } from '../courses/presenter';
import { ENTRY_COLUMNS, ENTRY_FROM } from '../courses/repository';
import type { CurriculumRow, ElementFields, ElementRow, MemberRow } from './presenter';

/** The columns of a CurriculumRow from `curriculum c`. */
export const CURRICULUM_COLUMNS =
  'c.id, c.identifier, c.display_name as "displayName", c.description, c.status, c.degree, c.external_id as "externalId", ' +
  'c.managed_flags as "managedFlags", c.organisation_id as "organisationKey"';

/** The columns of an ElementRow from `curriculum_element x`. */
export const ELEMENT_COLUMNS =
  'x.id, x.identifier, x.display_name as "displayName", x.description, x.status, x.begin_date as "beginDate", x.end_date as "endDate", ' +
  'x.external_id as "externalId", x.managed_flags as "managedFlags", x.calendars, x.parent_id as "parentKey", x.curriculum_id as "curriculumKey", ' +
  'x.type_id as "typeKey", x.path, x.position';

/** Roles on a curriculum that make its holder a curriculum manager of it (catalogue 2.6). */
export const CURRICULUM_LEVEL_MANAGERS = ['curriculumowner', 'curriculummanager', 'owner'];

export async function findCurriculumRow(em: EntityManager, key: number): Promise<CurriculumRow | null> {
  const [row] = await sql<CurriculumRow>(em, `select ${CURRICULUM_COLUMNS} from curriculum c where c.id = ?`, [key]);
  return row ?? null;
}

export async function requireCurriculumRow(em: EntityManager, key: number): Promise<CurriculumRow> {
  const row = await findCurriculumRow(em, key);
  if (!row) throw notFound('curriculum');
  return row;
}

export async function findCurriculumByExternalId(em: EntityManager, externalId: string): Promise<CurriculumRow | null> {
  const [row] = await sql<CurriculumRow>(em, `select ${CURRICULUM_COLUMNS} from curriculum c where c.external_id = ?`, [externalId]);
  return row ?? null;
}

/**
 * SQL condition: the caller manages the curriculum `c` (a manager role in its organisation, or a curriculum-level role);
 * a caller bound to an organisation, the curricula within it only.
 */
function managedByCaller(caller: Caller, roles: readonly string[]): { text: string; params: unknown[] } {
  const organisations = organisationsWithRole(caller, roles);
  const managed = {
    text: `(c.organisation_id in (${organisations.text})
      or c.id in (select r.curriculum_id from curriculum_role r where r.identity_id = ? and r.role in (${placeholders(CURRICULUM_LEVEL_MANAGERS)})))`,
    params: [...organisations.params, caller.key, ...CURRICULUM_LEVEL_MANAGERS],
  };
  return allOf(managed, withinBoundOf(caller, 'curriculum', 'c.id'));
}

/** Whether the person holds a curriculum-level manager role on some curriculum. */
export async function holdsCurriculumRole(em: EntityManager, identityKey: number): Promise<boolean> {
  const rows = await sql(em, `select 1 from curriculum_role r where r.identity_id = ? and r.role in (${placeholders(CURRICULUM_LEVEL_MANAGERS)}) limit 1`, [
    identityKey,
    ...CURRICULUM_LEVEL_MANAGERS,
  ]);
  return rows.length > 0;
}

/** Of these curricula, those the caller manages: one statement (GraphQL edges). */
export async function managedAmong(em: EntityManager, caller: Caller, roles: readonly string[], curriculumKeys: readonly number[]): Promise<Set<number>> {
  const managed = managedByCaller(caller, roles);
  const rows = await sql<{ id: number }>(em, `select c.id from curriculum c where c.id = any(?::bigint[]) and ${managed.text}`, [
    keyArray(curriculumKeys),
    ...managed.params,
  ]);
  return new Set(rows.map((row) => row.id));
}

export async function listCurricula(em: EntityManager, caller: Caller, roles: readonly string[], range: Range): Promise<CurriculumRow[]> {
  const managed = managedByCaller(caller, roles);
  return sql<CurriculumRow>(em, `select ${CURRICULUM_COLUMNS} from curriculum c where c.id > ? and ${managed.text} order by c.id limit ?`, [
    range.after,
    ...managed.params,
    range.size,
  ]);
}

/** A curriculum to insert: in an organisation always. */
export interface NewCurriculum extends Omit<CurriculumRow, 'id' | 'organisationKey'> {
  organisationKey: number;
}

/** The key of the new curriculum; null when another has its externalId (concurrent creates give one curriculum). */
export async function insertCurriculum(em: EntityManager, c: NewCurriculum): Promise<number | null> {
  const rows = await sql<{ id: number }>(
    em,
    `insert into curriculum (identifier, display_name, description, status, degree, external_id, managed_flags, organisation_id)
     values (?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
    [c.identifier, c.displayName, c.description, c.status, c.degree, c.externalId, c.managedFlags, c.organisationKey],
  );
  return rows[0]?.id ?? null;
}

export async function updateCurriculum(em: EntityManager, key: number, c: NewCurriculum): Promise<void> {
  await sql(
    em,
    `update curriculum set identifier = ?, display_name = ?, description = ?, status = ?, degree = ?, external_id = ?, managed_flags = ?,
     organisation_id = ?, last_modified = now() where id = ?`,
    [c.identifier, c.displayName, c.description, c.status, c.degree, c.externalId, c.managedFlags, c.organisationKey, key],
  );
}

export async function deleteCurriculum(em: EntityManager, key: number): Promise<void> {
  await sql(em, 'delete from curriculum where id = ?', [key]);
}

/** Holders of a curriculum-level role. */
export async function listCurriculumRoleHolders(em: EntityManager, curriculumKey: number, role: string, range: Range): Promise<UserRow[]> {
  return sql<UserRow>(
    em,
    `select ${USER_COLUMNS} from identity i where i.id > ? and i.id in (select r.identity_id from curriculum_role r where r.curriculum_id = ? and r.role = ?)
     order by i.id limit ?`,
    [range.after, curriculumKey, role, range.size],
  );
}

export async function insertCurriculumRole(em: EntityManager, curriculumKey: number, identityKey: number, role: string): Promise<boolean> {
  const rows = await sql(em, 'insert into curriculum_role (curriculum_id, identity_id, role) values (?, ?, ?) on conflict do nothing returning id', [
    curriculumKey,
    identityKey,
    role,
  ]);
  return rows.length > 0;
}

export async function deleteCurriculumRole(em: EntityManager, curriculumKey: number, identityKey: number, role: string): Promise<boolean> {
  const rows = await sql(em, 'delete from curriculum_role where curriculum_id = ? and identity_id = ? and role = ? returning id', [
    curriculumKey,
    identityKey,
    role,
  ]);
  return rows.length > 0;
}

// Elements

/** These curricula (those that exist), in one statement (GraphQL edges). */
export const findCurriculumRows = (em: EntityManager, keys: readonly number[]) =>
  sql<CurriculumRow>(em, `select ${CURRICULUM_COLUMNS} from curriculum c where c.id = any(?::bigint[])`, [keyArray(keys)]);

/** These elements (those that exist), in one statement (GraphQL edges). */
export const findElementRows = (em: EntityManager, keys: readonly number[]) =>
  sql<ElementRow>(em, `select ${ELEMENT_COLUMNS} from curriculum_element x where x.id = any(?::bigint[])`, [keyArray(keys)]);

export async function findElementRow(em: EntityManager, key: number): Promise<ElementRow | null> {
  const [row] = await sql<ElementRow>(em, `select ${ELEMENT_COLUMNS} from curriculum_element x where x.id = ?`, [key]);
  return row ?? null;
}

export async function findElementByExternalId(em: EntityManager, externalId: string): Promise<ElementRow | null> {
  const [row] = await sql<ElementRow>(em, `select ${ELEMENT_COLUMNS} from curriculum_element x where x.external_id = ?`, [externalId]);
  return row ?? null;
}

/** The elements of a curriculum that are not deleted, in key order. */
export async function listElements(em: EntityManager, curriculumKey: number, range: Range): Promise<ElementRow[]> {
  return sql<ElementRow>(
    em,
    `select ${ELEMENT_COLUMNS} from curriculum_element x where x.curriculum_id = ? and x.id > ? and x.status <> 'deleted' order by x.id limit ?`,
    [curriculumKey, range.after, range.size],
  );
}

/** A page of the elements that are not deleted of each of these curricula, in key order. */
export const pagesOfElements = (em: EntityManager, curriculumKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<ElementRow>(
    em,
    (curriculum) => `select ${ELEMENT_COLUMNS} from curriculum_element x where x.curriculum_id = ${curriculum} and x.status <> 'deleted' order by x.id`,
    [],
    curriculumKeys,
    page,
    cap,
  );

/** The direct children that are not deleted of element `element`, in their order. */
const childrenOf = (element: string) =>
  `select ${ELEMENT_COLUMNS} from curriculum_element x where x.parent_id = ${element} and x.status <> 'deleted' order by x.position, x.id`;

/** GET …/elements/{key}/elements: every direct child, those marked deleted too (OpenOLAT's CurriculumElementDAO.getChildren), in their order. */
export const listChildrenOf = (em: EntityManager, elementKey: number) =>
  sql<ElementRow>(em, `select ${ELEMENT_COLUMNS} from curriculum_element x where x.parent_id = ? order by x.position, x.id`, [elementKey]);

/** A page of the children of each of these elements. */
export const pagesOfChildren = (em: EntityManager, elementKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<ElementRow>(em, childrenOf, [], elementKeys, page, cap);

export interface ElementSearch {
  externalId?: string | null;
  identifier?: string | null;
  key?: number | null;
}

/** GET /curriculum/elements: exact matches across the curricula the caller manages; without a filter every element that is not deleted. */
export async function searchElements(em: EntityManager, caller: Caller, roles: readonly string[], search: ElementSearch, range: Range): Promise<ElementRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    where.push(condition);
    params.push(value);
  };
  if (search.externalId?.trim()) add('x.external_id = ?', search.externalId);
  if (search.identifier?.trim()) add('x.identifier = ?', search.identifier);
  if (search.key != null) add('x.id = ?', search.key);
  if (!where.length) where.push(`x.status <> 'deleted'`);
  const managed = managedByCaller(caller, roles);
  return sql<ElementRow>(
    em,
    `select ${ELEMENT_COLUMNS} from curriculum_element x join curriculum c on c.id = x.curriculum_id
     where x.id > ? and ${where.join(' and ')} and ${managed.text} order by x.id limit ?`,
    [range.after, ...params, ...managed.params, range.size],
  );
}

/** The position after the last sibling below `parentKey` (or among the root elements of the curriculum). */
export async function nextPosition(em: EntityManager, curriculumKey: number, parentKey: number | null): Promise<number> {
  const [row] =
    parentKey == null
      ? await sql<{ next: number }>(
          em,
          'select coalesce(max(position), -1) + 1 as next from curriculum_element where curriculum_id = ? and parent_id is null',
          [curriculumKey],
        )
      : await sql<{ next: number }>(em, 'select coalesce(max(position), -1) + 1 as next from curriculum_element where parent_id = ?', [parentKey]);
  return Number(row.next);
}

/** The key of the new element (its path set); null when another element has its externalId. */
export async function insertElement(
  em: EntityManager,
  curriculumKey: number,
  parent: { id: number; path: string } | null,
  position: number,
  f: ElementFields,
): Promise<number | null> {
  const rows = await sql<{ id: number }>(
    em,
    `insert into curriculum_element (identifier, display_name, description, status, begin_date, end_date, external_id, managed_flags, calendars,
       type_id, curriculum_id, parent_id, position)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id`,
    [
      f.identifier,
      f.displayName,
      f.description,
      f.status,
      f.beginDate,
      f.endDate,
      f.externalId,
      f.managedFlags,
      f.calendars,
      f.typeKey,
      curriculumKey,
      parent?.id ?? null,
      position,
    ],
  );
  const key = rows[0]?.id;
  if (key == null) return null;
  await sql(em, 'update curriculum_element set path = ? where id = ?', [`${parent?.path ?? '/'}${key}/`, key]);
  return key;
}

export async function updateElement(em: EntityManager, key: number, f: ElementFields): Promise<void> {
  await sql(
    em,
    `update curriculum_element set identifier = ?, display_name = ?, description = ?, status = ?, begin_date = ?, end_date = ?, external_id = ?,
     managed_flags = ?, calendars = ?, type_id = ?, last_modified = now() where id = ?`,
    [f.identifier, f.displayName, f.description, f.status, f.beginDate, f.endDate, f.externalId, f.managedFlags, f.calendars, f.typeKey, key],
  );
}

/** Moves the element below a new parent: re-roots the materialised paths of its subtree in one statement. */
export async function moveElement(em: EntityManager, key: number, oldPath: string, parent: { id: number; path: string }, position: number): Promise<void> {
  const newPath = `${parent.path}${key}/`;
  await sql(em, `update curriculum_element set path = ?::text || substr(path, ?::int), last_modified = now() where path like ?::text || '%'`, [
    newPath,
    oldPath.length + 1,
    oldPath,
  ]);
  await sql(em, 'update curriculum_element set parent_id = ?, position = ? where id = ?', [parent.id, position, key]);
}

/** Tree changes of one curriculum run one at a time, so no move can race another into a cycle. */
export async function lockCurriculum(em: EntityManager, curriculumKey: number): Promise<void> {
  await sql(em, `select pg_advisory_xact_lock(hashtext('curriculum'), ?::int)`, [curriculumKey]);
}

export async function setPosition(em: EntityManager, parentKey: number, childKey: number, position: number): Promise<void> {
  await sql(em, 'update curriculum_element set position = ?, last_modified = now() where id = ? and parent_id = ?', [position, childKey, parentKey]);
}

// Linked courses

/** The entries linked to the element, in key order. */
export async function listEntries(em: EntityManager, elementKey: number, range: Range): Promise<EntryRow[]> {
  return sql<EntryRow>(
    em,
    `select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where e.id > ? and e.id in (select ce.entry_id from curriculum_element_entry ce where ce.element_id = ?)
     order by e.id limit ?`,
    [range.after, elementKey, range.size],
  );
}

/** A page of the entries linked to each of these elements, by entry key. */
export const pagesOfEntries = (em: EntityManager, elementKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<EntryRow>(
    em,
    (element) =>
      `select ${ENTRY_COLUMNS} from curriculum_element_entry ce join ${ENTRY_FROM} on e.id = ce.entry_id where ce.element_id = ${element} order by ce.entry_id`,
    [],
    elementKeys,
    page,
    cap,
  );

const ENTRIES = pairTable('curriculum_element_entry', 'element_id', 'entry_id');

export const isLinked = ENTRIES.has;

export const link = ENTRIES.add;

export const unlink = ENTRIES.remove;

/** The elements an entry is linked to, in key order. */
export async function listElementsOfEntry(em: EntityManager, entryKey: number, range: Range): Promise<ElementRow[]> {
  return sql<ElementRow>(
    em,
    `select ${ELEMENT_COLUMNS} from curriculum_element x where x.id > ? and x.id in (select ce.element_id from curriculum_element_entry ce where ce.entry_id = ?)
     order by x.id limit ?`,
    [range.after, entryKey, range.size],
  );
}

// Members

/** Ancestors and the element itself: the keys of its materialised path. */
const ANCESTORS_OR_SELF = `string_to_array(trim(both '/' from x.path), '/')::int[]`;

/** A MemberRow from membership `m` as it applies on element `x`: an ancestor's is reported with inheritanceMode `inherited`. */
const MEMBER_COLUMNS = `m.identity_id as "identityKey", m.role, case when m.element_id = x.id then m.inheritance else 'inherited' end as inheritance`;
/** The memberships `m` (of `x` or an ancestor) that apply on element `x`: its own, and those of an ancestor that are inherited. */
const APPLIES_ON_X = `(m.element_id = x.id or m.inheritance in ('root', 'inherited'))`;

/**
 * The memberships that apply on the element: its own, and those of an ancestor that are inherited
 * (reported with inheritanceMode `inherited`).
 */
export async function listMemberRows(em: EntityManager, elementKey: number, range: Range): Promise<(MemberRow & { id: number })[]> {
  return sql<MemberRow & { id: number }>(
    em,
    `select m.id, ${MEMBER_COLUMNS} from curriculum_element x join curriculum_element_membership m on m.element_id = any(${ANCESTORS_OR_SELF})
     where x.id = ? and ${APPLIES_ON_X} and m.id > ? order by m.id limit ?`,
    [elementKey, range.after, range.size],
  );
}

/** A page of listMemberRows of each of these elements (GraphQL CurriculumElementVO.members). */
export const pagesOfMemberRows = (em: EntityManager, elementKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<MemberRow>(
    em,
    (element) => `select ${MEMBER_COLUMNS} from curriculum_element x join curriculum_element_membership m on m.element_id = any(${ANCESTORS_OR_SELF})
      where x.id = ${element} and ${APPLIES_ON_X} order by m.id`,
    [],
    elementKeys,
    page,
    cap,
  );

/** People holding the role on the element, by their own membership or an inherited one of an ancestor. */
export async function listMembersWithRole(em: EntityManager, elementKey: number, role: string, range: Range): Promise<UserRow[]> {
  return sql<UserRow>(
    em,
    `select ${USER_COLUMNS} from identity i where i.id > ? and i.id in (
       select m.identity_id from curriculum_element x join curriculum_element_membership m on m.element_id = any(${ANCESTORS_OR_SELF})
       where x.id = ? and m.role = ? and (m.element_id = x.id or m.inheritance in ('root', 'inherited')))
     order by i.id limit ?`,
    [range.after, elementKey, role, range.size],
  );
}

/** Grants the role (or changes the inheritance of the membership). */
export const UPSERT_MEMBERSHIP = `insert into curriculum_element_membership (element_id, identity_id, role, inheritance) values (?, ?, ?, ?)
     on conflict (element_id, identity_id, role) do update set inheritance = excluded.inheritance, last_modified = now()`;

export async function upsertMembership(em: EntityManager, elementKey: number, identityKey: number, role: string, inheritance: string): Promise<void> {
  await sql(em, UPSERT_MEMBERSHIP, [elementKey, identityKey, role, inheritance]);
}

/** upsertMembership for a set of people, in one statement. */
export async function upsertMembershipsOf(
  em: EntityManager,
  elementKey: number,
  identityKeys: readonly number[],
  role: string,
  inheritance: string,
): Promise<void> {
  if (!identityKeys.length) return;
  await sql(
    em,
    `insert into curriculum_element_membership (element_id, identity_id, role, inheritance) select ?, unnest(?::int[]), ?, ?
     on conflict (element_id, identity_id, role) do update set inheritance = excluded.inheritance, last_modified = now()`,
    [elementKey, keyArray([...new Set(identityKeys)]), role, inheritance],
  );
}

/** A role's memberships of a set of people in the element, in one statement. */
export const deleteMembershipsOf = roleMemberships<string>('curriculum_element_membership', 'element_id').remove;

export async function deleteMemberships(em: EntityManager, elementKey: number, identityKey: number, role: string | null): Promise<boolean> {
  const rows =
    role == null
      ? await sql(em, 'delete from curriculum_element_membership where element_id = ? and identity_id = ? returning id', [elementKey, identityKey])
      : await sql(em, 'delete from curriculum_element_membership where element_id = ? and identity_id = ? and role = ? returning id', [
          elementKey,
          identityKey,
          role,
        ]);
  return rows.length > 0;
}

// Types

export async function findType(em: EntityManager, key: number): Promise<CurriculumElementType> {
  const type = await em.findOne(CurriculumElementType, { id: key });
  if (!type) throw notFound('curriculum element type');
  return type;
}

const SUB_TYPES = pairTable('curriculum_element_type_sub_type', 'type_id', 'sub_type_id');

export const allowSubType = SUB_TYPES.add;

export const disallowSubType = SUB_TYPES.remove;
