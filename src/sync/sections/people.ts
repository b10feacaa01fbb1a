import { availableParallelism } from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { acceptablePassword } from '../../users/authentications';
import { IDENTITY_COLUMNS, type IdentityRow } from '../../users/identity-row';
import { keyArray, sql } from '../../db/sql';
import type { Write } from '../../graphql/writes';
import type { ItemRow } from '../repository';
import { changedFields, changesOf, grouped, isAmbiguous, refsOf, single, writesOf, type Change, type Decision } from './compare';
import type { ObjectRef } from '../../access/manage';

export interface PersonRow extends IdentityRow {
  properties: Record<string, string>;
}

/** A person as the sync reads one, from `identity i`. */
export const PERSON_COLUMNS = `${IDENTITY_COLUMNS}, i.properties`;

/** People by externalId or by login (lower case), for a batch of references: by login only those no externalId names, as personOf reads them. */
export async function peopleByRef(em: EntityManager, refs: string[]): Promise<{ byExternalId: Map<string, PersonRow[]>; byLogin: Map<string, PersonRow[]> }> {
  const byExternalId = grouped(
    refs.length ? await sql<PersonRow>(em, `select ${PERSON_COLUMNS} from identity i where i.external_id = any(?::text[])`, [refsOf(refs)]) : [],
    (row) => row.externalId,
  );
  const rest = refs.filter((ref) => !byExternalId.has(ref));
  const byLogin = rest.length
    ? await sql<PersonRow>(em, `select ${PERSON_COLUMNS} from identity i where lower(i.login) = any(?::text[])`, [refsOf(rest.map((ref) => ref.toLowerCase()))])
    : [];
  return { byExternalId, byLogin: grouped(byLogin, (row) => row.login.toLowerCase()) };
}

/** The person a reference names: by externalId first, else by login. */
export function personOf(people: Awaited<ReturnType<typeof peopleByRef>>, ref: string): PersonRow | undefined | { ambiguous: string } {
  const byExternalId = single(people.byExternalId, ref, 'people');
  return byExternalId ?? people.byLogin.get(ref.toLowerCase())?.[0];
}

const USER_FIELDS = ['externalId', 'firstName', 'lastName', 'email'] as const;

type People = Awaited<ReturnType<typeof peopleByRef>>;
type WantedUser = Record<string, string | null> & { properties?: { name: string; value?: string | null }[] | null };

/** The person a user entry names: by externalId, else by login. */
function personOfUser(people: People, user: WantedUser): PersonRow | undefined | { ambiguous: string } {
  return (
    (user.externalId ? single(people.byExternalId, user.externalId, 'people') : undefined) ??
    (user.login ? people.byLogin.get(user.login.toLowerCase())?.[0] : undefined)
  );
}

const usersOf = (items: ItemRow[]) => items.map((item) => item.payload as WantedUser);
const peopleOfUsers = (em: EntityManager, users: WantedUser[]) =>
  peopleByRef(em, [...users.map((user) => user.externalId), ...users.map((user) => user.login)].filter(Boolean) as string[]);

const PASSWORD_POLICY = 'password: 4 to 128 characters';

/** Passwords hashed at once: bcrypt on libuv's thread pool, leaving a core to the requests. */
const PASSWORD_WORKERS = Math.max(1, availableParallelism() - 1);

/**
 * The hash of each password a batch of users gives that is not the person's password already, compared and hashed
 * before the batch's transaction opens (bcrypt: tens of milliseconds each), a few at a time. Sets `passwordHash` on
 * those items; an item without one sets no password.
 */
export async function hashPasswords(em: EntityManager, items: ItemRow[]): Promise<void> {
  const given = items.filter((item) => typeof item.payload.password === 'string' && acceptablePassword(item.payload.password));
  if (!given.length) return;
  const users = usersOf(given);
  const people = await peopleOfUsers(em, users);
  const keys = users.flatMap((user) => {
    const person = personOfUser(people, user);
    return person && !isAmbiguous(person) ? [person.key] : [];
  });
  const current = new Map(
    (
      await sql<{ key: number; hash: string | null }>(
        em,
        `select identity_id as key, credential as hash from authentication where provider = 'OLAT' and identity_id = any(?::int[])`,
        [keyArray(keys)],
      )
    ).map((row) => [row.key, row.hash]),
  );
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < given.length; index = next++) {
      const password = String(given[index].payload.password);
      const person = personOfUser(people, users[index]);
      const hash = person && !isAmbiguous(person) ? current.get(person.key) : null;
      if (!(await verifyPassword(password, hash ?? null))) given[index].passwordHash = await hashPassword(password);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PASSWORD_WORKERS, given.length) }, worker));
}

/** The properties the document gives whose value differs from the person's (`properties.<name>`). */
function propertyChanges(person: PersonRow, user: WantedUser): Change[] {
  return (user.properties ?? []).flatMap(({ name, value }) => {
    const before = person.properties?.[name] ?? null;
    return value != null && value !== before ? [{ field: `properties.${name}`, before, after: value }] : [];
  });
}

export async function decideUsers(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const users = usersOf(items);
  const people = await peopleOfUsers(em, users);
  return users.map((user, index): Decision => {
    const { passwordHash } = items[index];
    if (user.password != null && !acceptablePassword(user.password)) return { action: 'error', error: PASSWORD_POLICY };
    const person = personOfUser(people, user);
    if (isAmbiguous(person)) return { action: 'error', error: person.ambiguous };
    if (!person) {
      if (!user.login) return { action: 'error', error: 'login is required to create a person' };
      const fields = {
        login: user.login,
        externalId: user.externalId ?? null,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        ...(user.properties ? { properties: user.properties } : {}),
        ...(user.password ? { password: user.password } : {}),
      };
      return { action: 'create', write: { mutation: 'createUser', variables: { user: fields }, ...(passwordHash ? { prepared: { passwordHash } } : {}) } };
    }
    const mayManage: ObjectRef = { kind: 'person', key: person.key };
    if (user.externalId && person.externalId && person.externalId !== user.externalId) {
      return {
        action: 'error',
        key: person.key,
        error: `the login ${person.login} belongs to the person with externalId ${person.externalId}`,
        may: mayManage,
      };
    }
    const fieldChanges = changesOf(person as unknown as Record<string, unknown>, user, USER_FIELDS);
    const properties = propertyChanges(person, user);
    const changes = [...fieldChanges, ...properties, ...(passwordHash ? [{ field: 'password', before: null, after: null }] : [])];
    if (!changes.length) return { action: 'unchanged', key: person.key, may: mayManage };
    const writes: Write[] = [];
    if (fieldChanges.length || properties.length) {
      const changed = {
        ...changedFields(fieldChanges, user),
        ...(properties.length ? { properties: properties.map((change) => ({ name: change.field.slice('properties.'.length), value: change.after })) } : {}),
      };
      writes.push({ mutation: 'updateUser', variables: { identityKey: person.key, user: changed } });
    }
    if (passwordHash) {
      writes.push({
        mutation: 'changeUserPassword',
        variables: { identityKey: person.key, password: { newPassword: user.password } },
        prepared: { passwordHash },
      });
    }
    return { action: 'update', key: person.key, changes, ...writesOf(writes) };
  });
}

/** The people memberships name who exist before the job writes anything: their keys, by item. */
export async function existingMembers(em: EntityManager, items: ItemRow[]): Promise<{ seq: number; key: number }[]> {
  const people = await peopleByRef(
    em,
    items.map((item) => item.ref),
  );
  return items.flatMap((item) => {
    const person = personOf(people, item.ref);
    return person && !isAmbiguous(person) ? [{ seq: item.seq, key: person.key }] : [];
  });
}
