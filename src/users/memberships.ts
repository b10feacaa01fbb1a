import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, sql } from '../db/sql';
import { readPages, type EdgePage } from '../domain/edges';
import type { Range } from '../domain/lists';
import type { UserRow } from './presenter';
import { USER_COLUMNS } from './repository';

/** A table of memberships with a role (`owner` the column of what people are members of, `identity_id`, `role`), its ids in the order people joined. */
export function roleMemberships<Role extends string>(table: string, owner: string) {
  const insertStatement = `insert into ${table} (${owner}, identity_id, role) select ?, unnest(?::int[]), ? on conflict do nothing returning identity_id as key`;
  return {
    /** Memberships of a set of people (`?::int[]`, keyArray) in one owner (`?`) with one role (`?`): one statement whatever their number. */
    insertStatement,

    /** Members with the role in the order they joined (`membershipKey`). */
    list: (em: EntityManager, ownerKey: number, role: Role, range: Range) =>
      sql<UserRow & { membershipKey: number }>(
        em,
        `select ${USER_COLUMNS}, m.id as "membershipKey" from identity i join ${table} m on m.identity_id = i.id
     where m.${owner} = ? and m.role = ? and m.id > ? order by m.id limit ?`,
        [ownerKey, role, range.after, range.size],
      ),

    /** A page of the members with the role of each of these owners, in the order they joined. */
    pages: (em: EntityManager, ownerKeys: readonly number[], role: Role, page: EdgePage, cap: number | null) =>
      readPages<UserRow>(
        em,
        (key) => `select ${USER_COLUMNS} from ${table} m join identity i on i.id = m.identity_id where m.${owner} = ${key} and m.role = ? order by m.id`,
        [role],
        ownerKeys,
        page,
        cap,
      ),

    /** Inserts the memberships with the role of these people, in one statement; answers those who were not members with it. */
    async insert(em: EntityManager, ownerKey: number, identityKeys: readonly number[], role: Role): Promise<Set<number>> {
      if (!identityKeys.length) return new Set();
      const inserted = await sql<{ key: number }>(em, insertStatement, [ownerKey, keyArray(identityKeys), role]);
      return new Set(inserted.map((row) => row.key));
    },

    /** Ends the memberships with the role of these people, in one statement. */
    async remove(em: EntityManager, ownerKey: number, identityKeys: readonly number[], role: Role): Promise<void> {
      if (!identityKeys.length) return;
      await sql(em, `delete from ${table} where ${owner} = ? and identity_id = any(?::int[]) and role = ?`, [ownerKey, keyArray(identityKeys), role]);
    },
  };
}
