import type { EntityManager } from '@mikro-orm/postgresql';
import { builtOnce, keyArray, placeholders, sql, textArray } from '../db/sql';
import type { Caller } from '../domain/context';
import { notFound } from '../domain/errors';
import type { Range } from '../domain/lists';
import type { OrganisationRole } from '../domain/roles';
import { managedIdentities } from '../domain/scope';
import { Identity, UserStatus } from '../entities/users';
import type { ManagedUserVO } from '../schema/users';
import type { UserRow } from './presenter';

/** The columns of a UserRow from `identity i`. */
export const USER_COLUMNS = 'i.id, i.login, i.external_id as "externalId", i.first_name as "firstName", i.last_name as "lastName", i.email, i.properties';

export interface UserSearch {
  login?: string | null;
  externalId?: string | null;
  authProvider?: string | null;
  authUsername?: string | null;
  statusVisibleLimit?: string | null;
  status?: number | null;
  properties?: { name: string; value?: string | null }[] | null;
}

/** A Map, not an object: a property named `__proto__` or `constructor` must find no column. */
const COLUMN_PROPERTIES = new Map([
  ['firstName', 'i.first_name'],
  ['lastName', 'i.last_name'],
  ['email', 'i.email'],
  // OpenOLAT's nickName is the name a person logs in with.
  ['nickName', 'i.login'],
]);

/** Columns with an index on lower(column): an exact search reads it. The others' exact search is an ilike without wildcards, which their trigram index serves. */
const LOWER_INDEXED = new Set(['i.login', 'i.email']);

/** OpenOLAT's search value: "quoted" is exact, otherwise `*` is a wildcard inside an implicit contains. */
function likePattern(value: string): { exact: boolean; text: string; pattern: string } {
  const exact = value.length >= 2 && value.startsWith('"') && value.endsWith('"');
  const text = exact ? value.slice(1, -1) : value;
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return { exact, text, pattern: exact ? escaped : `%${escaped.replace(/\*/g, '%')}%` };
}

export async function findIdentity(em: EntityManager, key: number): Promise<Identity> {
  const identity = await em.findOne(Identity, { id: key });
  if (!identity) throw notFound('user');
  return identity;
}

/**
 * The statement MikroORM's `em.count(Identity, { id })` sent, through `sql()`: outside a transaction a prepared statement
 * of the read pool. em.count forked the request's entity manager, built the query and sent its value inlined, so that
 * PostgreSQL parsed and planned it on every request.
 */
const IDENTITY_COUNT = 'select count(*) as "count" from "identity" as "i0" where "i0"."id" = ?';

export const identityExists = async (em: EntityManager, key: number) => (await sql<{ count: number }>(em, IDENTITY_COUNT, [key]))[0].count > 0;

/** When each of these people was created and last changed, in the order of `keys` (null for a key of nobody). */
export async function datesOf(em: EntityManager, keys: readonly number[]): Promise<({ creationDate: Date; lastModified: Date } | null)[]> {
  const rows = await sql<{ id: number; creationDate: Date; lastModified: Date }>(
    em,
    'select id, creation_date as "creationDate", last_modified as "lastModified" from identity where id = any (?::int[])',
    [keyArray(keys)],
  );
  const byKey = new Map(rows.map((row) => [Number(row.id), row]));
  return keys.map((key) => byKey.get(key) ?? null);
}

/** The keys of a list's people (the UserVO[] of a PUT …/{role}), each once. */
export const keysOfUsers = (users: readonly { key?: number | null }[]): number[] => [
  ...new Set(users.map((user) => user.key).filter((key): key is number => key != null)),
];

export const EXISTING_IDENTITIES = (keys: readonly number[]) => `select id from identity where id in (${placeholders(keys)}) order by id`;

/** Which of `keys` name a person, in key order (one statement): a list's unknown people are skipped, as in OpenOLAT. */
export async function existingIdentities(em: EntityManager, keys: readonly number[]): Promise<number[]> {
  if (!keys.length) return [];
  const rows = await sql<{ id: number }>(em, EXISTING_IDENTITIES(keys), [...keys]);
  return rows.map((row) => row.id);
}

export async function requireIdentity(em: EntityManager, key: number): Promise<void> {
  if (!(await identityExists(em, key))) throw notFound('user');
}

/** Holds the person for the rest of the transaction: a delete waits until it ends (files written for them are not left behind). */
export async function holdIdentity(em: EntityManager, key: number): Promise<void> {
  const [row] = await sql(em, 'select id from identity where id = ? for key share', [key]);
  if (!row) throw notFound('user');
}

export async function findUserRow(em: EntityManager, key: number): Promise<UserRow> {
  const [row] = await sql<UserRow>(em, `select ${USER_COLUMNS} from identity i where i.id = ?`, [key]);
  if (!row) throw notFound('user');
  return row;
}

const userWith = builtOnce(([condition, where]) => `select ${USER_COLUMNS}, ${condition} as holds from identity i where ${where}`);

/** The person, and whether `condition` (SQL on `identity i`) holds for them, in one statement. */
async function oneUserWith(em: EntityManager, where: string, value: unknown, condition: Condition): Promise<UserRow & { holds: boolean }> {
  const [row] = await sql<UserRow & { holds: boolean }>(em, userWith([condition.text, where]), [...condition.params, value]);
  if (!row) throw notFound('user');
  return row;
}

export const findUserRowWith = (em: EntityManager, key: number, condition: Condition) => oneUserWith(em, 'i.id = ?', key, condition);

/** These people (those that exist), each with whether `condition` holds for them, in one statement. */
export const findUserRowsWith = (em: EntityManager, keys: readonly number[], condition: Condition) =>
  sql<UserRow & { holds: boolean }>(em, `select ${USER_COLUMNS}, ${condition.text} as holds from identity i where i.id = any(?::bigint[])`, [
    ...condition.params,
    keyArray(keys),
  ]);

/** The person with this login, in any case (through the unique index on lower(login)), and whether `condition` holds for them. */
export const findUserRowByLoginWith = (em: EntityManager, login: string, condition: Condition) =>
  oneUserWith(em, 'lower(i.login) = lower(?)', login, condition);

/** An SQL condition on `identity i` with its parameters. */
export interface Condition {
  text: string;
  params: unknown[];
}

/** People matching the search among those `scope` admits (all without one), each with whether `full` (their whole profile may be shown) holds. */
export async function searchUsers(
  em: EntityManager,
  search: UserSearch,
  visibility: { scope: Condition | null; full: Condition },
  range: Range,
): Promise<(UserRow & { holds: boolean })[]> {
  const where: string[] = ['i.id > ?'];
  const params: unknown[] = [range.after];
  const match = (column: string, value: string) => {
    const { exact, text, pattern } = likePattern(value);
    const byLower = exact && LOWER_INDEXED.has(column);
    where.push(byLower ? `lower(${column}) = lower(?)` : `${column} ilike ?`);
    params.push(byLower ? text : pattern);
  };
  if (search.authProvider && search.authUsername) {
    where.push('i.id in (select identity_id from authentication where provider = ? and auth_username = ?)');
    params.push(search.authProvider, search.authUsername);
  } else if (search.authProvider) {
    where.push('exists (select 1 from authentication a where a.identity_id = i.id and a.provider = ?)');
    params.push(search.authProvider);
  }
  if (search.login) match('i.login', search.login);
  if (search.externalId) {
    where.push('i.external_id = ?');
    params.push(search.externalId);
  }
  if (search.status != null) {
    where.push('i.status = ?');
    params.push(search.status);
  } else if (search.statusVisibleLimit !== 'all') {
    where.push(`i.status < ${UserStatus.visibleLimit}`);
  }
  for (const property of search.properties ?? []) {
    if (!property.value) continue;
    const column = COLUMN_PROPERTIES.get(property.name);
    if (column) match(column, property.value);
    else {
      params.push(property.name);
      match(`(i.properties ->> ?)`, property.value);
    }
  }
  if (visibility.scope) {
    where.push(visibility.scope.text);
    params.push(...visibility.scope.params);
  }
  return sql<UserRow & { holds: boolean }>(
    em,
    `select ${USER_COLUMNS}, ${visibility.full.text} as holds from identity i where ${where.join(' and ')} order by i.id limit ?`,
    [...visibility.full.params, ...params, range.size],
  );
}

/** The key of the person with this login, in any case. */
export async function identityKeyOfLogin(em: EntityManager, login: string): Promise<number> {
  const [row] = await sql<{ id: number }>(em, 'select i.id from identity i where lower(i.login) = lower(?)', [login]);
  if (!row) throw notFound('user');
  return row.id;
}

/** Logins are unique without regard to case (the unique index on lower(login)). */
export async function loginInUse(em: EntityManager, login: string, exceptKey = 0): Promise<boolean> {
  const rows = await sql(em, 'select 1 from identity where lower(login) = lower(?) and id <> ? limit 1', [login.trim(), exceptKey]);
  return rows.length > 0;
}

export async function emailInUse(em: EntityManager, email: string, exceptKey = 0): Promise<boolean> {
  const rows = await sql(em, 'select 1 from identity where lower(email) = lower(?) and id <> ? limit 1', [email.trim(), exceptKey]);
  return rows.length > 0;
}

/** People with an externalId among those the caller manages with one of `roles`. */
export async function managedUsers(em: EntityManager, caller: Caller, roles: readonly OrganisationRole[], range: Range): Promise<ManagedUserVO[]> {
  const managed = managedIdentities(caller, roles);
  return sql<ManagedUserVO>(
    em,
    `select i.id as key, i.login, i.external_id as "externalId" from identity i
     where i.id > ? and i.external_id is not null and i.external_id <> '' and i.id in (${managed.text})
     order by i.id limit ?`,
    [range.after, ...managed.params, range.size],
  );
}

/** A person to insert: the fields a creation sets (trimmed, validated); the rest takes the table's defaults. */
export interface NewPerson {
  login: string;
  externalId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  properties: Record<string, string>;
  /** Its password's bcrypt hash, if it has one. */
  passwordHash?: string | null;
}

/**
 * Inserts people, each with the `user` role in the organisation `organisationKey` and their password if they have one,
 * in three statements whatever their number; a login in use (any case, or twice among them) inserts nobody for it.
 * Answers the rows inserted, by lower-case login.
 */
export async function insertPeople(em: EntityManager, people: readonly NewPerson[], organisationKey: number): Promise<Map<string, UserRow>> {
  if (!people.length) return new Map();
  const rows = await sql<UserRow>(
    em,
    `insert into identity (login, external_id, first_name, last_name, email, properties)
       select p.login, p.external_id, p.first_name, p.last_name, p.email, p.properties
         from json_to_recordset(?::json) as p(login text, external_id text, first_name text, last_name text, email text, properties jsonb)
     on conflict ((lower(login))) do nothing
     returning id, login, external_id as "externalId", first_name as "firstName", last_name as "lastName", email, properties,
       creation_date as "creationDate", last_modified as "lastModified"`,
    [
      JSON.stringify(
        people.map((person) => ({
          login: person.login,
          external_id: person.externalId,
          first_name: person.firstName,
          last_name: person.lastName,
          email: person.email,
          properties: person.properties,
        })),
      ),
    ],
  );
  await sql(em, `insert into organisation_role (identity_id, organisation_id, role) select unnest(?::int[]), ?, 'user' on conflict do nothing`, [
    keyArray(rows.map((row) => row.id)),
    organisationKey,
  ]);
  const inserted = new Map(rows.map((row) => [row.login.toLowerCase(), row]));
  const passwords = people.flatMap((person) => {
    const row = person.passwordHash ? inserted.get(person.login.toLowerCase()) : undefined;
    return row ? [{ key: row.id, login: row.login, hash: person.passwordHash }] : [];
  });
  if (passwords.length) {
    await sql(
      em,
      `insert into authentication (identity_id, provider, auth_username, credential)
         select p.key, 'OLAT', p.login, p.hash from json_to_recordset(?::json) as p(key int, login text, hash text)`,
      [JSON.stringify(passwords)],
    );
  }
  return inserted;
}

/** Of these logins (any case), those a person has: lower case. */
export async function loginsInUse(em: EntityManager, logins: readonly string[]): Promise<Set<string>> {
  if (!logins.length) return new Set();
  const rows = await sql<{ login: string }>(em, 'select lower(login) as login from identity where lower(login) = any(?::text[])', [
    textArray(logins.map((login) => login.trim().toLowerCase())),
  ]);
  return new Set(rows.map((row) => row.login));
}

/** Of these people, those who exist: one statement text whatever their number. */
export async function existingPeople(em: EntityManager, keys: readonly number[]): Promise<Set<number>> {
  if (!keys.length) return new Set();
  const rows = await sql<{ key: number }>(em, 'select id as key from identity where id = any(?::int[])', [keyArray([...new Set(keys)])]);
  return new Set(rows.map((row) => row.key));
}

/** People by key, as UserRow. */
export function userRowsOf(em: EntityManager, keys: readonly number[]): Promise<UserRow[]> {
  return keys.length ? sql<UserRow>(em, `select ${USER_COLUMNS} from identity i where i.id = any(?::int[])`, [keyArray(keys)]) : Promise.resolve([]);
}

/** Of these e-mail addresses (any case), the people who have them: lower-case address → keys. */
export async function holdersOfEmails(em: EntityManager, emails: readonly string[]): Promise<Map<string, number[]>> {
  const holders = new Map<string, number[]>();
  if (!emails.length) return holders;
  const rows = await sql<{ email: string; key: number }>(em, 'select lower(email) as email, id as key from identity where lower(email) = any(?::text[])', [
    textArray(emails.map((email) => email.trim().toLowerCase())),
  ]);
  for (const row of rows) holders.set(row.email, [...(holders.get(row.email) ?? []), row.key]);
  return holders;
}

/** Writes people's names, e-mail, externalId and properties (merged into theirs) as given, in one statement: answers the rows after. */
export function updatePeopleRows(em: EntityManager, rows: readonly (Omit<NewPerson, 'login' | 'passwordHash'> & { key: number })[]): Promise<UserRow[]> {
  if (!rows.length) return Promise.resolve([]);
  return sql<UserRow>(
    em,
    `update identity i set first_name = p.first_name, last_name = p.last_name, email = p.email, external_id = coalesce(p.external_id, i.external_id),
       properties = i.properties || p.properties, last_modified = now()
     from json_to_recordset(?::json) as p(key int, first_name text, last_name text, email text, external_id text, properties jsonb)
     where i.id = p.key returning ${USER_COLUMNS}`,
    [
      JSON.stringify(
        rows.map((row) => ({
          key: row.key,
          first_name: row.firstName,
          last_name: row.lastName,
          email: row.email,
          external_id: row.externalId,
          properties: row.properties,
        })),
      ),
    ],
  );
}
