import type { EntityManager } from '@mikro-orm/postgresql';
import { allOf, builtOnce, keyArray, perPerson, placeholders, sql, type SqlCondition } from '../db/sql';
import { readPages, type EdgePage } from '../domain/edges';
import { withinBoundOf } from '../domain/bound';
import type { Caller } from '../domain/context';
import { readPage, type Page, type PageRequest } from '../domain/paging';
import { appliesIn } from '../domain/scope';
import { COURSE_MEMBER_ROLES, entriesThroughCurriculum } from '../curriculum/entries-through';
import { RESOURCE_ID_SEQUENCE, RESOURCE_KEY_SEQUENCE, type EntryRole, type EntryStatus, type NodeXmlExtra } from '../entities/courses';
import type { UserRow } from '../users/presenter';
import { USER_COLUMNS } from '../users/repository';
import { roleMemberships } from '../users/memberships';
import type { ElementFields, ElementRow, EntryRow } from './presenter';
import { ENTRY_MANAGERS } from '../access/roles';

/** The columns of an EntryRow from `repository_entry e`, with the root node `r` of its editor tree. */
export const ENTRY_COLUMNS = `e.id, e.softkey, e.displayname, e.resourcename, e.description, e.teaser, e.authors, e.location,
  e.external_id as "externalId", e.external_ref as "externalRef", e.managed_flags as "managedFlags", e.status,
  e.resource_type_name as "resourceTypeName", e.olat_resource_id as "olatResourceId", e.olat_resource_key as "olatResourceKey",
  e.lifecycle_valid_from as "lifecycleValidFrom", e.lifecycle_valid_to as "lifecycleValidTo", e.lifecycle_label as "lifecycleLabel",
  e.lifecycle_softkey as "lifecycleSoftkey", e.organisation_id as "organisationKey", e.public_visible as "publicVisible",
  e.editor_root_node_id as "editorRootNodeId", e.node_access_type as "nodeAccessType", e.published_at as "publishedAt", r.long_title as "title",
  e.objectives, e.requirements, e.credits, e.main_language as "mainLanguage", e.expenditure_of_work as "expenditureOfWork",
  e.guest_access as "guestAccess", e.version, e.last_modified as "lastModified"`;

const ROOT_TITLE_JOIN = 'left join course_element r on r.entry_id = e.id and r.ident = e.editor_root_node_id';
export const ENTRY_FROM = `repository_entry e ${ROOT_TITLE_JOIN}`;

/**
 * SQL: a page (`offset ? limit ?`) of the entries `e` matching `where`, in key order, each with the count of all that
 * match. The page's keys are taken first; the columns and root titles are read for its rows only.
 */
export const entryPageStatement = builtOnce(
  (where) => `select ${ENTRY_COLUMNS}, p."totalCount" from (select e.id, count(*) over () as "totalCount" from repository_entry e where ${where.join(' and ')}
     order by e.id offset ? limit ?) p join repository_entry e on e.id = p.id ${ROOT_TITLE_JOIN} order by e.id`,
);

/** SQL: how many entries `e` match all of `where` (the count of a page past the end). */
export const entryCountStatement = builtOnce((where) => `select count(*) as count from repository_entry e where ${where.join(' and ')}`);

export type EntryLocator = { key: number } | { softkey: string } | { olatResourceId: number };

/** The entry whose `column` (e.id, e.softkey or e.olat_resource_id) is the parameter. */
export const ENTRY_WHERE = (column: string) => `select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where ${column} = ?`;

export async function findEntry(em: EntityManager, locator: EntryLocator): Promise<EntryRow | null> {
  const [column, value] =
    'key' in locator ? ['e.id', locator.key] : 'softkey' in locator ? ['e.softkey', locator.softkey] : ['e.olat_resource_id', locator.olatResourceId];
  const [row] = await sql<EntryRow>(em, ENTRY_WHERE(column), [value]);
  return row ?? null;
}

const MAX_ENTRY_KEY = 2 ** 31 - 1;

/** `{k}` of /repo/entries/{k}: the entry with that key when it is a number, else (or when no entry has that key) the one with that softkey, as OpenOLAT looks it up. */
export async function findEntryByKeyOrSoftkey(em: EntityManager, entry: string): Promise<EntryRow | null> {
  const key = /^\d{1,10}$/.test(entry) ? Number(entry) : null;
  return (key !== null && key <= MAX_ENTRY_KEY ? await findEntry(em, { key }) : null) ?? findEntry(em, { softkey: entry });
}

/** The entry row locked until the transaction ends. */
export const LOCK_ENTRY = 'select 1 from repository_entry where id = ? for update';

export async function lockEntry(em: EntityManager, key: number): Promise<void> {
  await sql(em, LOCK_ENTRY, [key]);
}

/** The entries `identity_id = ?` takes part in or coaches through a group linked to them (src/courses/groups.ts), as OpenOLAT counts group members. */
export const ENTRIES_THROUGH_GROUPS = `select rg.entry_id from group_membership gm join repository_entry_group rg on rg.group_id = gm.group_id where gm.identity_id = ?`;

/**
 * The statuses in which a member sees the entry, per role, as OpenOLAT's RepositoryEntryStatusEnum
 * gives them to its membership queries: owners `preparationToClosed()`, coaches
 * `coachPublishedToClosed()`, participants `publishedAndClosed()`; in `trash` and `deleted` no member
 * sees it. Coaches and participants of a linked group count as coaches and participants of the entry.
 */
export const MEMBER_STATUSES: Record<EntryRole, readonly EntryStatus[]> = {
  owner: ['preparation', 'review', 'coachpublished', 'published', 'closed'],
  coach: ['coachpublished', 'published', 'closed'],
  participant: ['published', 'closed'],
};

const ALL_MEMBER_ROLES: readonly EntryRole[] = ['owner', 'coach', 'participant'];

/**
 * SQL condition: the person is a member of the entry `e` in one of these roles (directly, through a
 * curriculum element it is linked to, or for coach and participant through a linked group) in a status in which that role sees it
 * (MEMBER_STATUSES). One `e.id in (...)` of index reads, as the other visibility conditions.
 */
export const memberSees = perPerson(
  (roles: readonly EntryRole[] = ALL_MEMBER_ROLES) => roles.join(),
  (identityKey, roles: readonly EntryRole[] = ALL_MEMBER_ROLES): SqlCondition => {
    const byRole = (alias: string, of: readonly EntryRole[]) => ({
      text: of.map((role) => `(${alias}.role = ? and x.status in (${placeholders(MEMBER_STATUSES[role])}))`).join(' or '),
      params: of.flatMap((role) => [role, ...MEMBER_STATUSES[role]]),
    });
    const direct = byRole('m', roles);
    const throughGroups = byRole(
      'gm',
      roles.filter((role) => role !== 'owner'),
    );
    // A member of a curriculum element the course is linked to holds that role in the course (src/curriculum/entries-through.ts).
    const throughCurriculum = roles
      .filter((role) => COURSE_MEMBER_ROLES.includes(role))
      .map((role) => ({
        text: ` union select c.entry_id from (${entriesThroughCurriculum([role])}) c join repository_entry x on x.id = c.entry_id
             where x.status in (${placeholders(MEMBER_STATUSES[role])})`,
        params: [identityKey, ...MEMBER_STATUSES[role]],
      }));
    return {
      text: `e.id in (select m.entry_id from repository_entry_membership m join repository_entry x on x.id = m.entry_id where m.identity_id = ? and (${direct.text})${
        throughGroups.text
          ? ` union select rg.entry_id from group_membership gm join repository_entry_group rg on rg.group_id = gm.group_id
             join repository_entry x on x.id = rg.entry_id where gm.identity_id = ? and (${throughGroups.text})`
          : ''
      }${throughCurriculum.map((branch) => branch.text).join('')})`,
      params: [
        identityKey,
        ...direct.params,
        ...(throughGroups.text ? [identityKey, ...throughGroups.params] : []),
        ...throughCurriculum.flatMap((branch) => branch.params),
      ],
    };
  },
);

/** SQL: the organisations in which `?` is an administrator or learning resource manager, with those below them (a function: policy.ts and this module load each other). */
export const managedOrganisations = () => `select o.id from organisation_role cm join organisation co on co.id = cm.organisation_id
  join organisation o on ${appliesIn('cm', 'co', 'o')} where cm.identity_id = ? and cm.role in (${placeholders(ENTRY_MANAGERS)})`;

/** SQL condition: the entry `e` is placed in or linked to an organisation whose entries the person manages. */
export const inManagedOrganisation = perPerson(
  () => '',
  (identityKey): SqlCondition => ({
    text: `(e.organisation_id in (${managedOrganisations()}) or
      exists (select 1 from repository_entry_to_organisation l where l.entry_id = e.id and l.organisation_id in (${managedOrganisations()})))`,
    params: [identityKey, ...ENTRY_MANAGERS, identityKey, ...ENTRY_MANAGERS],
  }),
);

/**
 * SQL condition: the person sees the entry `e`: as administrator or learning resource manager of its
 * organisation or of one linked to it (in every status; only looked up when `managed`), as a member of
 * it in a status in which its role sees it (memberSees), or because it is published and public.
 */
export const visibleToIdentity = perPerson(
  (managed: boolean) => String(managed),
  (identityKey, managed: boolean): SqlCondition => {
    const organisations = inManagedOrganisation(identityKey);
    const member = memberSees(identityKey);
    return {
      text: `(${managed ? `${organisations.text} or ` : ''}${member.text} or (e.status = 'published' and e.public_visible))`,
      params: [...(managed ? organisations.params : []), ...member.params],
    };
  },
);

/** SQL condition: the caller sees the entry `e` (visibleToIdentity); a caller bound to an organisation, the entries within it only. */
export function visibleTo(caller: Caller): { text: string; params: unknown[] } {
  return allOf(
    visibleToIdentity(
      caller.key,
      caller.grants.some((grant) => ENTRY_MANAGERS.includes(grant.role)),
    ),
    withinBoundOf(caller, 'entry', 'e.id'),
  );
}

export async function isVisibleTo(em: EntityManager, caller: Caller, entryKey: number): Promise<boolean> {
  const visible = visibleTo(caller);
  return (await sql(em, `select 1 from repository_entry e where e.id = ? and ${visible.text}`, [entryKey, ...visible.params])).length > 0;
}

/** Of these entries, those the caller sees: one statement for all of them (GraphQL edges). */
export async function visibleEntryKeys(em: EntityManager, caller: Caller, entryKeys: readonly number[]): Promise<number[]> {
  const visible = visibleTo(caller);
  const rows = await sql<{ id: number }>(em, `select e.id from repository_entry e where e.id in (${placeholders(entryKeys)}) and ${visible.text}`, [
    ...entryKeys,
    ...visible.params,
  ]);
  return rows.map((row) => row.id);
}

/** These entries (those that exist), each with whether the caller sees it (`visibleTo`), in one statement (GraphQL edges). */
export function findEntriesSeenBy(em: EntityManager, caller: Caller, entryKeys: readonly number[]): Promise<(EntryRow & { seen: boolean })[]> {
  const visible = visibleTo(caller);
  return sql<EntryRow & { seen: boolean }>(em, `select ${ENTRY_COLUMNS}, ${visible.text} as seen from ${ENTRY_FROM} where e.id = any(?::bigint[])`, [
    ...visible.params,
    keyArray(entryKeys),
  ]);
}

export interface EntryFilter {
  managed?: boolean | null;
  externalId?: string | null;
  externalRef?: string | null;
  resourceTypes?: string[] | null;
  key?: number | null;
}

export async function pageOfEntries(em: EntityManager, caller: Caller, filter: EntryFilter, page: PageRequest): Promise<Page<EntryRow>> {
  const visible = visibleTo(caller);
  const where = [visible.text];
  const params: unknown[] = [...visible.params];
  if (filter.managed != null) where.push(filter.managed ? "coalesce(e.managed_flags, '') <> ''" : "coalesce(e.managed_flags, '') = ''");
  const add = (condition: string, ...values: unknown[]) => (where.push(condition), params.push(...values));
  if (filter.externalId) add('e.external_id = ?', filter.externalId);
  if (filter.externalRef) add('e.external_ref = ?', filter.externalRef);
  if (filter.key != null) add('e.id = ?', filter.key);
  if (filter.resourceTypes?.length) add(`e.resource_type_name in (${placeholders(filter.resourceTypes)})`, ...filter.resourceTypes);
  return readPage(
    () => sql<EntryRow & { totalCount: number }>(em, entryPageStatement(where), [...params, page.start, page.limit]),
    async () => Number((await sql<{ count: number }>(em, entryCountStatement(where), params))[0].count),
    page,
  );
}

export interface NewEntry {
  softkey: string;
  displayname: string;
  description: string | null;
  teaser: string | null;
  authors: string | null;
  location: string | null;
  externalId: string | null;
  externalRef: string | null;
  managedFlags: string | null;
  status: string;
  organisationKey: number;
  publicVisible: boolean;
  editorRootNodeId: string;
  nodeAccessType: string;
  lifecycleValidFrom?: Date | null;
  lifecycleValidTo?: Date | null;
  lifecycleLabel?: string | null;
  lifecycleSoftkey?: string | null;
  objectives?: string | null;
  requirements?: string | null;
  credits?: string | null;
  expenditureOfWork?: string | null;
}

/** Parameters: the NewEntry fields in the order insertEntry passes them. */
export const INSERT_ENTRY = `insert into repository_entry (softkey, displayname, description, teaser, authors, location, external_id, external_ref, managed_flags, status,
       organisation_id, public_visible, editor_root_node_id, node_access_type, lifecycle_valid_from, lifecycle_valid_to, lifecycle_label, lifecycle_softkey,
       objectives, requirements, credits, expenditure_of_work, olat_resource_id, olat_resource_key)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, nextval('${RESOURCE_ID_SEQUENCE}'), nextval('${RESOURCE_KEY_SEQUENCE}')) on conflict do nothing returning id`;

/**
 * Inserts the entry (its OLAT resource numbered from the sequences); answers its key, or null when
 * its softkey or (for a course) its externalId is taken: a concurrent insert of the same values
 * waits for the other transaction and then inserts nothing.
 */
export async function insertEntry(em: EntityManager, entry: NewEntry): Promise<number | null> {
  const [row] = await sql<{ id: number }>(em, INSERT_ENTRY, [
    entry.softkey,
    entry.displayname,
    entry.description,
    entry.teaser,
    entry.authors,
    entry.location,
    entry.externalId,
    entry.externalRef,
    entry.managedFlags,
    entry.status,
    entry.organisationKey,
    entry.publicVisible,
    entry.editorRootNodeId,
    entry.nodeAccessType,
    entry.lifecycleValidFrom ?? null,
    entry.lifecycleValidTo ?? null,
    entry.lifecycleLabel ?? null,
    entry.lifecycleSoftkey ?? null,
    entry.objectives ?? null,
    entry.requirements ?? null,
    entry.credits ?? null,
    entry.expenditureOfWork ?? null,
  ]);
  return row?.id ?? null;
}

/** The course with this externalId. */
export async function findCourseByExternalId(em: EntityManager, externalId: string): Promise<EntryRow | null> {
  const [row] = await sql<EntryRow>(em, `select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where e.external_id = ? and e.resource_type_name = 'CourseModule'`, [
    externalId,
  ]);
  return row ?? null;
}

/** Parameters of both: entry key, node ident, short title, long title. */
export const INSERT_EDITOR_ROOT = `insert into course_element (entry_id, ident, type, short_title, long_title) values (?, ?, 'st', ?, ?)`;
export const INSERT_RUN_ROOT = `insert into course_run_element (entry_id, ident, type, short_title, long_title) values (?, ?, 'st', ?, ?)`;

/** The root structure node of a new course, in its editor tree and (as OpenOLAT writes the first run structure with the course) its run tree. */
export async function insertRootNode(em: EntityManager, entryKey: number, ident: string, shortTitle: string | null, longTitle: string | null): Promise<void> {
  await sql(em, INSERT_EDITOR_ROOT, [entryKey, ident, shortTitle, longTitle]);
  await sql(em, INSERT_RUN_ROOT, [entryKey, ident, shortTitle, longTitle]);
}

/**
 * Of these entries, those the caller manages: as administrator or learning resource manager of an organisation they are
 * in or linked to, or as owner; a caller bound to an organisation, those within it only. One statement for all of them,
 * and one more for those a managing role leaves over.
 */
export async function managedEntryKeys(em: EntityManager, caller: Caller, entryKeys: readonly number[]): Promise<number[]> {
  const byRole: number[] = [];
  const within = withinBoundOf(caller, 'entry', 'e.id');
  if (caller.grants.some((grant) => ENTRY_MANAGERS.includes(grant.role))) {
    const organisations = allOf(inManagedOrganisation(caller.key), within);
    const rows = await sql<{ id: number }>(em, `select e.id from repository_entry e where e.id = any(?::bigint[]) and ${organisations.text}`, [
      keyArray(entryKeys),
      ...organisations.params,
    ]);
    byRole.push(...rows.map((row) => row.id));
  }
  const managed = new Set(byRole);
  const others = entryKeys.filter((key) => !managed.has(key));
  if (!others.length) return byRole;
  const owner = allOf(
    { text: `m.entry_id = any(?::bigint[]) and m.identity_id = ? and m.role = 'owner'`, params: [keyArray(others), caller.key] },
    withinBoundOf(caller, 'entry', 'm.entry_id'),
  );
  const owned = await sql<{ id: number }>(em, `select m.entry_id as id from repository_entry_membership m where ${owner.text}`, owner.params);
  return [...byRole, ...owned.map((row) => row.id)];
}

export async function deleteEntry(em: EntityManager, key: number): Promise<void> {
  await sql(em, 'delete from repository_entry where id = ?', [key]);
}

export async function hasRole(em: EntityManager, entryKey: number, identityKey: number, role: EntryRole): Promise<boolean> {
  return (
    (await sql(em, 'select 1 from repository_entry_membership where entry_id = ? and identity_id = ? and role = ?', [entryKey, identityKey, role])).length > 0
  );
}

/** The members of entries by role (repository_entry_membership). */
export const ENTRY_MEMBERSHIPS = roleMemberships<EntryRole>('repository_entry_membership', 'entry_id');

/** Members with the role in the order they joined (`membershipKey`). */
export const listMembers = ENTRY_MEMBERSHIPS.list;

/** The member with the role, if the identity holds it. */
export async function findMember(em: EntityManager, entryKey: number, identityKey: number, role: EntryRole): Promise<UserRow | null> {
  const [row] = await sql<UserRow>(
    em,
    `select ${USER_COLUMNS} from identity i join repository_entry_membership m on m.identity_id = i.id where m.entry_id = ? and m.identity_id = ? and m.role = ?`,
    [entryKey, identityKey, role],
  );
  return row ?? null;
}

/** false when the identity already held the role. */
export const INSERT_MEMBER = 'insert into repository_entry_membership (entry_id, identity_id, role) values (?, ?, ?) on conflict do nothing returning id';

export async function insertMember(em: EntityManager, entryKey: number, identityKey: number, role: EntryRole): Promise<boolean> {
  const inserted = await sql(em, INSERT_MEMBER, [entryKey, identityKey, role]);
  return inserted.length > 0;
}

export async function deleteMember(em: EntityManager, entryKey: number, identityKey: number, role: EntryRole): Promise<void> {
  await sql(em, 'delete from repository_entry_membership where entry_id = ? and identity_id = ? and role = ?', [entryKey, identityKey, role]);
}

/** The global author role (OpenOLAT grants it to whoever becomes a course author), kept as it is when held already. */
export async function grantAuthorRole(em: EntityManager, organisationKey: number, identityKey: number, inheritance: string): Promise<void> {
  await sql(em, `insert into organisation_role (identity_id, organisation_id, role, inheritance) values (?, ?, 'author', ?) on conflict do nothing`, [
    identityKey,
    organisationKey,
    inheritance,
  ]);
}

/** Memberships of a set of people (`?::int[]`, keyArray) in one entry (`?`) with one role (`?`): one statement whatever their number. */
export const INSERT_MEMBERS = ENTRY_MEMBERSHIPS.insertStatement;

/** Grants the role in the entry to those of these people who lack it, in one statement: answers who got it. */
export const insertMembers = ENTRY_MEMBERSHIPS.insert;

export const deleteMembers = ENTRY_MEMBERSHIPS.remove;

/** The global author role (OpenOLAT grants it to whoever becomes a course author), kept as it is where held already. */
export async function grantAuthorRoles(em: EntityManager, organisationKey: number, identityKeys: readonly number[], inheritance: string): Promise<void> {
  if (!identityKeys.length) return;
  await sql(
    em,
    `insert into organisation_role (identity_id, organisation_id, role, inheritance) select unnest(?::int[]), ?, 'author', ? on conflict do nothing`,
    [keyArray(identityKeys), organisationKey, inheritance],
  );
}

const NODE_FIELDS = `n.position, n.type, n.short_title as "shortTitle", n.long_title as "longTitle", n.description, n.objectives, n.instruction,
  n.instructional_design as "instructionalDesign", n.display_type as "displayType", n.page_file as "pageFile", n.last_modified as "lastModified",
  n.xml_extra as "xmlExtra"`;

const EDITOR_COLUMNS = `n.entry_id as "entryKey", n.ident, p.ident as "parentIdent", ${NODE_FIELDS}`;
const EDITOR_FROM = 'course_element n left join course_element p on p.id = n.parent_id';
const RUN_COLUMNS = `n.entry_id as "entryKey", n.ident, n.parent_ident as "parentIdent", ${NODE_FIELDS}`;

/**
 * The most levels a course tree holds (the root is the first): imports refuse deeper trees and no
 * element is added below the last level, so that every stored tree can be written out again.
 */
export const MAX_TREE_LEVELS = 200;

/** The level of an editor-tree element (the root's is 1), walking up its parents by key. */
export async function levelOfElement(em: EntityManager, elementKey: number): Promise<number> {
  const [row] = await sql<{ levels: number }>(
    em,
    `with recursive up (id, parent_id) as (select id, parent_id from course_element where id = ?
       union all select e.id, e.parent_id from course_element e join up on e.id = up.parent_id)
     select count(*)::int as levels from up`,
    [elementKey],
  );
  return row.levels;
}

export async function findElement(em: EntityManager, entryKey: number, ident: string): Promise<(ElementRow & { id: number }) | null> {
  const [row] = await sql<ElementRow & { id: number }>(em, `select n.id, ${EDITOR_COLUMNS} from ${EDITOR_FROM} where n.entry_id = ? and n.ident = ?`, [
    entryKey,
    ident,
  ]);
  return row ?? null;
}

/** The editor trees of these entries, every node in one statement, siblings by position. */
export function editorTrees(em: EntityManager, entryKeys: readonly number[]): Promise<ElementRow[]> {
  return sql<ElementRow>(
    em,
    `select ${EDITOR_COLUMNS} from ${EDITOR_FROM} where n.entry_id in (${placeholders(entryKeys)}) order by n.entry_id, n.position, n.id`,
    [...entryKeys],
  );
}

/** The run trees (as last published) of these entries, in one statement. */
export function runTrees(em: EntityManager, entryKeys: readonly number[]): Promise<ElementRow[]> {
  return sql<ElementRow>(
    em,
    `select ${RUN_COLUMNS} from course_run_element n where n.entry_id in (${placeholders(entryKeys)}) order by n.entry_id, n.position, n.id`,
    [...entryKeys],
  );
}

/**
 * A page of the editor tree of each of these entries, depth first (siblings by position): a node's
 * place is the path of (position, key) pairs from its root.
 */
export const pagesOfEditorTrees = (em: EntityManager, entryKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<ElementRow>(
    em,
    (entry) => `with recursive tree as (
        select n.id, array[n.position, n.id] as place from course_element n where n.entry_id = ${entry} and n.parent_id is null
        union all
        select n.id, tree.place || n.position || n.id from tree join course_element n on n.parent_id = tree.id
      )
      select ${EDITOR_COLUMNS} from ${EDITOR_FROM} join tree on tree.id = n.id order by tree.place`,
    [],
    entryKeys,
    page,
    cap,
  );

/** A page of the run tree (as last published) of each of these entries, depth first as pagesOfEditorTrees. */
export const pagesOfRunTrees = (em: EntityManager, entryKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<ElementRow>(
    em,
    (entry) => `with recursive tree as (
        select n.ident, array[n.position, n.id] as place from course_run_element n where n.entry_id = ${entry} and n.parent_ident is null
        union all
        select n.ident, tree.place || n.position || n.id from tree join course_run_element n on n.entry_id = ${entry} and n.parent_ident = tree.ident
      )
      select ${RUN_COLUMNS} from course_run_element n join tree on n.entry_id = ${entry} and n.ident = tree.ident order by tree.place`,
    [],
    entryKeys,
    page,
    cap,
  );

/** Inserts the node as child `position` of `parentId` (the siblings from there move down one place), or as the last child when position is null. */
export async function insertElement(
  em: EntityManager,
  entryKey: number,
  parentId: number,
  position: number | null,
  ident: string,
  type: string,
  fields: ElementFields,
  xmlExtra: NodeXmlExtra | null = null,
): Promise<void> {
  const [{ count }] = await sql<{ count: number }>(em, 'select count(*)::int as count from course_element where parent_id = ?', [parentId]);
  const place = position === null ? count : Math.min(position, count);
  if (place < count) {
    await sql(em, 'update course_element set position = position + 1, last_modified = now() where parent_id = ? and position >= ?', [parentId, place]);
  }
  await sql(
    em,
    `insert into course_element (entry_id, ident, parent_id, position, type, short_title, long_title, description, objectives, instruction,
       instructional_design, display_type, page_file, xml_extra) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
    [
      entryKey,
      ident,
      parentId,
      place,
      type,
      fields.shortTitle,
      fields.longTitle,
      fields.description,
      fields.objectives,
      fields.instruction,
      fields.instructionalDesign,
      fields.displayType,
      fields.pageFile,
      xmlExtra && JSON.stringify(xmlExtra),
    ],
  );
}

/** Sets the fields given (the others stay); `xmlExtra` replaces the node's kept XML. */
export async function updateElement(em: EntityManager, id: number, fields: Partial<ElementFields>, xmlExtra?: NodeXmlExtra | null): Promise<void> {
  const columns: Record<keyof ElementFields, string> = {
    shortTitle: 'short_title',
    longTitle: 'long_title',
    description: 'description',
    objectives: 'objectives',
    instruction: 'instruction',
    instructionalDesign: 'instructional_design',
    displayType: 'display_type',
    pageFile: 'page_file',
  };
  const set = (Object.keys(columns) as (keyof ElementFields)[]).filter((name) => fields[name] !== undefined);
  const extra = xmlExtra === undefined ? [] : [JSON.stringify(xmlExtra)];
  await sql(
    em,
    `update course_element set ${set.map((name) => `${columns[name]} = ?, `).join('')}${extra.length ? 'xml_extra = ?::jsonb, ' : ''}last_modified = now() where id = ?`,
    [...set.map((name) => fields[name]), ...extra, id],
  );
}

/** Publishing: the run tree becomes a copy of the editor tree. */
export async function publishTree(em: EntityManager, entryKey: number, status: string | null): Promise<void> {
  await sql(em, 'delete from course_run_element where entry_id = ?', [entryKey]);
  await sql(
    em,
    `insert into course_run_element (entry_id, ident, parent_ident, position, type, short_title, long_title, description, objectives, instruction,
       instructional_design, display_type, page_file, xml_extra)
     select n.entry_id, n.ident, p.ident, n.position, n.type, n.short_title, n.long_title, n.description, n.objectives, n.instruction,
       n.instructional_design, n.display_type, n.page_file, n.xml_extra from ${EDITOR_FROM} where n.entry_id = ?`,
    [entryKey],
  );
  await sql(em, 'update repository_entry set published_at = now(), status = coalesce(?, status), last_modified = now() where id = ?', [status, entryKey]);
}
