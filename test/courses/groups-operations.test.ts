import { EntryRole } from '../../src/entities/courses';
import { GroupRole } from '../../src/entities/groups';
import { sql } from '../../src/db/sql';
import {
  addCourseMember,
  addGroupMember,
  buildCourse,
  buildGroup,
  buildOrganisation,
  buildOwnerOfAnotherCourse,
  buildRoleInAnotherOrganisation,
  buildUser,
  defaultOrganisationKey,
  type TestCourse,
  type TestUser,
} from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { graphqlOf, refusals, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Course groups, a person's courses and an organisation's entries: each operation's refusals and a success, on both transports. */

let t: TestService;
let plain: TestUser;
let owner: TestUser;
let member: TestUser;
let course: TestCourse;
let groupKey: number;
let defaultOrganisation: number;
/** Callers with the role of each kind of route here, but no right to its objects. */
const strangers = {} as Record<'course' | 'person' | 'organisation', TestUser>;
beforeAll(async () => {
  t = await startTestService();
  defaultOrganisation = await defaultOrganisationKey(t);
  plain = await buildUser(t);
  owner = await buildUser(t);
  member = await buildUser(t);
  // Published: the group's participants see it (participants see a course when published or closed, src/courses/repository.ts MEMBER_STATUSES).
  course = await buildCourse(t, { title: 'Course groups', status: 'published' });
  await addCourseMember(t, course.key, owner.key, EntryRole.owner);
  groupKey = await buildGroup(t, { name: 'Linked' });
  await addGroupMember(t, groupKey, member.key, GroupRole.participant);
  await sql(t.service.orm.em.fork(), 'insert into repository_entry_group (entry_id, group_id) values (?, ?)', [course.key, groupKey]);
  strangers.course = await buildOwnerOfAnotherCourse(t);
  strangers.person = await buildRoleInAnotherOrganisation(t, 'usermanager');
  strangers.organisation = await buildRoleInAnotherOrganisation(t, 'administrator');
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const asOwner = () => ({ ...owner.auth, ...JSON_TYPE });
const world =
  (values: () => Record<string, unknown> = () => ({}), stranger: keyof typeof strangers = 'course') =>
  () => ({ t, values: { courseKey: course.courseKey, groupKey, identityKey: member.key, ...values() }, forbidden: plain, stranger: strangers[stranger] });
const GROUPS = () => `/restapi/repo/courses/${course.courseKey}/groups`;
const keysOf = (list: { key: number }[]) => list.map((item) => item.key);

/** The same operation through GraphQL, as the administrator. */
async function viaGraphql(name: string, values: Record<string, unknown>) {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(t.base, adminAuth(), op.document, op.variables(values));
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

describe('GET /repo/courses/:courseKey/groups', () => {
  refusals('GET /repo/courses/:courseKey/groups', world());
  it('lists the linked groups to whoever sees the course, as XML by default', async () => {
    const reply = await call(t.base, 'GET', GROUPS(), { headers: member.auth });
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(/^<\?xml[^>]*\?><groupVOs><groupVO><key>\d+<\/key>/);
    expect(keysOf((await call(t.base, 'GET', GROUPS(), { headers: asOwner() })).json)).toEqual([groupKey]);
    expect(keysOf(await viaGraphql('GET /repo/courses/:courseKey/groups', { courseKey: course.courseKey }))).toEqual([groupKey]);
  });
});

describe('PUT /repo/courses/:courseKey/groups', () => {
  refusals('PUT /repo/courses/:courseKey/groups', world());
  it('creates a group in the course for an owner, and links an existing one for a body key', async () => {
    const created = await call(t.base, 'PUT', GROUPS(), { headers: asOwner(), body: { name: 'Tutorial A', maxParticipants: 25, externalId: 'SIS-1' } });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ name: 'Tutorial A', maxParticipants: 25, externalId: 'SIS-1', type: 'LearningGroup' });
    const existing = await buildGroup(t, { name: 'Existing' });
    const linked = await call(t.base, 'PUT', GROUPS(), { headers: asAdmin, body: { key: existing } });
    expect(linked.json).toMatchObject({ key: existing, name: 'Existing' });
    expect(keysOf((await call(t.base, 'GET', GROUPS(), { headers: asAdmin })).json)).toEqual(expect.arrayContaining([created.json.key, existing]));
    expect(await viaGraphql('PUT /repo/courses/:courseKey/groups', { courseKey: course.courseKey })).toMatchObject({ name: 'Sample group' });
  });
  it('answers 406 without a name, 404 for an unknown group key, 400 for a malformed body, in the client’s format', async () => {
    const nameless = await call(t.base, 'PUT', GROUPS(), {
      headers: { ...adminAuth(), ...XML_TYPE },
      body: '<groupVO><description>x</description></groupVO>',
      contentType: 'application/xml',
    });
    expect(nameless.status).toBe(406);
    expect(nameless.headers.get('content-type')).toMatch(/xml/);
    expect((await call(t.base, 'PUT', GROUPS(), { headers: asAdmin, body: { key: 2_000_000_000 } })).status).toBe(404);
    const malformed = await call(t.base, 'PUT', GROUPS(), { headers: asAdmin, body: '{"name":' });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-type')).toMatch(/json/);
  });
});

describe('POST /repo/courses/:courseKey/groups/new', () => {
  refusals('POST /repo/courses/:courseKey/groups/new', world());
  it('creates a group in the course (legacy form)', async () => {
    const created = await call(t.base, 'POST', `${GROUPS()}/new`, { headers: asOwner(), body: { name: 'Legacy' } });
    expect(created.status).toBe(200);
    expect(keysOf((await call(t.base, 'GET', GROUPS(), { headers: asAdmin })).json)).toContain(created.json.key);
  });
});

describe('GET /repo/courses/:courseKey/groups/:groupKey', () => {
  refusals('GET /repo/courses/:courseKey/groups/:groupKey', world());
  it('answers a linked group to its member and the course owner; 404 for a group of no link', async () => {
    expect((await call(t.base, 'GET', `${GROUPS()}/${groupKey}`, { headers: { ...member.auth, ...JSON_TYPE } })).json).toMatchObject({
      key: groupKey,
      name: 'Linked',
    });
    expect((await call(t.base, 'GET', `${GROUPS()}/${groupKey}`, { headers: asOwner() })).status).toBe(200);
    const unlinked = await buildGroup(t);
    expect((await call(t.base, 'GET', `${GROUPS()}/${unlinked}`, { headers: asAdmin })).status).toBe(404);
    expect(await viaGraphql('GET /repo/courses/:courseKey/groups/:groupKey', { courseKey: course.courseKey, groupKey })).toMatchObject({ key: groupKey });
  });
});

describe('PUT /repo/courses/:courseKey/groups/:groupKey', () => {
  refusals('PUT /repo/courses/:courseKey/groups/:groupKey', world());
  it("links a group of another of the owner's courses: 200, then 304 as it is linked already; a group of no course of theirs is 403", async () => {
    const linker = await buildUser(t);
    const [mine, otherCourse] = [await buildCourse(t), await buildCourse(t)];
    for (const entry of [mine, otherCourse]) await addCourseMember(t, entry.key, linker.key, EntryRole.owner);
    const other = await buildGroup(t);
    await sql(t.service.orm.em.fork(), 'insert into repository_entry_group (entry_id, group_id) values (?, ?)', [otherCourse.key, other]);
    const groups = `/restapi/repo/courses/${mine.courseKey}/groups`;
    const headers = { ...linker.auth, ...JSON_TYPE };
    expect((await call(t.base, 'PUT', `${groups}/${other}`, { headers })).status).toBe(200);
    expect((await call(t.base, 'PUT', `${groups}/${other}`, { headers })).status).toBe(304);
    expect(keysOf((await call(t.base, 'GET', groups, { headers: asAdmin })).json)).toContain(other);
    const stranger = await buildGroup(t);
    expect((await call(t.base, 'PUT', `${groups}/${stranger}`, { headers })).status).toBe(403);
    expect(keysOf((await call(t.base, 'GET', groups, { headers: asAdmin })).json)).not.toContain(stranger);
    const third = await buildGroup(t);
    expect(await viaGraphql('PUT /repo/courses/:courseKey/groups/:groupKey', { courseKey: course.courseKey, groupKey: third })).toBe(true);
    expect(await viaGraphql('PUT /repo/courses/:courseKey/groups/:groupKey', { courseKey: course.courseKey, groupKey: third })).toBe(false);
  });
});

describe('POST /repo/courses/:courseKey/groups/:groupKey', () => {
  refusals('POST /repo/courses/:courseKey/groups/:groupKey', world());
  it('updates a group of the course as POST /groups/{g} does', async () => {
    const key = await buildGroup(t, { name: 'Before' });
    await call(t.base, 'PUT', `${GROUPS()}/${key}`, { headers: asAdmin });
    const reply = await call(t.base, 'POST', `${GROUPS()}/${key}`, { headers: asOwner(), body: { name: 'After', minParticipants: 0, maxParticipants: 10 } });
    expect(reply.json).toMatchObject({ key, name: 'After', minParticipants: null, maxParticipants: 10 });
    const unlinked = await buildGroup(t);
    expect((await call(t.base, 'POST', `${GROUPS()}/${unlinked}`, { headers: asAdmin, body: { name: 'X' } })).status).toBe(404);
    expect(await viaGraphql('POST /repo/courses/:courseKey/groups/:groupKey', { courseKey: course.courseKey, groupKey: key })).toMatchObject({
      name: 'Sample group',
    });
  });
});

describe('DELETE /repo/courses/:courseKey/groups/:groupKey', () => {
  refusals('DELETE /repo/courses/:courseKey/groups/:groupKey', world());
  it('deletes the group itself, as OpenOLAT does', async () => {
    const key = await buildGroup(t);
    await call(t.base, 'PUT', `${GROUPS()}/${key}`, { headers: asAdmin });
    expect((await call(t.base, 'DELETE', `${GROUPS()}/${key}`, { headers: asOwner() })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}`, { headers: asAdmin })).status).toBe(404);
    expect(keysOf((await call(t.base, 'GET', GROUPS(), { headers: asAdmin })).json)).not.toContain(key);
    const again = await buildGroup(t);
    await call(t.base, 'PUT', `${GROUPS()}/${again}`, { headers: asAdmin });
    expect(await viaGraphql('DELETE /repo/courses/:courseKey/groups/:groupKey', { courseKey: course.courseKey, groupKey: again })).toBe(true);
  });
});

describe.each(['my', 'teached', 'owned', 'favorite'])('GET /users/:identityKey/courses/%s', (list) => {
  const name = `GET /users/:identityKey/courses/${list}`;
  refusals(
    name,
    world(() => ({ identityKey: owner.key }), 'person'),
  );
  it('answers the person’s list to the person and to the administrator', async () => {
    const self = await call(t.base, 'GET', `/restapi/users/${owner.key}/courses/${list}`, { headers: asOwner() });
    expect(self.status).toBe(200);
    expect(keysOf(self.json)).toEqual(list === 'my' || list === 'owned' ? [course.courseKey] : []);
    const paged = await call(t.base, 'GET', `/restapi/users/${owner.key}/courses/${list}`, {
      headers: { ...adminAuth(), Accept: 'application/xml; pagingspec=1.0' },
    });
    expect(paged.text).toMatch(/^<\?xml[^>]*\?><courses totalCount="\d+"><courses(\/>|>)/);
    const viaGql = await viaGraphql(name, { identityKey: owner.key });
    expect(keysOf(viaGql.courses)).toEqual(keysOf(self.json));
  });
});

describe('GET /organisations/:organisationKey/entries', () => {
  refusals(
    'GET /organisations/:organisationKey/entries',
    world(() => ({ organisationKey: defaultOrganisation }), 'organisation'),
  );
  it('lists the entries of the organisation to an administrator, as XML by default', async () => {
    const organisationKey = await buildOrganisation(t);
    const placed = await buildCourse(t, { organisationKey, title: 'Placed' });
    const reply = await call(t.base, 'GET', `/restapi/organisations/${organisationKey}/entries`, { headers: adminAuth() });
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(new RegExp(`^<\\?xml[^>]*\\?><repositoryEntryVOs><repositoryEntryVO[^>]*><key>${placed.key}</key>`));
    expect(keysOf(await viaGraphql('GET /organisations/:organisationKey/entries', { organisationKey }))).toEqual([placed.key]);
  });
  it('lists an entry linked to the organisation as well as those placed in it', async () => {
    const organisationKey = await buildOrganisation(t);
    const placed = await buildCourse(t, { organisationKey, title: 'Placed' });
    const linked = await buildCourse(t, { title: 'Linked' });
    const link = await call(t.base, 'PUT', `/restapi/repo/entries/${linked.key}/organisations/${organisationKey}`, { headers: adminAuth() });
    expect(link.status).toBe(200);
    const reply = await call(t.base, 'GET', `/restapi/organisations/${organisationKey}/entries`, { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(keysOf(reply.json).sort((a, b) => a - b)).toEqual([placed.key, linked.key].sort((a, b) => a - b));
  });
});
