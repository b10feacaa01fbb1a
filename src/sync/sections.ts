import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, sql, textArray } from '../db/sql';
import { ELEMENT_ROLES } from '../curriculum/members';
import { roleOfPath } from '../organisations/members';
import type { Section } from './document';
import type { Write } from './operations';
import type { Action, ItemRow } from './repository';

export interface Change {
  field: string;
  before: string | null;
  after: string | null;
}

/** What a job does with one object: the action, the fields an update changes, and the write that does it (none: nothing to do). */
export interface Decision {
  action: Action;
  key?: number | null;
  changes?: Change[];
  error?: string;
  write?: Write;
}

const asText = (value: unknown) => (value == null ? null : String(value));

/** The fields the document gives (not null) whose value differs from the current one. */
function changesOf(current: Record<string, unknown>, wanted: Record<string, unknown>, fields: readonly string[]): Change[] {
  const changes: Change[] = [];
  for (const field of fields) {
    const after = wanted[field];
    if (after === undefined || after === null) continue;
    const normalised = typeof after === 'string' ? after.trim() : after;
    if (asText(current[field]) !== asText(normalised)) changes.push({ field, before: asText(current[field]), after: asText(normalised) });
  }
  return changes;
}

const changedFields = (changes: Change[], wanted: Record<string, unknown>) => Object.fromEntries(changes.map((change) => [change.field, wanted[change.field]]));

/** Rows by a text column, several per value (an externalId is not unique everywhere). */
function grouped<T>(rows: T[], by: (row: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const value = by(row);
    if (value != null) map.set(value, [...(map.get(value) ?? []), row]);
  }
  return map;
}

/** Distinct references as one `?::text[]` parameter. */
const refsOf = (values: (string | null | undefined)[]) => textArray([...new Set(values.filter((value): value is string => !!value))]);

/** One object found by its externalId, or why not: none (undefined) or more than one (an error). */
function single<T>(found: Map<string, T[]>, ref: string, what: string): T | undefined | { ambiguous: string } {
  const rows = found.get(ref) ?? [];
  if (rows.length > 1) return { ambiguous: `${rows.length} ${what} have the externalId ${ref}` };
  return rows[0];
}
const isAmbiguous = (value: unknown): value is { ambiguous: string } => !!value && typeof value === 'object' && 'ambiguous' in value;

interface PersonRow {
  key: number;
  login: string;
  externalId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
}

/** People by externalId or by login (lower case), for a batch of references. */
async function peopleByRef(em: EntityManager, refs: string[]): Promise<{ byExternalId: Map<string, PersonRow[]>; byLogin: Map<string, PersonRow[]> }> {
  const rows = refs.length
    ? await sql<PersonRow>(
        em,
        `select i.id as key, i.login, i.external_id as "externalId", i.first_name as "firstName", i.last_name as "lastName", i.email from identity i
         where i.external_id = any(?::text[])
         union select i.id, i.login, i.external_id, i.first_name, i.last_name, i.email from identity i where lower(i.login) = any(?::text[])`,
        [refsOf(refs), refsOf(refs.map((ref) => ref.toLowerCase()))],
      )
    : [];
  return { byExternalId: grouped(rows, (row) => row.externalId), byLogin: grouped(rows, (row) => row.login.toLowerCase()) };
}

/** The person a reference names: by externalId first, else by login. */
function personOf(people: Awaited<ReturnType<typeof peopleByRef>>, ref: string): PersonRow | undefined | { ambiguous: string } {
  const byExternalId = single(people.byExternalId, ref, 'people');
  return byExternalId ?? people.byLogin.get(ref.toLowerCase())?.[0];
}

const USER_FIELDS = ['externalId', 'firstName', 'lastName', 'email'] as const;

async function decideUsers(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
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
    if (user.externalId && person.externalId && person.externalId !== user.externalId) {
      return { action: 'error', key: person.key, error: `the login ${person.login} belongs to the person with externalId ${person.externalId}` };
    }
    const changes = changesOf(person as unknown as Record<string, unknown>, user, USER_FIELDS);
    if (!changes.length) return { action: 'unchanged', key: person.key };
    return {
      action: 'update',
      key: person.key,
      changes,
      write: { mutation: 'updateUser', variables: { identityKey: person.key, user: changedFields(changes, user) } },
    };
  });
}

interface GroupRow {
  key: number;
  externalId: string;
  name: string;
  description: string | null;
  minParticipants: number | null;
  maxParticipants: number | null;
}

const GROUP_FIELDS = ['name', 'description', 'minParticipants', 'maxParticipants'] as const;

const groupsByExternalId = async (em: EntityManager, refs: string[]) =>
  grouped(
    await sql<GroupRow>(
      em,
      `select g.id as key, g.external_id as "externalId", g.name, g.description, g.min_participants as "minParticipants", g.max_participants as "maxParticipants"
       from business_group g where g.external_id = any(?::text[])`,
      [refsOf(refs)],
    ),
    (row) => row.externalId,
  );

async function decideGroups(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const found = await groupsByExternalId(
    em,
    items.map((item) => item.ref),
  );
  return items.map((item): Decision => {
    const wanted = item.payload;
    const group = single(found, item.ref, 'groups');
    if (isAmbiguous(group)) return { action: 'error', error: group.ambiguous };
    if (!group) {
      if (!wanted.name) return { action: 'error', error: 'name is required to create a group' };
      return { action: 'create', write: { mutation: 'createGroup', variables: { group: { ...wanted, externalId: item.ref } } } };
    }
    const changes = changesOf(group as unknown as Record<string, unknown>, wanted, GROUP_FIELDS);
    if (!changes.length) return { action: 'unchanged', key: group.key };
    return {
      action: 'update',
      key: group.key,
      changes,
      write: { mutation: 'updateGroup', variables: { groupKey: group.key, group: changedFields(changes, wanted) } },
    };
  });
}

interface OrganisationRow {
  key: number;
  externalId: string;
  identifier: string;
  displayName: string;
  description: string | null;
  parentExternalId: string | null;
}

const ORGANISATION_FIELDS = ['identifier', 'displayName', 'description', 'parentExternalId'] as const;

const organisationsByExternalId = async (em: EntityManager, refs: string[]) =>
  grouped(
    await sql<OrganisationRow>(
      em,
      `select o.id as key, o.external_id as "externalId", o.identifier, o.display_name as "displayName", o.description, p.external_id as "parentExternalId"
       from organisation o left join organisation p on p.id = o.parent_id where o.external_id = any(?::text[])`,
      [refsOf(refs)],
    ),
    (row) => row.externalId,
  );

async function decideOrganisations(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const decisions: Decision[] = [];
  for (const item of items) {
    const wanted = item.payload as Record<string, string | null>;
    const refs = [item.ref, ...(wanted.parentExternalId ? [wanted.parentExternalId] : [])];
    const found = await organisationsByExternalId(em, refs);
    const organisation = single(found, item.ref, 'organisations');
    const parent = wanted.parentExternalId ? single(found, wanted.parentExternalId, 'organisations') : undefined;
    if (isAmbiguous(organisation)) decisions.push({ action: 'error', error: organisation.ambiguous });
    else if (isAmbiguous(parent)) decisions.push({ action: 'error', error: parent.ambiguous });
    else if (wanted.parentExternalId && !parent)
      decisions.push({ action: 'error', error: `no organisation has the externalId ${wanted.parentExternalId} (parentExternalId)` });
    else {
      const { parentExternalId: _parent, ...fields } = wanted;
      const parentOrganisationKey = parent?.key;
      if (!organisation) {
        if (!wanted.identifier || !wanted.displayName)
          decisions.push({ action: 'error', error: 'identifier and displayName are required to create an organisation' });
        else
          decisions.push({
            action: 'create',
            write: { mutation: 'createOrganisation', variables: { organisation: { ...fields, externalId: item.ref, parentOrganisationKey } } },
          });
        continue;
      }
      const changes = changesOf(organisation as unknown as Record<string, unknown>, wanted, ORGANISATION_FIELDS);
      if (!changes.length) decisions.push({ action: 'unchanged', key: organisation.key });
      else {
        const changed = changedFields(
          changes.filter((change) => change.field !== 'parentExternalId'),
          wanted,
        );
        const moved = changes.some((change) => change.field === 'parentExternalId') ? { parentOrganisationKey } : {};
        decisions.push({
          action: 'update',
          key: organisation.key,
          changes,
          write: { mutation: 'updateOrganisation', variables: { organisationKey: organisation.key, organisation: { ...changed, ...moved } } },
        });
      }
    }
  }
  return decisions;
}

interface CourseRow {
  /** The repository entry's key (its members are the entry's). */
  key: number;
  /** The course's key (/repo/courses/{courseKey}), which the job reports. */
  courseKey: number;
  externalId: string;
  title: string;
  description: string | null;
  location: string | null;
  authors: string | null;
  externalRef: string | null;
}

const COURSE_FIELDS = ['title', 'description', 'location', 'authors', 'externalRef'] as const;

const coursesByExternalId = async (em: EntityManager, refs: string[]) =>
  grouped(
    await sql<CourseRow>(
      em,
      `select e.id as key, e.olat_resource_id as "courseKey", e.external_id as "externalId", e.displayname as title, e.description, e.location, e.authors, e.external_ref as "externalRef"
       from repository_entry e where e.external_id = any(?::text[]) and e.resource_type_name = 'CourseModule'`,
      [refsOf(refs)],
    ),
    (row) => row.externalId,
  );

/** A course's metadata is replaced as a whole (POST …/metadata): the write reads it first and changes only what the document gives. */
async function decideCourses(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const found = await coursesByExternalId(
    em,
    items.map((item) => item.ref),
  );
  return items.map((item): Decision => {
    const wanted = item.payload as Record<string, string | null>;
    const course = single(found, item.ref, 'courses');
    if (isAmbiguous(course)) return { action: 'error', error: course.ambiguous };
    if (!course) {
      if (!wanted.title) return { action: 'error', error: 'title is required to create a course' };
      const { title, ...rest } = wanted;
      return { action: 'create', write: { mutation: 'createCourse', variables: { course: { ...rest, title, displayName: title, externalId: item.ref } } } };
    }
    const changes = changesOf(course as unknown as Record<string, unknown>, wanted, COURSE_FIELDS);
    const { courseKey } = course;
    if (!changes.length) return { action: 'unchanged', key: courseKey };
    const { title, ...changed } = changedFields(changes, wanted);
    return {
      action: 'update',
      key: courseKey,
      changes,
      write: {
        mutation: 'updateCourseMetadata',
        variables: { courseKey, metadata: { ...changed, ...(title === undefined ? {} : { displayname: title }) } },
        readFirst: { query: 'courseMetadata', variables: { courseKey }, arg: 'metadata' },
      },
    };
  });
}

interface CurriculumRow {
  key: number;
  externalId: string;
  identifier: string;
  displayName: string;
  description: string | null;
  organisationExternalId: string | null;
}

const CURRICULUM_FIELDS = ['identifier', 'displayName', 'description', 'organisationExternalId'] as const;

const curriculaByExternalId = async (em: EntityManager, refs: string[]) =>
  grouped(
    await sql<CurriculumRow>(
      em,
      `select c.id as key, c.external_id as "externalId", c.identifier, c.display_name as "displayName", c.description, o.external_id as "organisationExternalId"
       from curriculum c left join organisation o on o.id = c.organisation_id where c.external_id = any(?::text[])`,
      [refsOf(refs)],
    ),
    (row) => row.externalId,
  );

async function decideCurricula(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const wanted = items.map((item) => item.payload as Record<string, string | null>);
  const found = await curriculaByExternalId(
    em,
    items.map((item) => item.ref),
  );
  const organisations = await organisationsByExternalId(em, wanted.map((curriculum) => curriculum.organisationExternalId).filter(Boolean) as string[]);
  return items.map((item, index): Decision => {
    const { organisationExternalId, ...fields } = wanted[index];
    const curriculum = single(found, item.ref, 'curricula');
    const organisation = organisationExternalId ? single(organisations, organisationExternalId, 'organisations') : undefined;
    if (isAmbiguous(curriculum)) return { action: 'error', error: curriculum.ambiguous };
    if (isAmbiguous(organisation)) return { action: 'error', error: organisation.ambiguous };
    if (organisationExternalId && !organisation)
      return { action: 'error', error: `no organisation has the externalId ${organisationExternalId} (organisationExternalId)` };
    const organisationKey = organisation?.key;
    if (!curriculum) {
      if (!fields.identifier || !fields.displayName) return { action: 'error', error: 'identifier and displayName are required to create a curriculum' };
      return { action: 'create', write: { mutation: 'createCurriculum', variables: { curriculum: { ...fields, externalId: item.ref, organisationKey } } } };
    }
    const changes = changesOf(curriculum as unknown as Record<string, unknown>, wanted[index], CURRICULUM_FIELDS);
    if (!changes.length) return { action: 'unchanged', key: curriculum.key };
    const { organisationExternalId: moved, ...changed } = changedFields(changes, wanted[index]);
    return {
      action: 'update',
      key: curriculum.key,
      changes,
      write: { mutation: 'updateCurriculum', variables: { curriculumKey: curriculum.key, curriculum: { ...changed, ...(moved ? { organisationKey } : {}) } } },
    };
  });
}

interface ElementRow {
  key: number;
  externalId: string;
  curriculumKey: number;
  curriculumExternalId: string | null;
  parentExternalId: string | null;
  identifier: string | null;
  displayName: string;
  description: string | null;
}

const ELEMENT_FIELDS = ['identifier', 'displayName', 'description', 'parentExternalId'] as const;

const elementsByExternalId = async (em: EntityManager, refs: string[]) =>
  grouped(
    await sql<ElementRow>(
      em,
      `select e.id as key, e.external_id as "externalId", e.curriculum_id as "curriculumKey", c.external_id as "curriculumExternalId",
         p.external_id as "parentExternalId", e.identifier, e.display_name as "displayName", e.description
       from curriculum_element e join curriculum c on c.id = e.curriculum_id left join curriculum_element p on p.id = e.parent_id
       where e.external_id = any(?::text[])`,
      [refsOf(refs)],
    ),
    (row) => row.externalId,
  );

/** A curriculum element, in its curriculum (by externalId), below its parent element (by externalId) or at the top. */
async function decideElements(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const decisions: Decision[] = [];
  for (const item of items) {
    const { curriculumExternalId, parentExternalId, ...fields } = item.payload as Record<string, string | null>;
    const found = await elementsByExternalId(em, [item.ref, ...(parentExternalId ? [parentExternalId] : [])]);
    const element = single(found, item.ref, 'curriculum elements');
    const parent = parentExternalId ? single(found, parentExternalId, 'curriculum elements') : undefined;
    const curriculum = curriculumExternalId ? single(await curriculaByExternalId(em, [curriculumExternalId]), curriculumExternalId, 'curricula') : undefined;
    const decide = (): Decision => {
      if (isAmbiguous(element) || isAmbiguous(parent) || isAmbiguous(curriculum))
        return { action: 'error', error: [element, parent, curriculum].find(isAmbiguous)!.ambiguous };
      if (parentExternalId && !parent) return { action: 'error', error: `no curriculum element has the externalId ${parentExternalId} (parentExternalId)` };
      if (curriculumExternalId && !curriculum)
        return { action: 'error', error: `no curriculum has the externalId ${curriculumExternalId} (curriculumExternalId)` };
      if (!element) {
        const curriculumKey = curriculum?.key ?? parent?.curriculumKey;
        if (!curriculumKey) return { action: 'error', error: 'curriculumExternalId is required to create a curriculum element' };
        if (!fields.displayName) return { action: 'error', error: 'displayName is required to create a curriculum element' };
        const curriculumElement = { ...fields, externalId: item.ref, parentElementKey: parent?.key };
        return { action: 'create', write: { mutation: 'saveCurriculumElement', variables: { curriculumKey, curriculumElement } } };
      }
      if (curriculum && curriculum.key !== element.curriculumKey)
        return { action: 'error', key: element.key, error: `the element ${item.ref} is in another curriculum` };
      const changes = changesOf(element as unknown as Record<string, unknown>, { ...fields, parentExternalId }, ELEMENT_FIELDS);
      if (!changes.length) return { action: 'unchanged', key: element.key };
      const { parentExternalId: moved, ...changed } = changedFields(changes, fields);
      const curriculumElement = {
        ...changed,
        ...(moved !== undefined || changes.some((change) => change.field === 'parentExternalId') ? { parentElementKey: parent?.key } : {}),
      };
      return {
        action: 'update',
        key: element.key,
        changes,
        write: { mutation: 'updateCurriculumElement', variables: { curriculumKey: element.curriculumKey, elementKey: element.key, curriculumElement } },
      };
    };
    decisions.push(decide());
  }
  return decisions;
}

/** A membership's container kind: how its containers are found, its members read, and a role granted and ended. */
interface ContainerKind {
  find(em: EntityManager, refs: string[]): Promise<Map<string, Container[]>>;
  /** The role as the kind stores it, or null when the kind has no such role. */
  role(role: string): string | null;
  /** Of `identityKeys`, those holding the role in the container. */
  holders(em: EntityManager, containerKey: number, role: string, identityKeys: number[]): Promise<Set<number>>;
  /** The holders of the role the job does not list (the removals of a mirror), and how many hold it in all. */
  unlisted(
    em: EntityManager,
    containerKey: number,
    role: string,
    jobKey: number,
    container: string,
    listedRole: string,
  ): Promise<{ members: number; unlisted: PersonRow[] }>;
  add(container: Container, role: string, identityKey: number): Write;
  remove(container: Container, role: string, identityKey: number): Write;
}

/** A container as its kind finds it: its key (and an element its curriculum's). */
interface Container {
  key: number;
  curriculumKey?: number;
}

const PERSON_COLUMNS = `i.id as key, i.login, i.external_id as "externalId", i.first_name as "firstName", i.last_name as "lastName", i.email`;

/** The members of one container and role (table `table`, container column `column`) whose person the job does not list there. */
async function unlistedMembers(
  em: EntityManager,
  table: string,
  column: string,
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

async function holdersIn(em: EntityManager, table: string, column: string, containerKey: number, role: string, identityKeys: number[]) {
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
    holders: (em, key, role, keys) => holdersIn(em, 'group_membership', 'group_id', key, role, keys),
    unlisted: (em, key, role, jobKey, container, listedRole) => unlistedMembers(em, 'group_membership', 'group_id', key, role, jobKey, container, listedRole),
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
    holders: (em, key, role, keys) => holdersIn(em, 'organisation_role', 'organisation_id', key, role, keys),
    unlisted: (em, key, role, jobKey, container, listedRole) =>
      unlistedMembers(em, 'organisation_role', 'organisation_id', key, role, jobKey, container, listedRole),
    add: ({ key: organisationKey }, role, identityKey) => ({ mutation: 'addOrganisationMember', variables: { organisationKey, role, identityKey } }),
    remove: ({ key: organisationKey }, role, identityKey) => ({ mutation: 'removeOrganisationMember', variables: { organisationKey, role, identityKey } }),
  },
  course: {
    find: coursesByExternalId,
    role: (role) => COURSE_ROLES[role] ?? null,
    holders: (em, key, role, keys) => holdersIn(em, 'repository_entry_membership', 'entry_id', key, role, keys),
    unlisted: (em, key, role, jobKey, container, listedRole) =>
      unlistedMembers(em, 'repository_entry_membership', 'entry_id', key, role, jobKey, container, listedRole),
    add: ({ key }, role, identityKey) => ({ mutation: 'addRepositoryEntryMember', variables: { entry: String(key), role: listOf(role), identityKey } }),
    remove: ({ key }, role, identityKey) => ({ mutation: 'removeRepositoryEntryMember', variables: { entry: String(key), role: listOf(role), identityKey } }),
  },
  element: {
    find: elementsByExternalId,
    role: (role) => ELEMENT_ROLE_NAMES[role] ?? null,
    holders: (em, key, role, keys) => holdersIn(em, 'curriculum_element_membership', 'element_id', key, role, keys),
    unlisted: (em, key, role, jobKey, container, listedRole) =>
      unlistedMembers(em, 'curriculum_element_membership', 'element_id', key, role, jobKey, container, listedRole),
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

const containerParts = (container: string) => {
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

async function decideMemberships(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
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
    holders.set(item.container! + '|' + container.role, await container.kind.holders(em, container.key, container.role, keys));
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
        : { action: 'unchanged', key: person.key };
    }
    if (holds) return { action: 'unchanged', key: person.key };
    return { action: 'create', key: person.key, write: container.kind.add(container.found, container.role, person.key) };
  });
}

/** Sections whose objects are decided one at a time, just before each is written: an organisation's or element's parent may be the one before it. */
export const ONE_BY_ONE: ReadonlySet<Section> = new Set(['organisations', 'elements']);

export const DECIDE: Record<Section, (em: EntityManager, items: ItemRow[]) => Promise<Decision[]>> = {
  organisations: decideOrganisations,
  users: decideUsers,
  groups: decideGroups,
  courses: decideCourses,
  curricula: decideCurricula,
  elements: decideElements,
  memberships: decideMemberships,
};

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

/** A mirror's removals for one container and role: the members the job does not list, and how many hold the role now. */
export async function removalsOf(em: EntityManager, jobKey: number, container: string, listedRole: string) {
  const { type, externalId } = containerParts(container);
  const kind = CONTAINER_KINDS[type];
  const role = kind?.role(listedRole);
  const [found, more] = role ? ((await kind.find(em, [externalId])).get(externalId) ?? []) : [];
  if (!role || !found || more) return { members: 0, unlisted: [] as PersonRow[] };
  return kind.unlisted(em, found.key, role, jobKey, container, listedRole);
}
