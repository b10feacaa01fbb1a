import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, placeholders, sql, type SqlCondition } from '../db/sql';
import { readPages, type EdgePage } from '../domain/edges';
import { notFound } from '../domain/errors';
import type { Range } from '../domain/lists';
import { readPage, type Page, type PageRequest } from '../domain/paging';
import type { OrganisationRole } from '../domain/roles';
import { appliesIn } from '../domain/scope';
import { Group, GroupRole } from '../entities/groups';
import { roleMemberships } from '../users/memberships';
import type { GroupConfigurationRow, GroupInfoRow, GroupRow } from './presenter';

/** The columns of a GroupRow from `business_group g`. */
export const GROUP_COLUMNS =
  'g.id, g.description, g.external_id as "externalId", g.managed_flags as "managedFlags", g.name, g.type, g.min_participants as "minParticipants", g.max_participants as "maxParticipants"';

/** SQL: the organisations where person `?` holds one of `roles`, directly or through an inheriting membership of an ancestor. */
const organisationsWithRole = (roles: readonly OrganisationRole[]) => `select o.id from organisation_role cm
  join organisation co on co.id = cm.organisation_id
  join organisation o on ${appliesIn('cm', 'co', 'o')}
  where cm.identity_id = ? and cm.role in (${placeholders(roles)})`;

/** SQL condition: the group `g` belongs to an organisation where the person holds one of `roles` (directly or inherited). */
export const inOrganisationWithRole = (identityKey: number, roles: readonly OrganisationRole[], organisationColumn = 'g.organisation_id') => ({
  text: `${organisationColumn} in (${organisationsWithRole(roles)})`,
  params: [identityKey, ...roles],
});

/** Of these groups, those of an organisation where the person holds one of `roles` (directly or inherited). */
export async function groupsInOrganisationsWithRole(
  em: EntityManager,
  identityKey: number,
  roles: readonly OrganisationRole[],
  groupKeys: readonly number[],
): Promise<number[]> {
  const inOrganisation = inOrganisationWithRole(identityKey, roles);
  const rows = await sql<{ id: number }>(em, `select g.id from business_group g where g.id = any(?::int[]) and ${inOrganisation.text}`, [
    keyArray(groupKeys),
    ...inOrganisation.params,
  ]);
  return rows.map((row) => Number(row.id));
}

/** The organisation of each of these groups. */
export async function organisationsOfGroups(em: EntityManager, groupKeys: readonly number[]): Promise<Map<number, number>> {
  const rows = await sql<{ groupKey: number; organisationKey: number }>(
    em,
    'select id::int as "groupKey", organisation_id::int as "organisationKey" from business_group where id = any(?::int[])',
    [keyArray(groupKeys)],
  );
  return new Map(rows.map((row) => [row.groupKey, row.organisationKey]));
}

/** The courses (entry keys) each of these groups is linked to; groups of no course are left out. */
export async function entriesOfGroups(em: EntityManager, groupKeys: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await sql<{ groupKey: number; entryKey: number }>(
    em,
    'select group_id as "groupKey", entry_id as "entryKey" from repository_entry_group where group_id = any(?::int[])',
    [keyArray(groupKeys)],
  );
  const entries = new Map<number, number[]>();
  for (const { groupKey, entryKey } of rows) entries.set(Number(groupKey), [...(entries.get(Number(groupKey)) ?? []), Number(entryKey)]);
  return entries;
}

/** Of the organisations where the person holds one of `roles` by a membership of their own, the one nearest the root (lowest key among equals); null: none. */
export async function groupManagerOrganisation(em: EntityManager, identityKey: number, roles: readonly OrganisationRole[]): Promise<number | null> {
  const [row] = await sql<{ id: number }>(
    em,
    `select o.id from organisation_role r join organisation o on o.id = r.organisation_id where r.identity_id = ? and r.role in (${placeholders(roles)})
     order by length(o.path) - length(replace(o.path, '/', '')), o.id limit 1`,
    [identityKey, ...roles],
  );
  return row ? Number(row.id) : null;
}

export interface GroupFilter {
  /** Only the groups this identity belongs to (with `memberRole`, in that role). */
  memberKey?: number;
  /** Only the groups this person belongs to or that belong to an organisation where they hold one of the roles (GET /groups). */
  reader?: { identityKey: number; managerRoles: readonly OrganisationRole[] };
  /** Only the groups this condition on `g.id` keeps (a bound credential's organisation, src/domain/bound.ts). */
  within?: SqlCondition;
  memberRole?: GroupRole | null;
  externalId?: string | null;
  /** Only groups with (true) or without (false) managed flags. */
  managed?: boolean | null;
}

export async function findGroup(em: EntityManager, key: number): Promise<Group> {
  const group = await em.findOne(Group, { id: key });
  if (!group) throw notFound('group');
  return group;
}

export async function isMember(em: EntityManager, groupKey: number, identityKey: number): Promise<boolean> {
  const rows = await sql(em, 'select 1 from group_membership where group_id = ? and identity_id = ? limit 1', [groupKey, identityKey]);
  return rows.length > 0;
}

/** Of `groupKeys`, the groups `identityKey` belongs to that show the members of `role` to their members (ownersVisible, participantsVisible). */
export async function groupsShowingMembersTo(em: EntityManager, groupKeys: readonly number[], identityKey: number, role: GroupRole): Promise<number[]> {
  const visible = role === GroupRole.coach ? 'g.owners_visible' : 'g.participants_visible';
  const rows = await sql<{ key: number }>(
    em,
    `select g.id as key from business_group g where g.id = any(?) and ${visible}
     and exists (select 1 from group_membership m where m.group_id = g.id and m.identity_id = ?)`,
    [groupKeys, identityKey],
  );
  return rows.map((row) => Number(row.key));
}

function conditions(filter: GroupFilter): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.memberKey !== undefined) {
    where.push(`g.id in (select group_id from group_membership where identity_id = ?${filter.memberRole ? ' and role = ?' : ''})`);
    params.push(filter.memberKey, ...(filter.memberRole ? [filter.memberRole] : []));
  }
  if (filter.reader) {
    const { identityKey, managerRoles } = filter.reader;
    const member = 'g.id in (select group_id from group_membership where identity_id = ?)';
    if (managerRoles.length) {
      const inOrganisation = inOrganisationWithRole(identityKey, managerRoles);
      where.push(`(${member} or ${inOrganisation.text})`);
      params.push(identityKey, ...inOrganisation.params);
    } else {
      where.push(member);
      params.push(identityKey);
    }
  }
  if (filter.within && filter.within.text !== 'true') {
    where.push(filter.within.text);
    params.push(...filter.within.params);
  }
  if (filter.externalId) {
    where.push('g.external_id = ?');
    params.push(filter.externalId);
  }
  if (filter.managed != null) where.push(filter.managed ? "coalesce(g.managed_flags, '') <> ''" : "coalesce(g.managed_flags, '') = ''");
  return { where, params };
}

export async function listGroups(em: EntityManager, filter: GroupFilter, range: Range): Promise<GroupRow[]> {
  const { where, params } = conditions(filter);
  return sql<GroupRow>(em, `select ${GROUP_COLUMNS} from business_group g where g.id > ?${where.map((w) => ` and ${w}`).join('')} order by g.id limit ?`, [
    range.after,
    ...params,
    range.size,
  ]);
}

/** One page of the groups that match, with their total; `columns` (with their parameters) select each row. */
async function pageOf<R>(em: EntityManager, filter: GroupFilter, page: PageRequest, columns: { text: string; params: unknown[] }): Promise<Page<R>> {
  const { where, params } = conditions(filter);
  const from = `from business_group g${where.length ? ` where ${where.join(' and ')}` : ''}`;
  return readPage(
    () =>
      sql<R & { totalCount: number }>(em, `select ${columns.text}, count(*) over () as "totalCount" ${from} order by g.id offset ? limit ?`, [
        ...columns.params,
        ...params,
        page.start,
        page.limit,
      ]),
    async () => (await sql<{ count: number }>(em, `select count(*) as count ${from}`, params))[0].count,
    page,
  );
}

export const pageOfGroups = (em: EntityManager, filter: GroupFilter, page: PageRequest) =>
  pageOf<GroupRow>(em, filter, page, { text: GROUP_COLUMNS, params: [] });

/** The columns of a GroupInfoRow from `business_group g`, for the person `?` (whether they own the group). */
const GROUP_INFO_COLUMNS = `${GROUP_COLUMNS}, g.tools, g.folder_access as "folderAccess", g.news,
  exists (select 1 from group_membership o where o.group_id = g.id and o.identity_id = ? and o.role = 'coach') as "isOwner"`;

export async function findGroupInfo(em: EntityManager, groupKey: number, identityKey: number): Promise<GroupInfoRow> {
  const [row] = await sql<GroupInfoRow>(em, `select ${GROUP_INFO_COLUMNS} from business_group g where g.id = ?`, [identityKey, groupKey]);
  if (!row) throw notFound('group');
  return row;
}

/** One page of the groups that match with their information, as the person `identityKey` sees them. */
export const pageOfGroupInfos = (em: EntityManager, filter: GroupFilter, page: PageRequest, identityKey: number) =>
  pageOf<GroupInfoRow>(em, filter, page, { text: GROUP_INFO_COLUMNS, params: [identityKey] });

const CONFIGURATION_COLUMNS = `tools, folder_access as "folderAccess", calendar_access as "calendarAccess", news,
  owners_visible as "ownersVisible", participants_visible as "participantsVisible", waiting_list_visible as "waitingListVisible",
  owners_public as "ownersPublic", participants_public as "participantsPublic", waiting_list_public as "waitingListPublic"`;

/** The group's tools, news and visibility settings; `lock` holds the row until the transaction ends. */
export async function findConfiguration(em: EntityManager, groupKey: number, lock = false): Promise<GroupConfigurationRow> {
  const [row] = await sql<GroupConfigurationRow>(em, `select ${CONFIGURATION_COLUMNS} from business_group where id = ?${lock ? ' for update' : ''}`, [
    groupKey,
  ]);
  if (!row) throw notFound('group');
  return row;
}

/** Tool ids have no commas (src/groups/tools.ts). */
export async function saveConfiguration(em: EntityManager, groupKey: number, row: GroupConfigurationRow): Promise<void> {
  await sql(
    em,
    `update business_group set tools = string_to_array(?, ','), folder_access = ?, calendar_access = ?, news = ?, owners_visible = ?, participants_visible = ?,
     waiting_list_visible = ?, owners_public = ?, participants_public = ?, waiting_list_public = ?, last_modified = now() where id = ?`,
    [
      row.tools.join(','),
      row.folderAccess,
      row.calendarAccess,
      row.news,
      row.ownersVisible,
      row.participantsVisible,
      row.waitingListVisible,
      row.ownersPublic,
      row.participantsPublic,
      row.waitingListPublic,
      groupKey,
    ],
  );
}

/** The group's news (null: none). */
export async function findNews(em: EntityManager, groupKey: number): Promise<string | null> {
  const [row] = await sql<{ news: string | null }>(em, 'select news from business_group where id = ?', [groupKey]);
  if (!row) throw notFound('group');
  return row.news;
}

export async function saveNews(em: EntityManager, groupKey: number, news: string | null): Promise<void> {
  await sql(em, 'update business_group set news = ?, last_modified = now() where id = ?', [news, groupKey]);
}

/** A page of the groups each of these people belongs to (in any role), by group key. */
export const pagesOfGroupsOfMembers = (em: EntityManager, identityKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<GroupRow>(
    em,
    (person) =>
      `select ${GROUP_COLUMNS} from business_group g where g.id in (select m.group_id from group_membership m where m.identity_id = ${person}) order by g.id`,
    [],
    identityKeys,
    page,
    cap,
  );

const GROUP_MEMBERSHIPS = roleMemberships<GroupRole>('group_membership', 'group_id');

/** A page of the members with the role of each of the groups, in the order they joined. */
export const pagesOfMembersOfGroups = GROUP_MEMBERSHIPS.pages;

/** Members in the order they joined (`membershipKey`). */
export const listMembers = GROUP_MEMBERSHIPS.list;

/** Locks the group row until the transaction ends (so concurrent adds cannot overfill it) and answers its participant limit. */
export async function lockGroup(em: EntityManager, groupKey: number): Promise<{ maxParticipants: number | null }> {
  const [group] = await sql<{ maxParticipants: number | null }>(
    em,
    'select max_participants as "maxParticipants" from business_group where id = ? for update',
    [groupKey],
  );
  if (!group) throw notFound('group');
  return group;
}

/** Participants other than this identity. */
export async function countOtherParticipants(em: EntityManager, groupKey: number, identityKey: number): Promise<number> {
  const [{ count }] = await sql<{ count: number }>(
    em,
    `select count(*)::int as count from group_membership where group_id = ? and role = 'participant' and identity_id <> ?`,
    [groupKey, identityKey],
  );
  return count;
}

/** false when the identity already held the role. */
export async function insertMember(em: EntityManager, groupKey: number, identityKey: number, role: GroupRole): Promise<boolean> {
  const inserted = await sql(em, `insert into group_membership (group_id, identity_id, role) values (?, ?, ?) on conflict do nothing returning id`, [
    groupKey,
    identityKey,
    role,
  ]);
  return inserted.length > 0;
}

export async function deleteMember(em: EntityManager, groupKey: number, identityKey: number, role: GroupRole): Promise<void> {
  await sql(em, 'delete from group_membership where group_id = ? and identity_id = ? and role = ?', [groupKey, identityKey, role]);
}

/** Gives the role in the group to those of these people who lack it, in one statement: answers who got it. */
export const insertMembers = GROUP_MEMBERSHIPS.insert;

export const deleteMembers = GROUP_MEMBERSHIPS.remove;

/** Participants of the group other than these people. */
export async function countParticipantsBut(em: EntityManager, groupKey: number, identityKeys: readonly number[]): Promise<number> {
  const [{ count }] = await sql<{ count: number }>(
    em,
    `select count(*)::int as count from group_membership where group_id = ? and role = 'participant' and identity_id <> all(?::int[])`,
    [groupKey, keyArray(identityKeys)],
  );
  return count;
}
