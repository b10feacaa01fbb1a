import { COURSE_MEMBER_ROLES, entriesThroughCurriculum } from '../curriculum/entries-through';
import type { EntityManager } from '@mikro-orm/postgresql';
import { placeholders, sql } from '../db/sql';
import type { Caller } from '../domain/context';
import type { Range } from '../domain/lists';
import { withinBoundOf } from '../domain/bound';
import { appliesIn } from '../domain/scope';
import type { OrganisationRole } from '../domain/roles';
import type { OrganisationRow } from '../organisations/presenter';
import type { EntryRow } from './presenter';
import { ENTRIES_THROUGH_GROUPS, ENTRY_COLUMNS, ENTRY_FROM, managedOrganisations, memberSees, visibleTo } from './repository';
import { ENTRY_MANAGERS } from '../access/roles';

/** The columns of repository_entry an update may set (their SQL names). */
export type EntryColumn =
  | 'displayname'
  | 'description'
  | 'teaser'
  | 'authors'
  | 'location'
  | 'external_id'
  | 'external_ref'
  | 'managed_flags'
  | 'status'
  | 'public_visible'
  | 'guest_access'
  | 'objectives'
  | 'requirements'
  | 'credits'
  | 'main_language'
  | 'expenditure_of_work'
  | 'lifecycle_valid_from'
  | 'lifecycle_valid_to'
  | 'lifecycle_label'
  | 'lifecycle_softkey';

/** Sets these columns of the entry (the trigger of the row raises its version and modification date when anything changed). */
export async function writeEntry(em: EntityManager, key: number, columns: Partial<Record<EntryColumn, unknown>>): Promise<void> {
  const names = Object.keys(columns) as EntryColumn[];
  if (!names.length) return;
  await sql(em, `update repository_entry set ${names.map((name) => `${name} = ?`).join(', ')} where id = ?`, [...names.map((name) => columns[name]), key]);
}

/** Another course (not `key`) with this externalId, if any. */
export async function courseWithExternalId(em: EntityManager, externalId: string, key: number): Promise<boolean> {
  const rows = await sql(em, `select 1 from repository_entry where external_id = ? and resource_type_name = 'CourseModule' and id <> ?`, [externalId, key]);
  return rows.length > 0;
}

const ORGANISATION_COLUMNS =
  'o.id, o.identifier, o.display_name as "displayName", o.description, o.css_class as "cssClass", o.status, o.external_id as "externalId", ' +
  'o.managed_flags as "managedFlags", o.path, o.parent_id as "parentKey", o.type_id as "typeKey"';

/** The organisations of the entry: its first (repository_entry.organisation_id) and the linked ones, by key. */
export function entryOrganisations(em: EntityManager, entryKey: number): Promise<OrganisationRow[]> {
  return sql<OrganisationRow>(
    em,
    `select ${ORGANISATION_COLUMNS} from organisation o where o.id = (select organisation_id from repository_entry where id = ?)
     union select ${ORGANISATION_COLUMNS} from organisation o join repository_entry_to_organisation l on l.organisation_id = o.id where l.entry_id = ?
     order by id`,
    [entryKey, entryKey],
  );
}

/** false when the organisation was linked already. */
export async function linkOrganisation(em: EntityManager, entryKey: number, organisationKey: number): Promise<boolean> {
  const rows = await sql(
    em,
    'insert into repository_entry_to_organisation (entry_id, organisation_id) values (?, ?) on conflict (entry_id, organisation_id) do nothing returning id',
    [entryKey, organisationKey],
  );
  return rows.length > 0;
}

export async function unlinkOrganisation(em: EntityManager, entryKey: number, organisationKey: number): Promise<boolean> {
  const rows = await sql(em, 'delete from repository_entry_to_organisation where entry_id = ? and organisation_id = ? returning id', [
    entryKey,
    organisationKey,
  ]);
  return rows.length > 0;
}

/** The linked organisation with the lowest key, if any. */
export async function firstLinkedOrganisation(em: EntityManager, entryKey: number): Promise<number | null> {
  const [row] = await sql<{ id: number }>(
    em,
    'select organisation_id as id from repository_entry_to_organisation where entry_id = ? order by organisation_id limit 1',
    [entryKey],
  );
  return row?.id ?? null;
}

export async function setFirstOrganisation(em: EntityManager, entryKey: number, organisationKey: number): Promise<void> {
  await sql(em, 'update repository_entry set organisation_id = ? where id = ?', [organisationKey, entryKey]);
}

/** Whether the caller holds one of `roles` in an organisation linked to the entry (directly or inherited from above it). */
export async function holdsRoleInLinkedOrganisation(em: EntityManager, caller: Caller, entryKey: number, roles: readonly OrganisationRole[]): Promise<boolean> {
  if (!caller.grants.some((grant) => roles.includes(grant.role))) return false;
  const within = withinBoundOf(caller, 'organisation', 'o.id');
  const rows = await sql(
    em,
    `select 1 from repository_entry_to_organisation l
     join organisation o on o.id = l.organisation_id
     join organisation_role cm on cm.identity_id = ? and cm.role in (${placeholders(roles)})
     join organisation co on co.id = cm.organisation_id
     where l.entry_id = ? and ${appliesIn('cm', 'co', 'o')} and ${within.text} limit 1`,
    [caller.key, ...roles, entryKey, ...within.params],
  );
  return rows.length > 0;
}

export interface CourseConfigRow {
  calendar: boolean;
  chat: boolean;
  cssLayoutRef: string | null;
  efficiencyStatement: boolean;
  glossarySoftkey: string | null;
  sharedFolderSoftkey: string | null;
}

export async function findCourseConfig(em: EntityManager, entryKey: number): Promise<CourseConfigRow | null> {
  const [row] = await sql<CourseConfigRow>(
    em,
    `select calendar, chat, css_layout_ref as "cssLayoutRef", efficiency_statement as "efficiencyStatement", glossary_softkey as "glossarySoftkey",
       shared_folder_softkey as "sharedFolderSoftkey" from course_config where entry_id = ?`,
    [entryKey],
  );
  return row ?? null;
}

const CONFIG_COLUMNS: Record<keyof CourseConfigRow, string> = {
  calendar: 'calendar',
  chat: 'chat',
  cssLayoutRef: 'css_layout_ref',
  efficiencyStatement: 'efficiency_statement',
  glossarySoftkey: 'glossary_softkey',
  sharedFolderSoftkey: 'shared_folder_softkey',
};

/** Sets the given fields of the course's configuration (a new row has the defaults for the others). */
export async function upsertCourseConfig(em: EntityManager, entryKey: number, fields: Partial<CourseConfigRow>): Promise<void> {
  const names = (Object.keys(CONFIG_COLUMNS) as (keyof CourseConfigRow)[]).filter((name) => fields[name] !== undefined);
  const columns = names.map((name) => CONFIG_COLUMNS[name]);
  await sql(
    em,
    `insert into course_config (entry_id${columns.map((column) => `, ${column}`).join('')}) values (?${columns.map(() => ', ?').join('')})
     on conflict (entry_id) do update set last_modified = now()${columns.map((column) => `, ${column} = excluded.${column}`).join('')}`,
    [entryKey, ...names.map((name) => fields[name])],
  );
}

export interface EntrySearch {
  type: string | null;
  /** ILIKE patterns; null: any. */
  author: string | null;
  name: string | null;
  myEntries: boolean;
}

/**
 * The keys of the entries the caller may see, as a union of index reads (memberships direct,
 * through groups and through curriculum elements, published public entries, for administrators and learning resource managers the
 * entries of their organisations and those linked to them): a superset that lets the search read
 * through indexes; which of them the caller sees is visibleTo (src/courses/repository.ts).
 */
function candidateKeys(caller: Caller): { text: string; params: unknown[] } {
  const managed = caller.grants.some((grant) => ENTRY_MANAGERS.includes(grant.role));
  const organisations = managedOrganisations();
  return {
    text: `select entry_id from repository_entry_membership where identity_id = ? union ${ENTRIES_THROUGH_GROUPS}
      union ${entriesThroughCurriculum(COURSE_MEMBER_ROLES)} union select id from repository_entry where status = 'published' and public_visible${
        managed
          ? ` union select id from repository_entry where organisation_id in (${organisations})
      union select entry_id from repository_entry_to_organisation where organisation_id in (${organisations})`
          : ''
      }`,
    params: [caller.key, caller.key, caller.key, ...(managed ? [caller.key, ...ENTRY_MANAGERS, caller.key, ...ENTRY_MANAGERS] : [])],
  };
}

/** SQL condition: the entry `e` is one of the caller's candidates and visible to them. */
function visibleCandidates(caller: Caller): { text: string; params: unknown[] } {
  const candidates = candidateKeys(caller);
  const visible = visibleTo(caller);
  return { text: `e.id in (${candidates.text}) and ${visible.text}`, params: [...candidates.params, ...visible.params] };
}

/** The entries the caller sees that match the search, in key order, one range at a time. */
export function searchEntries(em: EntityManager, caller: Caller, search: EntrySearch, range: Range): Promise<EntryRow[]> {
  // myentries: the entries the caller sees as a member (which they see anyway); else all they see.
  const scope = search.myEntries ? memberSees(caller.key) : visibleCandidates(caller);
  const where = ['e.id > ?', scope.text];
  const params: unknown[] = [range.after, ...scope.params];
  const add = (condition: string, ...values: unknown[]) => {
    where.push(condition);
    params.push(...values);
  };
  if (search.type) add('e.resource_type_name = ?', search.type);
  if (search.name) add('e.displayname ilike ?', search.name);
  if (search.author) {
    add(
      `(e.authors ilike ? or exists (select 1 from repository_entry_membership m join identity i on i.id = m.identity_id
        where m.entry_id = e.id and m.role = 'owner' and (i.login ilike ? or i.first_name ilike ? or i.last_name ilike ?)))`,
      ...Array(4).fill(search.author),
    );
  }
  return sql<EntryRow>(em, `select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where ${where.join(' and ')} order by e.id limit ?`, [...params, range.size]);
}
