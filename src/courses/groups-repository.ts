import type { EntityManager } from '@mikro-orm/postgresql';
import { placeholders, sql } from '../db/sql';
import type { Range } from '../domain/lists';
import type { EntryRole } from '../entities/courses';
import type { GroupRow } from '../groups/presenter';
import { GROUP_COLUMNS } from '../groups/repository';
import type { UserRow } from '../users/presenter';
import { USER_COLUMNS } from '../users/repository';

/** SQL of the links between courses and learning groups (`repository_entry_group`, indexed by entry and by group). */

export async function listLinkedGroups(em: EntityManager, entryKey: number, range: Range): Promise<GroupRow[]> {
  return sql<GroupRow>(
    em,
    `select ${GROUP_COLUMNS} from repository_entry_group rg join business_group g on g.id = rg.group_id
     where rg.entry_id = ? and rg.group_id > ? order by rg.group_id limit ?`,
    [entryKey, range.after, range.size],
  );
}

export async function isLinked(em: EntityManager, entryKey: number, groupKey: number): Promise<boolean> {
  return (await sql(em, 'select 1 from repository_entry_group where entry_id = ? and group_id = ?', [entryKey, groupKey])).length > 0;
}

/** The entries the group is linked to. */
export async function entriesOfGroup(em: EntityManager, groupKey: number): Promise<number[]> {
  return (await sql<{ id: number }>(em, 'select entry_id as id from repository_entry_group where group_id = ?', [groupKey])).map((row) => row.id);
}

/** false when the group was linked already. */
export async function linkGroup(em: EntityManager, entryKey: number, groupKey: number): Promise<boolean> {
  const inserted = await sql(em, 'insert into repository_entry_group (entry_id, group_id) values (?, ?) on conflict do nothing returning id', [
    entryKey,
    groupKey,
  ]);
  return inserted.length > 0;
}

/** The groups linked to each of these entries, in one statement. */
export function groupsOfEntries(em: EntityManager, entryKeys: readonly number[]): Promise<(GroupRow & { entryKey: number })[]> {
  return sql<GroupRow & { entryKey: number }>(
    em,
    `select ${GROUP_COLUMNS}, rg.entry_id as "entryKey" from repository_entry_group rg join business_group g on g.id = rg.group_id
     where rg.entry_id in (${placeholders(entryKeys)}) order by rg.entry_id, rg.group_id`,
    [...entryKeys],
  );
}

/** The direct members with the role of each of these entries, in the order they joined, in one statement. */
export function membersOfEntries(em: EntityManager, entryKeys: readonly number[], role: EntryRole): Promise<(UserRow & { entryKey: number })[]> {
  return sql<UserRow & { entryKey: number }>(
    em,
    `select ${USER_COLUMNS}, m.entry_id as "entryKey" from repository_entry_membership m join identity i on i.id = m.identity_id
     where m.entry_id in (${placeholders(entryKeys)}) and m.role = ? order by m.id`,
    [...entryKeys, role],
  );
}
