import type { EntityManager } from '@mikro-orm/postgresql';
import { placeholders, sql } from '../db/sql';
import { notFound } from '../domain/errors';
import type { Range } from '../domain/lists';
import { readPage, type Page, type PageRequest } from '../domain/paging';
import { Group, type GroupRole } from '../entities/groups';
import { USER_COLUMNS } from '../users/repository';
import type { UserRow } from '../users/presenter';
import type { GroupRow } from './presenter';

/** The columns of a GroupRow from `business_group g`. */
const GROUP_COLUMNS =
  'g.id, g.description, g.external_id as "externalId", g.managed_flags as "managedFlags", g.name, g.type, g.min_participants as "minParticipants", g.max_participants as "maxParticipants"';

export interface GroupFilter {
  /** Only the groups this identity belongs to (with `memberRole`, in that role). */
  memberKey?: number;
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

function conditions(filter: GroupFilter): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.memberKey !== undefined) {
    where.push(`g.id in (select group_id from group_membership where identity_id = ?${filter.memberRole ? ' and role = ?' : ''})`);
    params.push(filter.memberKey, ...(filter.memberRole ? [filter.memberRole] : []));
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

/** One page of the groups that match, with their total. */
export async function pageOfGroups(em: EntityManager, filter: GroupFilter, page: PageRequest): Promise<Page<GroupRow>> {
  const { where, params } = conditions(filter);
  const from = `from business_group g${where.length ? ` where ${where.join(' and ')}` : ''}`;
  return readPage(
    () =>
      sql<GroupRow & { totalCount: number }>(em, `select ${GROUP_COLUMNS}, count(*) over () as "totalCount" ${from} order by g.id offset ? limit ?`, [
        ...params,
        page.start,
        page.limit,
      ]),
    async () => (await sql<{ count: number }>(em, `select count(*) as count ${from}`, params))[0].count,
    page,
  );
}

/** The groups each of these people belongs to (in any role), by group key. */
export async function listGroupsOfMembers(em: EntityManager, identityKeys: readonly number[]): Promise<(GroupRow & { memberKey: number })[]> {
  return sql<GroupRow & { memberKey: number }>(
    em,
    `select distinct on (m.identity_id, g.id) ${GROUP_COLUMNS}, m.identity_id as "memberKey"
     from business_group g join group_membership m on m.group_id = g.id
     where m.identity_id in (${placeholders(identityKeys)}) order by m.identity_id, g.id`,
    [...identityKeys],
  );
}

/** The members with the role of each of the groups, in the order they joined. */
export async function listMembersOfGroups(em: EntityManager, groupKeys: readonly number[], role: GroupRole): Promise<(UserRow & { groupKey: number })[]> {
  return sql<UserRow & { groupKey: number }>(
    em,
    `select ${USER_COLUMNS}, m.group_id as "groupKey" from identity i join group_membership m on m.identity_id = i.id
     where m.group_id in (${placeholders(groupKeys)}) and m.role = ? order by m.id`,
    [...groupKeys, role],
  );
}

/** Members in the order they joined (`membershipKey`). */
export async function listMembers(em: EntityManager, groupKey: number, role: GroupRole, range: Range): Promise<(UserRow & { membershipKey: number })[]> {
  return sql<UserRow & { membershipKey: number }>(
    em,
    `select ${USER_COLUMNS}, m.id as "membershipKey" from identity i join group_membership m on m.identity_id = i.id
     where m.group_id = ? and m.role = ? and m.id > ? order by m.id limit ?`,
    [groupKey, role, range.after, range.size],
  );
}

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
