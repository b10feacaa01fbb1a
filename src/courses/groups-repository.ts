import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, sql } from '../db/sql';
import { pairTable } from '../db/pairs';
import { readPages, type EdgePage } from '../domain/edges';
import type { Range } from '../domain/lists';
import type { OrganisationRole } from '../domain/roles';
import type { GroupRow } from '../groups/presenter';
import { GROUP_COLUMNS, inOrganisationWithRole } from '../groups/repository';
import { ENTRY_MEMBERSHIPS } from './repository';

/** SQL of the links between courses and learning groups (`repository_entry_group`, indexed by entry and by group). */

export async function listLinkedGroups(em: EntityManager, entryKey: number, range: Range): Promise<GroupRow[]> {
  return sql<GroupRow>(
    em,
    `select ${GROUP_COLUMNS} from repository_entry_group rg join business_group g on g.id = rg.group_id
     where rg.entry_id = ? and rg.group_id > ? order by rg.group_id limit ?`,
    [entryKey, range.after, range.size],
  );
}

const GROUPS = pairTable('repository_entry_group', 'entry_id', 'group_id');

export const isLinked = GROUPS.has;

/** The entries the group is linked to. */
export async function entriesOfGroup(em: EntityManager, groupKey: number): Promise<number[]> {
  return (await sql<{ id: number }>(em, 'select entry_id as id from repository_entry_group where group_id = ?', [groupKey])).map((row) => row.id);
}

/** Of these entries, those placed in an organisation where the person holds one of `roles` (directly or inherited). */
export async function entriesInOrganisationsWithRole(
  em: EntityManager,
  identityKey: number,
  roles: readonly OrganisationRole[],
  entryKeys: readonly number[],
): Promise<number[]> {
  const inOrganisation = inOrganisationWithRole(identityKey, roles, 'e.organisation_id');
  const rows = await sql<{ id: number }>(em, `select e.id from repository_entry e where e.id = any(?::int[]) and ${inOrganisation.text}`, [
    keyArray(entryKeys),
    ...inOrganisation.params,
  ]);
  return rows.map((row) => Number(row.id));
}

/** false when the group was linked already. */
export const linkGroup = GROUPS.add;

/** A page of the groups linked to each of these entries, by group key. */
export const pagesOfGroupsOfEntries = (em: EntityManager, entryKeys: readonly number[], page: EdgePage, cap: number | null) =>
  readPages<GroupRow>(
    em,
    (entry) =>
      `select ${GROUP_COLUMNS} from repository_entry_group rg join business_group g on g.id = rg.group_id where rg.entry_id = ${entry} order by rg.group_id`,
    [],
    entryKeys,
    page,
    cap,
  );

/** A page of the direct members with the role of each of these entries, in the order they joined. */
export const pagesOfMembersOfEntries = ENTRY_MEMBERSHIPS.pages;
