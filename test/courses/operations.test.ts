import { EntryRole } from '../../src/entities/courses';
import { addCourseMember, buildCourse, buildOwnerOfAnotherCourse, buildUser, type TestCourse, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { UNKNOWN_KEY, graphqlOf, refusals, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Every course and repository entry operation: its refusals and a success, on both transports where the success differs. */

let t: TestService;
let plain: TestUser;
let owner: TestUser;
let member: TestUser;
let course: TestCourse;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  owner = await buildUser(t);
  member = await buildUser(t);
  // Published: its participant sees it (participants see a course when published or closed, src/courses/repository.ts MEMBER_STATUSES).
  course = await buildCourse(t, { title: 'Operations', status: 'published' });
  await addCourseMember(t, course.key, owner.key, EntryRole.owner);
  await addCourseMember(t, course.key, member.key, EntryRole.participant);
  stranger = await buildOwnerOfAnotherCourse(t);
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const courseWorld =
  (values: Record<string, unknown> = {}) =>
  () => ({ t, values: { courseKey: course.courseKey, role: 'participants', identityKey: member.key, ...values }, forbidden: plain, stranger });
const entryWorld =
  (values: Record<string, unknown> = {}) =>
  () => ({ t, values: { entry: String(course.key), role: 'participants', identityKey: member.key, ...values }, forbidden: plain, stranger });

/** The same operation through GraphQL, as the administrator. */
async function viaGraphql(name: string, values: Record<string, unknown>) {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(t.base, adminAuth(), op.document, op.variables(values));
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

/** 404 on both transports for an entry that neither key nor softkey names. */
function unknownEntry(name: string, values: Record<string, unknown> = {}) {
  it('404 for an unknown entry', async () => {
    const route = routeNamed(name);
    const path = `/restapi${route.path.replace(':entry', 'no-such-softkey').replace(':role', 'owners').replace(':identityKey', String(member.key))}`;
    expect((await call(t.base, route.method, path, { headers: asAdmin, body: route.bodyArg ? [{ key: 1 }] : undefined })).status).toBe(404);
    const op = graphqlOf(route);
    const reply = await graphql(
      t.base,
      adminAuth(),
      op.document,
      op.variables({ entry: String(UNKNOWN_KEY), role: 'owners', identityKey: member.key, ...values }),
    );
    expect(reply.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
}

describe('GET /repo/courses', () => {
  refusals('GET /repo/courses', courseWorld(), { everyCallerMay: true });
  it('lists every course to the administrator and the member’s own to a member', async () => {
    expect((await call(t.base, 'GET', '/restapi/repo/courses', { headers: asAdmin })).json.map((c: { key: number }) => c.key)).toContain(course.courseKey);
    expect((await call(t.base, 'GET', '/restapi/repo/courses', { headers: { ...member.auth, ...JSON_TYPE } })).json.map((c: { key: number }) => c.key)).toEqual(
      [course.courseKey],
    );
    expect((await call(t.base, 'GET', '/restapi/repo/courses', { headers: { ...plain.auth, ...JSON_TYPE } })).json).toEqual([]);
    expect((await viaGraphql('GET /repo/courses', {})).courses.map((c: { key: number }) => c.key)).toContain(course.courseKey);
  });
});

describe('PUT /repo/courses', () => {
  refusals('PUT /repo/courses', courseWorld());
  it('creates a course for an author', async () => {
    const author = await buildUser(t, { author: true });
    const reply = await call(t.base, 'PUT', '/restapi/repo/courses', { headers: { ...author.auth, ...JSON_TYPE }, body: { title: 'Created' } });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ displayName: 'Created', title: 'Created', repoEntryStatus: 'preparation', olatResourceTypeName: 'CourseModule' });
    expect(await viaGraphql('PUT /repo/courses', {})).toMatchObject({ title: 'Sample course' });
  });
});

describe('GET /repo/courses/:courseKey', () => {
  refusals('GET /repo/courses/:courseKey', courseWorld());
  it('answers the course to a member', async () => {
    const reply = await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}`, { headers: { ...member.auth, ...JSON_TYPE } });
    expect(reply.json).toMatchObject({ key: course.courseKey, repoEntryKey: course.key, title: 'Operations', editorRootNodeId: course.editorRootNodeId });
    expect(await viaGraphql('GET /repo/courses/:courseKey', { courseKey: course.courseKey })).toMatchObject({ key: course.courseKey });
  });
});

describe('DELETE /repo/courses/:courseKey', () => {
  refusals('DELETE /repo/courses/:courseKey', courseWorld());
  it('deletes the course for its owner', async () => {
    const doomed = await buildCourse(t);
    await addCourseMember(t, doomed.key, owner.key, EntryRole.owner);
    expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${doomed.courseKey}`, { headers: { ...owner.auth, ...JSON_TYPE } })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${doomed.courseKey}`, { headers: asAdmin })).status).toBe(404);
  });
});

describe('GET /repo/courses/:courseKey/:role', () => {
  refusals('GET /repo/courses/:courseKey/:role', courseWorld());
  it('lists the members with the role to an owner', async () => {
    const reply = await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/authors`, { headers: { ...owner.auth, ...JSON_TYPE } });
    expect(reply.json.map((u: { key: number }) => u.key)).toEqual([owner.key]);
    expect(
      (await viaGraphql('GET /repo/courses/:courseKey/:role', { courseKey: course.courseKey, role: 'participants' })).map((u: { key: number }) => u.key),
    ).toEqual([member.key]);
  });
  it('404 for a list that is none of authors, tutors and participants', async () => {
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/owners`, { headers: asAdmin })).status).toBe(404);
  });
});

describe('PUT /repo/courses/:courseKey/:role', () => {
  refusals('PUT /repo/courses/:courseKey/:role', courseWorld());
  it('adds the listed users, skipping unknown keys', async () => {
    const tutor = await buildUser(t);
    const reply = await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/tutors`, {
      headers: asAdmin,
      body: [{ key: tutor.key }, { key: UNKNOWN_KEY }],
    });
    expect(reply.status).toBe(200);
    const tutors = await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/tutors`, { headers: asAdmin });
    expect(tutors.json.map((u: { key: number }) => u.key)).toContain(tutor.key);
  });
});

describe('GET /repo/courses/:courseKey/authors/:identityKey', () => {
  refusals('GET /repo/courses/:courseKey/authors/:identityKey', () => {
    const world = courseWorld()();
    return { ...world, values: { ...world.values, identityKey: owner.key } };
  });
  it('answers an author, and 404 for a person who is none', async () => {
    const reply = await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/authors/${owner.key}`, { headers: asAdmin });
    expect(reply.json).toMatchObject({ key: owner.key, login: owner.login });
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/authors/${member.key}`, { headers: asAdmin })).status).toBe(404);
    expect(await viaGraphql('GET /repo/courses/:courseKey/authors/:identityKey', { courseKey: course.courseKey, identityKey: owner.key })).toMatchObject({
      key: owner.key,
    });
  });
});

describe('PUT /repo/courses/:courseKey/:role/:identityKey', () => {
  refusals('PUT /repo/courses/:courseKey/:role/:identityKey', courseWorld());
  it('adds a participant', async () => {
    const person = await buildUser(t);
    expect((await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/participants/${person.key}`, { headers: asAdmin })).status).toBe(200);
    expect(
      await viaGraphql('PUT /repo/courses/:courseKey/:role/:identityKey', { courseKey: course.courseKey, role: 'participants', identityKey: person.key }),
    ).toBe(true);
  });
});

describe('DELETE /repo/courses/:courseKey/:role/:identityKey', () => {
  refusals('DELETE /repo/courses/:courseKey/:role/:identityKey', courseWorld());
  it('removes a participant', async () => {
    const person = await buildUser(t);
    await addCourseMember(t, course.key, person.key, EntryRole.participant);
    expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${course.courseKey}/participants/${person.key}`, { headers: asAdmin })).status).toBe(200);
    const participants = await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/participants`, { headers: asAdmin });
    expect(participants.json.map((u: { key: number }) => u.key)).not.toContain(person.key);
  });
});

describe('GET /repo/entries', () => {
  refusals('GET /repo/entries', entryWorld(), { everyCallerMay: true });
  it('answers JSON without Accept, every entry to the administrator', async () => {
    const reply = await call(t.base, 'GET', '/restapi/repo/entries', { headers: adminAuth() });
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(reply.json.map((e: { key: number }) => e.key)).toContain(course.key);
    expect((await viaGraphql('GET /repo/entries', {})).repositoryEntries.map((e: { key: number }) => e.key)).toContain(course.key);
  });
});

describe('GET /repo/entries/:entry', () => {
  refusals('GET /repo/entries/:entry', entryWorld());
  unknownEntry('GET /repo/entries/:entry');
  it('answers the entry by key and by softkey', async () => {
    const byKey = await call(t.base, 'GET', `/restapi/repo/entries/${course.key}`, { headers: { ...member.auth, ...JSON_TYPE } });
    expect(byKey.json).toMatchObject({ key: course.key, softkey: course.softkey, olatResourceId: course.courseKey, resourceableTypeName: 'CourseModule' });
    const bySoftkey = await call(t.base, 'GET', `/restapi/repo/entries/${course.softkey}`, { headers: asAdmin });
    expect(bySoftkey.json).toMatchObject({ key: course.key });
    expect(await viaGraphql('GET /repo/entries/:entry', { entry: course.softkey })).toMatchObject({ key: course.key });
  });
});

describe('DELETE /repo/entries/:entry', () => {
  refusals('DELETE /repo/entries/:entry', entryWorld());
  unknownEntry('DELETE /repo/entries/:entry');
  it('deletes the entry', async () => {
    const doomed = await buildCourse(t);
    expect((await call(t.base, 'DELETE', `/restapi/repo/entries/${doomed.softkey}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/repo/entries/${doomed.key}`, { headers: asAdmin })).status).toBe(404);
  });
});

describe('GET /repo/entries/:entry/:role', () => {
  refusals('GET /repo/entries/:entry/:role', entryWorld());
  unknownEntry('GET /repo/entries/:entry/:role');
  it('lists the owners', async () => {
    const reply = await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/owners`, { headers: asAdmin });
    expect(reply.json.map((u: { key: number }) => u.key)).toEqual([owner.key]);
    expect((await viaGraphql('GET /repo/entries/:entry/:role', { entry: course.softkey, role: 'owners' })).map((u: { key: number }) => u.key)).toEqual([
      owner.key,
    ]);
  });
});

describe('PUT /repo/entries/:entry/:role', () => {
  refusals('PUT /repo/entries/:entry/:role', entryWorld());
  unknownEntry('PUT /repo/entries/:entry/:role');
  it('adds the listed coaches', async () => {
    const coach = await buildUser(t);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/coaches`, { headers: asAdmin, body: [{ key: coach.key }] })).status).toBe(200);
    const coaches = await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/coaches`, { headers: asAdmin });
    expect(coaches.json.map((u: { key: number }) => u.key)).toContain(coach.key);
  });
});

describe('PUT /repo/entries/:entry/:role/:identityKey', () => {
  refusals('PUT /repo/entries/:entry/:role/:identityKey', entryWorld());
  unknownEntry('PUT /repo/entries/:entry/:role/:identityKey');
  it('adds an owner', async () => {
    const person = await buildUser(t);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/owners/${person.key}`, { headers: asAdmin })).status).toBe(200);
    expect(await viaGraphql('PUT /repo/entries/:entry/:role/:identityKey', { entry: String(course.key), role: 'coaches', identityKey: person.key })).toBe(true);
  });
});

describe('DELETE /repo/entries/:entry/:role/:identityKey', () => {
  refusals('DELETE /repo/entries/:entry/:role/:identityKey', entryWorld());
  unknownEntry('DELETE /repo/entries/:entry/:role/:identityKey');
  it('removes a coach', async () => {
    const person = await buildUser(t);
    await addCourseMember(t, course.key, person.key, EntryRole.coach);
    expect((await call(t.base, 'DELETE', `/restapi/repo/entries/${course.key}/coaches/${person.key}`, { headers: asAdmin })).status).toBe(200);
    expect(await viaGraphql('DELETE /repo/entries/:entry/:role/:identityKey', { entry: String(course.key), role: 'coaches', identityKey: person.key })).toBe(
      true,
    );
  });
});

/** A page upload as a multipart form: the fields, and the HTML in the file part `file`. */
function pageForm(fields: Record<string, string>, html = '<p>Page</p>', part = 'file') {
  const form = new FormData();
  form.append(part, new Blob([html], { type: 'text/html' }), 'page.html');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** A new element of the operations course through GraphQL, as the administrator; its node id. */
async function addedElement(type: 'Structure' | 'SinglePage'): Promise<string> {
  const reply = await graphql(
    t.base,
    adminAuth(),
    `mutation($courseKey: Long!, $element: CourseNodeInput!) { add${type}Element(courseKey: $courseKey, element: $element) { id } }`,
    { courseKey: course.courseKey, element: { parentNodeId: course.editorRootNodeId, shortTitle: type, file: Buffer.from('<p>x</p>').toString('base64') } },
  );
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[`add${type}Element`].id;
}

const elementWorld =
  (values: Record<string, unknown> = {}) =>
  () => ({ t, values: { courseKey: course.courseKey, nodeId: course.editorRootNodeId, ...values }, forbidden: member, stranger });

describe('GET /repo/courses/:courseKey/elements/:nodeId', () => {
  refusals('GET /repo/courses/:courseKey/elements/:nodeId', elementWorld());
  it('answers the root node, and 404 for an unknown node', async () => {
    const path = `/restapi/repo/courses/${course.courseKey}/elements`;
    const reply = await call(t.base, 'GET', `${path}/${course.editorRootNodeId}`, { headers: { ...owner.auth, ...JSON_TYPE } });
    expect(reply.json).toMatchObject({ id: course.editorRootNodeId, shortName: 'st', parentId: null, shortTitle: 'Operations' });
    expect((await call(t.base, 'GET', `${path}/404404404`, { headers: asAdmin })).status).toBe(404);
    expect(await viaGraphql('GET /repo/courses/:courseKey/elements/:nodeId', { courseKey: course.courseKey, nodeId: course.editorRootNodeId })).toMatchObject({
      id: course.editorRootNodeId,
    });
  });
});

describe('PUT /repo/courses/:courseKey/elements/structure', () => {
  refusals('PUT /repo/courses/:courseKey/elements/structure', elementWorld());
  it('adds a structure element from query parameters', async () => {
    const query = `parentNodeId=${course.editorRootNodeId}&shortTitle=Chapter&longTitle=First%20chapter`;
    const reply = await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/elements/structure?${query}`, { headers: asAdmin });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ shortName: 'st', parentId: course.editorRootNodeId, shortTitle: 'Chapter', longTitle: 'First chapter' });
    expect(await addedElement('Structure')).toMatch(/^\d{15}$/);
  });
});

describe('POST /repo/courses/:courseKey/elements/structure', () => {
  refusals('POST /repo/courses/:courseKey/elements/structure', elementWorld());
  it('adds a structure element from a multipart form', async () => {
    const body = pageForm({ parentNodeId: course.editorRootNodeId, shortTitle: 'Posted' });
    const reply = await call(t.base, 'POST', `/restapi/repo/courses/${course.courseKey}/elements/structure`, { headers: asAdmin, body });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ shortName: 'st', shortTitle: 'Posted' });
  });
});

describe('POST /repo/courses/:courseKey/elements/structure/:nodeId', () => {
  refusals('POST /repo/courses/:courseKey/elements/structure/:nodeId', elementWorld());
  it('changes a structure element', async () => {
    const nodeId = await addedElement('Structure');
    const body = pageForm({ longTitle: 'Changed' });
    const reply = await call(t.base, 'POST', `/restapi/repo/courses/${course.courseKey}/elements/structure/${nodeId}`, { headers: asAdmin, body });
    expect(reply.json).toMatchObject({ id: nodeId, shortTitle: 'Structure', longTitle: 'Changed' });
  });
});

describe.each(['PUT', 'POST'])('%s /repo/courses/:courseKey/elements/singlepage', (method) => {
  refusals(`${method} /repo/courses/:courseKey/elements/singlepage`, elementWorld());
  it('adds a single page with the uploaded HTML page', async () => {
    const body = pageForm({ parentNodeId: course.editorRootNodeId, shortTitle: `Page by ${method}` });
    const reply = await call(t.base, method, `/restapi/repo/courses/${course.courseKey}/elements/singlepage`, { headers: asAdmin, body });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ shortName: 'sp', shortTitle: `Page by ${method}`, parentId: course.editorRootNodeId });
    expect(await addedElement('SinglePage')).toMatch(/^\d{15}$/);
  });
});

describe('POST /repo/courses/:courseKey/elements/singlepage/:nodeId', () => {
  refusals('POST /repo/courses/:courseKey/elements/singlepage/:nodeId', elementWorld());
  it('changes a single page', async () => {
    const nodeId = await addedElement('SinglePage');
    const reply = await call(t.base, 'POST', `/restapi/repo/courses/${course.courseKey}/elements/singlepage/${nodeId}`, {
      headers: asAdmin,
      body: pageForm({ shortTitle: 'Renamed' }),
    });
    expect(reply.json).toMatchObject({ id: nodeId, shortName: 'sp', shortTitle: 'Renamed' });
  });
});

describe('POST /repo/courses/:courseKey/publish', () => {
  refusals('POST /repo/courses/:courseKey/publish', elementWorld());
  it('publishes the course with a status', async () => {
    const reply = await call(t.base, 'POST', `/restapi/repo/courses/${course.courseKey}/publish?status=published&locale=en`, {
      headers: { ...owner.auth, ...JSON_TYPE },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: course.courseKey, repoEntryStatus: 'published' });
    expect(await viaGraphql('POST /repo/courses/:courseKey/publish', { courseKey: course.courseKey, status: 'published' })).toMatchObject({
      repoEntryStatus: 'published',
    });
  });
});

describe.each(['runstructure', 'editortreemodel'])('GET /repo/courses/:courseKey/%s', (tree) => {
  refusals(`GET /repo/courses/:courseKey/${tree}`, elementWorld());
  it('answers XML', async () => {
    const reply = await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/${tree}`, { headers: { ...owner.auth, Accept: 'application/xml' } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(reply.text).toContain(`<ident>${course.editorRootNodeId}</ident>`);
    const op = await viaGraphql(`GET /repo/courses/:courseKey/${tree}`, { courseKey: course.courseKey });
    expect(Buffer.from(op.content, 'base64').toString()).toBe(reply.text);
  });
});
