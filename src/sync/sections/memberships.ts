import type { RequestContext } from '../../domain/context';
import { managesObject, type ObjectRef } from '../../access/manage';
import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, sql } from '../../db/sql';
import { ELEMENT_ROLES } from '../../curriculum/members';
import { roleOfPath } from '../../organisations/members';
import type { Write } from '../../graphql/writes';
import type { ItemRow } from '../repository';
import { isAmbiguous, type Decision } from './compare';
import { coursesByExternalId } from './courses';
import { elementsByExternalId } from './curricula';
import { groupsByExternalId } from './groups';
import { organisationsByExternalId } from './organisations';
import { PERSON_COLUMNS, peopleByRef, personOf, type PersonRow } from './people';

/** A membership's container kind: how its containers are found, its members read, and a role granted and ended. */
interface ContainerKind {
  find(em: EntityManager, refs: string[]): Promise<Map<string, Container[]>>;
  /** The role as the kind stores it, or null when the kind has no such role. */
  role(role: string): string | null;
  /** The kind's membership table and its container column (beside `identity_id` and `role`). */
  members: MemberTable;
  /** The object whose change the caller must be allowed to change the container's members (src/access/manage.ts). */
  object(container: Container): ObjectRef;
  add(container: Container, role: string, identityKey: number): Write;
  remove(container: Container, role: string, identityKey: number): Write;
}

interface MemberTable {
  table: string;
  column: string;
}

/** A container as its kind finds it: its key (and an element its curriculum's). */
interface Container {
  key: number;
  curriculumKey?: number;
}

/** The members of one container and role (table `table`, container column `column`) whose person the job does not list there. */
async function unlistedMembers(
  em: EntityManager,
  { table, column }: MemberTable,
  containerKey: number,
  role: string,
  jobKey: number,
  container: string,
  listedRole: string,
) {
  const [{ members }] = await sql<{ members: number }>(em, `select count(*)::int as members from ${table} m where m.${column} = ? and m.role = ?`, [
    containerKey,
    role,
  ]);
  const unlisted = await sql<PersonRow>(
    em,
    `select ${PERSON_COLUMNS} from ${table} m join identity i on i.id = m.identity_id where m.${column} = ? and m.role = ?
       and not exists (select 1 from sync_item s where s.job_id = ? and s.container = ? and s.role = ? and s.member_key = m.identity_id)
     order by i.id`,
    [containerKey, role, jobKey, container, listedRole],
  );
  return { members, unlisted };
}

async function holdersIn(em: EntityManager, { table, column }: MemberTable, containerKey: number, role: string, identityKeys: number[]) {
  if (!identityKeys.length) return new Set<number>();
  const rows = await sql<{ key: number }>(
    em,
    `select m.identity_id as key from ${table} m where m.${column} = ? and m.role = ? and m.identity_id = any(?::int[])`,
    [containerKey, role, keyArray(identityKeys)],
  );
  return new Set(rows.map((row) => row.key));
}

const GROUP_ROLES: Record<string, string> = { owner: 'coach', owners: 'coach', coach: 'coach', participant: 'participant', participants: 'participant' };

/** The member list of a stored role, as the course and curriculum mutations name it (coach: coaches). */
const listOf = (role: string) => (role.endsWith('ch') ? `${role}es` : `${role}s`);

/** A course's roles as stored (the mutations name their lists: owners, coaches, participants). */
const COURSE_ROLES: Record<string, string> = {
  owner: 'owner',
  owners: 'owner',
  coach: 'coach',
  coaches: 'coach',
  tutor: 'coach',
  tutors: 'coach',
  participant: 'participant',
  participants: 'participant',
};

/** A curriculum element's roles, singular or as their lists are named. */
const ELEMENT_ROLE_NAMES: Record<string, string> = Object.fromEntries(
  ELEMENT_ROLES.flatMap((role) => [
    [role, role],
    [`${role}s`, role],
  ]),
);

const CONTAINER_KINDS: Record<string, ContainerKind> = {
  group: {
    find: groupsByExternalId,
    role: (role) => GROUP_ROLES[role] ?? null,
    members: { table: 'group_membership', column: 'group_id' },
    object: ({ key }) => ({ kind: 'group', key }),
    add: ({ key: groupKey }, role, identityKey) => ({
      mutation: role === 'coach' ? 'addGroupOwner' : 'addGroupParticipant',
      variables: { groupKey, identityKey },
    }),
    remove: ({ key: groupKey }, role, identityKey) => ({
      mutation: role === 'coach' ? 'removeGroupOwner' : 'removeGroupParticipant',
      variables: { groupKey, identityKey },
    }),
  },
  organisation: {
    find: organisationsByExternalId,
    role: roleOfPath,
    members: { table: 'organisation_role', column: 'organisation_id' },
    object: ({ key }) => ({ kind: 'organisation', key }),
    add: ({ key: organisationKey }, role, identityKey) => ({ mutation: 'addOrganisationMember', variables: { organisationKey, role, identityKey } }),
    remove: ({ key: organisationKey }, role, identityKey) => ({ mutation: 'removeOrganisationMember', variables: { organisationKey, role, identityKey } }),
  },
  course: {
    find: coursesByExternalId,
    role: (role) => COURSE_ROLES[role] ?? null,
    members: { table: 'repository_entry_membership', column: 'entry_id' },
    object: ({ key }) => ({ kind: 'entry', key }),
    add: ({ key }, role, identityKey) => ({ mutation: 'addRepositoryEntryMember', variables: { entry: String(key), role: listOf(role), identityKey } }),
    remove: ({ key }, role, identityKey) => ({ mutation: 'removeRepositoryEntryMember', variables: { entry: String(key), role: listOf(role), identityKey } }),
  },
  element: {
    find: elementsByExternalId,
    role: (role) => ELEMENT_ROLE_NAMES[role] ?? null,
    members: { table: 'curriculum_element_membership', column: 'element_id' },
    object: ({ curriculumKey }) => ({ kind: 'curriculum', key: curriculumKey! }),
    add: ({ key: elementKey, curriculumKey }, role, identityKey) => ({
      mutation: 'addCurriculumElementRoleMember',
      variables: { curriculumKey, elementKey, role: listOf(role), identityKey },
    }),
    remove: ({ key: elementKey, curriculumKey }, role, identityKey) => ({
      mutation: 'removeCurriculumElementRoleMember',
      variables: { curriculumKey, elementKey, role: listOf(role), identityKey },
    }),
  },
};

/** A membership's container, `<type>:<externalId>`, in its parts. */
export const containerParts = (container: string) => {
  const at = container.indexOf(':');
  return { type: container.slice(0, at), externalId: container.slice(at + 1) };
};

/** The containers of a batch: each one's key and stored role, or why it cannot be used. */
async function containersOf(em: EntityManager, items: ItemRow[]) {
  const byType = new Map<string, Set<string>>();
  for (const item of items) {
    const { type, externalId } = containerParts(item.container!);
    byType.set(type, (byType.get(type) ?? new Set()).add(externalId));
  }
  const found = new Map<string, Container[]>();
  for (const [type, refs] of byType) for (const [ref, rows] of await CONTAINER_KINDS[type].find(em, [...refs])) found.set(`${type}:${ref}`, rows);
  return (item: ItemRow): { kind: ContainerKind; found: Container; key: number; role: string } | { error: string } | null => {
    const { type, externalId } = containerParts(item.container!);
    const kind = CONTAINER_KINDS[type];
    const role = kind.role(item.role!);
    if (!role) return { error: `a ${type} has no role ${item.role}` };
    const rows = found.get(item.container!) ?? [];
    if (rows.length > 1) return { error: `${rows.length} ${type}s have the externalId ${externalId}` };
    return rows[0] ? { kind, found: rows[0], key: rows[0].key, role } : null;
  };
}

export async function decideMemberships(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const containerOf = await containersOf(em, items);
  const people = await peopleByRef(
    em,
    items.filter((item) => item.payload.identityKey == null).map((item) => item.ref),
  );
  const resolved = items.map((item) => {
    const container = containerOf(item);
    const person = item.payload.identityKey != null ? { key: Number(item.payload.identityKey) } : personOf(people, item.ref);
    return { item, container, person };
  });
  // Who holds the role already, per container: one statement each.
  const holders = new Map<string, Set<number>>();
  for (const { item, container, person } of resolved) {
    if (!container || 'error' in container || !person || isAmbiguous(person) || holders.has(item.container! + '|' + container.role)) continue;
    const keys = resolved
      .filter((other) => other.item.container === item.container && other.item.role === item.role && other.person && !isAmbiguous(other.person))
      .map((other) => (other.person as { key: number }).key);
    holders.set(item.container! + '|' + container.role, await holdersIn(em, container.kind.members, container.key, container.role, keys));
  }
  return resolved.map(({ item, container, person }): Decision => {
    const { type, externalId } = containerParts(item.container!);
    if (!container) return { action: 'error', error: `no ${type} has the externalId ${externalId}` };
    if ('error' in container) return { action: 'error', error: container.error };
    if (isAmbiguous(person)) return { action: 'error', error: person.ambiguous };
    if (!person) return { action: 'error', error: `no person has the externalId or login ${item.ref}` };
    const holds = holders.get(item.container! + '|' + container.role)!.has(person.key);
    if (item.payload.remove) {
      return holds
        ? { action: 'remove', key: person.key, write: container.kind.remove(container.found, container.role, person.key) }
        : { action: 'unchanged', key: person.key, may: container.kind.object(container.found) };
    }
    if (holds) return { action: 'unchanged', key: person.key, may: container.kind.object(container.found) };
    return { action: 'create', key: person.key, write: container.kind.add(container.found, container.role, person.key) };
  });
}

/** A mirror's removals for one container and role: the members the job does not list, and how many hold the role now; none where the caller may not change the container. */
export async function removalsOf(ctx: RequestContext, jobKey: number, container: string, listedRole: string) {
  const { type, externalId } = containerParts(container);
  const kind = CONTAINER_KINDS[type];
  const role = kind?.role(listedRole);
  const [found, more] = role ? ((await kind.find(ctx.em, [externalId])).get(externalId) ?? []) : [];
  // A container the caller may not change keeps its members, unnamed: each listed member is refused on its own.
  if (!role || !found || more || !(await managesObject(ctx, kind.object(found)))) return { members: 0, unlisted: [] as PersonRow[] };
  return unlistedMembers(ctx.em, kind.members, found.key, role, jobKey, container, listedRole);
}
