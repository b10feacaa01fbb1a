import { randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import { insertEntry, insertMember, insertRootNode, type NewEntry } from '../src/courses/repository';
import { sql } from '../src/db/sql';
import { defaultInheritance, grantedInheritance, type OrganisationRole } from '../src/domain/roles';
import { EntryRole } from '../src/entities/courses';
import { Group, GroupMembership, GroupRole } from '../src/entities/groups';
import { Organisation, OrganisationRoleMembership, OrganisationType } from '../src/entities/organisations';
import { IdentityRelation, RelationRole } from '../src/entities/relations';
import { Taxonomy, TaxonomyCompetence, TaxonomyLevel, TaxonomyLevelType } from '../src/entities/taxonomy';
import { Authentication } from '../src/entities/authentications';
import { Identity, Provider } from '../src/entities/users';
import { defaultOrganisation } from '../src/organisations/repository';
import type { RolesVO } from '../src/schema/users';
import { ROLE_FLAGS } from '../src/users/service';
import { basic, type Headers } from './support/http';
import type { TestService } from './support/service';

/*
 * Test data written straight into the service's database, so that a family's tests do not depend
 * on other families' endpoints. Each builder returns what the tests address the object by.
 */

export const uniqueLogin = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}`;

export interface TestUser {
  key: number;
  login: string;
  password: string;
  auth: Headers;
}

const em = (t: TestService) => t.service.orm.em.fork();

/**
 * A person with a password, a user of the default organisation like everyone PUT /users creates,
 * holding the roles the RolesVO flags name there (as POST /users/{k}/roles grants them).
 */
export async function buildUser(t: TestService, roles: Partial<Record<keyof RolesVO, boolean>> = {}, fields: Partial<Identity> = {}): Promise<TestUser> {
  return (await buildUsers(t, 1, roles, () => fields))[0];
}

/** `count` people as buildUser makes them, written in one flush; they share one password (hashed once). */
export async function buildUsers(
  t: TestService,
  count: number,
  roles: Partial<Record<keyof RolesVO, boolean>> = {},
  fieldsOf: (index: number) => Partial<Identity> = () => ({}),
): Promise<TestUser[]> {
  const password = `pw-${randomUUID()}`;
  const credential = await bcrypt.hash(password, 4);
  const db = em(t);
  const organisation = await defaultOrganisation(db);
  const granted = new Set<OrganisationRole>(['user', ...ROLE_FLAGS.filter(([flag]) => roles[flag]).map(([, role]) => role)]);
  const identities = Array.from({ length: count }, (_, index) => {
    const fields = fieldsOf(index);
    const login = fields.login ?? uniqueLogin();
    const identity = db.create(Identity, { login, firstName: 'Test', lastName: login, email: `${login}@example.org`, ...fields });
    db.persist(identity);
    db.persist(db.create(Authentication, { identity, provider: Provider.password, authUsername: login, credential }));
    for (const role of granted) db.persist(db.create(OrganisationRoleMembership, { identity, organisation, role, inheritance: defaultInheritance(role) }));
    return identity;
  });
  await db.flush();
  return identities.map(({ id: key, login }) => ({ key, login, password, auth: basic(login, password) }));
}

/** A group of the organisation `organisationKey`, else of the default organisation. */
export async function buildGroup(t: TestService, { organisationKey, ...fields }: Partial<Group> & { organisationKey?: number } = {}): Promise<number> {
  const db = em(t);
  const organisation = organisationKey ? db.getReference(Organisation, organisationKey) : await defaultOrganisation(db);
  const group = db.create(Group, { name: `Group ${uniqueLogin('g')}`, organisation, ...fields });
  await db.persistAndFlush(group);
  return group.id;
}

export async function addGroupMember(t: TestService, groupKey: number, identityKey: number, role: GroupRole): Promise<void> {
  await addGroupMembers(t, groupKey, [identityKey], role);
}

/** The people as members of the group in one role, written in one flush. */
export async function addGroupMembers(t: TestService, groupKey: number, identityKeys: number[], role: GroupRole): Promise<void> {
  const db = em(t);
  for (const identity of identityKeys) db.persist(db.create(GroupMembership, { group: groupKey, identity, role }));
  await db.flush();
}

/** An organisation below `parentKey`, or below the default organisation. */
export async function buildOrganisation(t: TestService, fields: Partial<Organisation> = {}, parentKey?: number): Promise<number> {
  const db = em(t);
  const parent = parentKey ? await db.findOneOrFail(Organisation, { id: parentKey }) : await defaultOrganisation(db);
  const identifier = fields.identifier ?? uniqueLogin('org');
  const organisation = db.create(Organisation, { identifier, displayName: identifier, ...fields, parent });
  await db.persistAndFlush(organisation);
  organisation.path = `${parent.path}${organisation.id}/`;
  await db.flush();
  return organisation.id;
}

export async function defaultOrganisationKey(t: TestService): Promise<number> {
  return (await defaultOrganisation(em(t))).id;
}

/** A role membership, with the role's default inheritance unless one is given. */
export async function addOrganisationMember(t: TestService, organisationKey: number, identityKey: number, role: OrganisationRole, inheritance?: string) {
  const db = em(t);
  await db.persistAndFlush(
    db.create(OrganisationRoleMembership, { organisation: organisationKey, identity: identityKey, role, inheritance: grantedInheritance(role, inheritance) }),
  );
}

export async function buildOrganisationType(t: TestService, fields: Partial<OrganisationType> = {}): Promise<number> {
  const db = em(t);
  const identifier = fields.identifier ?? uniqueLogin('type');
  const type = db.create(OrganisationType, { identifier, displayName: identifier, ...fields });
  await db.persistAndFlush(type);
  return type.id;
}

export async function buildRelationRole(t: TestService, fields: Partial<RelationRole> = {}): Promise<number> {
  const db = em(t);
  const role = db.create(RelationRole, { role: uniqueLogin('role'), ...fields });
  await db.persistAndFlush(role);
  return role.id;
}

/** A relation in which the source holds the role's rights over the target. */
export async function buildRelation(t: TestService, sourceKey: number, targetKey: number, roleKey: number): Promise<number> {
  const db = em(t);
  const relation = db.create(IdentityRelation, { source: sourceKey, target: targetKey, role: roleKey });
  await db.persistAndFlush(relation);
  return relation.id;
}

export interface TestCourse {
  /** The repository entry key. */
  key: number;
  /** The course id (OLAT resource id, CourseVO.key). */
  courseKey: number;
  softkey: string;
  editorRootNodeId: string;
}

/** A course (repository entry with its root structure node) in the default organisation unless `organisationKey` says otherwise. */
export async function buildCourse(t: TestService, fields: Partial<NewEntry> & { title?: string } = {}): Promise<TestCourse> {
  const db = em(t);
  const { title = `Course ${uniqueLogin('c')}`, ...entry } = fields;
  const softkey = entry.softkey ?? randomUUID().replace(/-/g, '');
  const editorRootNodeId = String(100_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999_999));
  return db.transactional(async (tx) => {
    const key = await insertEntry(tx, {
      displayname: title,
      description: null,
      teaser: null,
      authors: null,
      location: null,
      externalId: null,
      externalRef: null,
      managedFlags: null,
      status: 'preparation',
      organisationKey: (await defaultOrganisation(tx)).id,
      publicVisible: false,
      nodeAccessType: 'condition',
      ...entry,
      softkey,
      editorRootNodeId,
    });
    if (key === null) throw new Error(`a course has the softkey ${softkey} or the externalId ${entry.externalId} already`);
    await insertRootNode(tx, key, editorRootNodeId, title, title);
    const [{ courseKey }] = await sql<{ courseKey: number }>(tx, 'select olat_resource_id as "courseKey" from repository_entry where id = ?', [key]);
    return { key, courseKey, softkey, editorRootNodeId };
  });
}

export async function addCourseMember(t: TestService, entryKey: number, identityKey: number, role: EntryRole): Promise<void> {
  await insertMember(em(t), entryKey, identityKey, role);
}

export async function buildTaxonomy(t: TestService, fields: Partial<Taxonomy> = {}): Promise<number> {
  const db = em(t);
  const identifier = fields.identifier ?? uniqueLogin('taxonomy');
  const taxonomy = db.create(Taxonomy, { identifier, displayName: identifier, ...fields });
  await db.persistAndFlush(taxonomy);
  return taxonomy.id;
}

/** A level of the taxonomy, below `parentKey` or a root level. */
export async function buildTaxonomyLevel(t: TestService, taxonomyKey: number, fields: Partial<TaxonomyLevel> = {}, parentKey?: number): Promise<number> {
  const db = em(t);
  const parent = parentKey ? await db.findOneOrFail(TaxonomyLevel, { id: parentKey }) : null;
  const level = db.create(TaxonomyLevel, { identifier: uniqueLogin('level'), ...fields, taxonomy: taxonomyKey, parent });
  await db.persistAndFlush(level);
  level.path = `${parent?.path ?? '/'}${level.id}/`;
  await db.flush();
  return level.id;
}

export async function buildTaxonomyLevelType(t: TestService, taxonomyKey: number, fields: Partial<TaxonomyLevelType> = {}): Promise<number> {
  const db = em(t);
  const type = db.create(TaxonomyLevelType, { identifier: uniqueLogin('level-type'), ...fields, taxonomy: taxonomyKey });
  await db.persistAndFlush(type);
  return type.id;
}

export async function addTaxonomyCompetence(t: TestService, levelKey: number, identityKey: number, type = 'teach'): Promise<number> {
  const db = em(t);
  const competence = db.create(TaxonomyCompetence, { level: levelKey, identity: identityKey, type });
  await db.persistAndFlush(competence);
  return competence.id;
}

/** A curriculum in the default organisation unless `organisationKey` says otherwise. */
export async function buildCurriculum(t: TestService, fields: { identifier?: string; externalId?: string; organisationKey?: number } = {}): Promise<number> {
  const db = em(t);
  const identifier = fields.identifier ?? uniqueLogin('curriculum');
  const organisationKey = fields.organisationKey ?? (await defaultOrganisation(db)).id;
  const [{ id }] = await sql<{ id: number }>(
    db,
    'insert into curriculum (identifier, display_name, status, external_id, organisation_id) values (?, ?, ?, ?, ?) returning id',
    [identifier, identifier, 'active', fields.externalId ?? null, organisationKey],
  );
  return id;
}

/** An element of the curriculum, below `parentKey` or a root element. */
export async function buildCurriculumElement(t: TestService, curriculumKey: number, parentKey?: number, fields: { identifier?: string } = {}): Promise<number> {
  const db = em(t);
  const identifier = fields.identifier ?? uniqueLogin('element');
  const parentPath = parentKey ? (await sql<{ path: string }>(db, 'select path from curriculum_element where id = ?', [parentKey]))[0].path : '/';
  const [{ id }] = await sql<{ id: number }>(
    db,
    'insert into curriculum_element (identifier, display_name, curriculum_id, parent_id) values (?, ?, ?, ?) returning id',
    [identifier, identifier, curriculumKey, parentKey ?? null],
  );
  await sql(db, 'update curriculum_element set path = ? where id = ?', [`${parentPath}${id}/`, id]);
  return id;
}

/** A role on a curriculum element (catalogue 5.8). */
export async function addCurriculumElementMember(t: TestService, elementKey: number, identityKey: number, role: string, inheritance = 'none') {
  await sql(em(t), 'insert into curriculum_element_membership (element_id, identity_id, role, inheritance) values (?, ?, ?, ?)', [
    elementKey,
    identityKey,
    role,
    inheritance,
  ]);
}

/*
 * Strangers for refusals (test/support/operations.ts): each holds the role a family's routes ask and
 * manages an object of that kind of their own, but none of the objects a test names.
 */

/** An author who owns a course of their own. */
export async function buildOwnerOfAnotherCourse(t: TestService): Promise<TestUser> {
  const owner = await buildUser(t, { author: true });
  await addCourseMember(t, (await buildCourse(t)).key, owner.key, EntryRole.owner);
  return owner;
}

/** The holder of `role` (inheriting to its sub-organisations) in an organisation of their own below the default one. */
export async function buildRoleInAnotherOrganisation(t: TestService, role: OrganisationRole): Promise<TestUser> {
  const holder = await buildUser(t);
  await addOrganisationMember(t, await buildOrganisation(t), holder.key, role);
  return holder;
}

/** The owner of a curriculum of their own, and curriculum manager of an organisation without curricula (the role the lists and creates ask). */
export async function buildOwnerOfAnotherCurriculum(t: TestService): Promise<TestUser> {
  const owner = await buildRoleInAnotherOrganisation(t, 'curriculummanager');
  await sql(em(t), `insert into curriculum_role (curriculum_id, identity_id, role) values (?, ?, 'curriculumowner')`, [await buildCurriculum(t), owner.key]);
  return owner;
}

/** The coach of a group of their own. */
export async function buildCoachOfAnotherGroup(t: TestService): Promise<TestUser> {
  const coach = await buildUser(t);
  await addGroupMember(t, await buildGroup(t), coach.key, GroupRole.coach);
  return coach;
}
