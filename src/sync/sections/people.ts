import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { ItemRow } from '../repository';
import { changedFields, changesOf, grouped, isAmbiguous, refsOf, single, type Decision } from './compare';
import type { ObjectRef } from '../../access/manage';

export interface PersonRow {
  key: number;
  login: string;
  externalId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
}

/** A person as the sync reads one, from `identity i`. */
export const PERSON_COLUMNS = `i.id as key, i.login, i.external_id as "externalId", i.first_name as "firstName", i.last_name as "lastName", i.email`;

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

export async function decideUsers(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const wanted = items.map((item) => item.payload as Record<string, string | null>);
  const people = await peopleByRef(em, [...wanted.map((user) => user.externalId), ...wanted.map((user) => user.login)].filter(Boolean) as string[]);
  return wanted.map((user): Decision => {
    const person =
      (user.externalId ? single(people.byExternalId, user.externalId, 'people') : undefined) ??
      (user.login ? people.byLogin.get(user.login.toLowerCase())?.[0] : undefined);
    if (isAmbiguous(person)) return { action: 'error', error: person.ambiguous };
    if (!person) {
      if (!user.login) return { action: 'error', error: 'login is required to create a person' };
      const fields = { login: user.login, externalId: user.externalId ?? null, firstName: user.firstName, lastName: user.lastName, email: user.email };
      return { action: 'create', write: { mutation: 'createUser', variables: { user: fields } } };
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
    const changes = changesOf(person as unknown as Record<string, unknown>, user, USER_FIELDS);
    if (!changes.length) return { action: 'unchanged', key: person.key, may: mayManage };
    return {
      action: 'update',
      key: person.key,
      changes,
      write: { mutation: 'updateUser', variables: { identityKey: person.key, user: changedFields(changes, user) } },
    };
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
