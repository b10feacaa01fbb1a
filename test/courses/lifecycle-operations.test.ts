import { EntryRole } from '../../src/entities/courses';
import { addCourseMember, buildCourse, buildOrganisation, buildOwnerOfAnotherCourse, buildUser, type TestCourse, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { graphqlOf, pathOf, refusals, restBody, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Every lifecycle operation of repository entries and courses: its refusals and a success, on both transports. */

let t: TestService;
let plain: TestUser;
let owner: TestUser;
let course: TestCourse;
let organisationKey: number;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  owner = await buildUser(t);
  course = await buildCourse(t, { title: 'Lifecycle operations' });
  organisationKey = await buildOrganisation(t);
  await addCourseMember(t, course.key, owner.key, EntryRole.owner);
  stranger = await buildOwnerOfAnotherCourse(t);
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const asOwner = () => ({ ...owner.auth, ...JSON_TYPE });
const world =
  (values: Record<string, unknown> = {}) =>
  () => ({ t, values: { entry: String(course.key), courseKey: course.courseKey, organisationKey, ...values }, forbidden: plain, stranger });

/** The route as the owner sends it, with the sample body. */
const asOwnerCalls = (name: string, values: Record<string, unknown> = {}) => {
  const route = routeNamed(name);
  return call(t.base, route.method, pathOf(route, { entry: String(course.key), courseKey: course.courseKey, organisationKey, ...values }), {
    headers: route.file ? { ...owner.auth, Accept: '*/*' } : asOwner(),
    body: restBody(route),
  });
};

/** The same operation through GraphQL, as the administrator. */
async function viaGraphql(name: string, values: Record<string, unknown> = {}) {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(
    t.base,
    adminAuth(),
    op.document,
    op.variables({ entry: String(course.key), courseKey: course.courseKey, organisationKey, ...values }),
  );
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

describe('GET /repo/entries/search', () => {
  refusals('GET /repo/entries/search', world(), { everyCallerMay: true });
  it('finds the course by name for its owner', async () => {
    const reply = await call(t.base, 'GET', '/restapi/repo/entries/search?name=Lifecycle*', { headers: { ...owner.auth } });
    expect(reply.headers.get('content-type')).toContain('application/json');
    expect(reply.json.map((e: { key: number }) => e.key)).toEqual([course.key]);
    expect((await viaGraphql('GET /repo/entries/search', { name: '*operations' })).map((e: { key: number }) => e.key)).toContain(course.key);
  });
});

describe('POST /repo/entries/:entry', () => {
  refusals('POST /repo/entries/:entry', world());
  it('updates the entry for an owner who is a global author, not for a global author who does not own it', async () => {
    const entry = await buildCourse(t, { title: 'Before' });
    const author = await buildUser(t, { author: true });
    const stranger = await buildUser(t, { author: true });
    await addCourseMember(t, entry.key, author.key, EntryRole.owner);
    const update = (user: TestUser) =>
      call(t.base, 'POST', `/restapi/repo/entries/${entry.key}`, {
        headers: { ...user.auth, ...JSON_TYPE },
        body: { displayname: 'Changed', description: 'New' },
      });
    expect((await update(stranger)).status).toBe(403);
    expect((await call(t.base, 'GET', `/restapi/repo/entries/${entry.key}`, { headers: asAdmin })).json).toMatchObject({ displayname: 'Before' });
    const reply = await update(author);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: entry.key, displayname: 'Changed', description: 'New' });
    expect(await viaGraphql('POST /repo/entries/:entry', { entry: String(entry.key) })).toMatchObject({ displayname: 'Sample entry' });
  });
});

describe.each(['GET /repo/entries/:entry/metadata', 'GET /repo/courses/:courseKey/metadata'])('%s', (name) => {
  refusals(name, world());
  it('answers the metadata to an owner', async () => {
    const reply = await asOwnerCalls(name);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: course.key, softkey: course.softkey, resourceableTypeName: 'CourseModule' });
    expect(await viaGraphql(name)).toMatchObject({ key: course.key });
  });
});

describe.each([
  'PUT /repo/entries/:entry/metadata',
  'POST /repo/entries/:entry/metadata',
  'PUT /repo/courses/:courseKey/metadata',
  'POST /repo/courses/:courseKey/metadata',
])('%s', (name) => {
  refusals(name, world());
  it('writes the metadata for an owner', async () => {
    const reply = await asOwnerCalls(name);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: course.key, displayname: 'Sample metadata', objectives: 'Sample objectives', description: null });
    expect(await viaGraphql(name)).toMatchObject({ objectives: 'Sample objectives' });
  });
});

describe.each([
  'PUT /repo/entries/:entry/status',
  'POST /repo/entries/:entry/status',
  'PUT /repo/courses/:courseKey/status',
  'POST /repo/courses/:courseKey/status',
])('%s', (name) => {
  refusals(name, world());
  it('changes the status for an owner', async () => {
    const entry = await buildCourse(t);
    await addCourseMember(t, entry.key, owner.key, EntryRole.owner);
    expect((await asOwnerCalls(name, { entry: String(entry.key), courseKey: entry.courseKey })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/repo/entries/${entry.key}`, { headers: asAdmin })).json.entryStatus).toBe('review');
    expect(await viaGraphql(name, { entry: String(entry.key), courseKey: entry.courseKey })).toBe(true);
  });
});

describe.each(['PUT /repo/entries/:entry/access/public', 'POST /repo/entries/:entry/access/public'])('%s', (name) => {
  refusals(name, world());
  it('opens the entry to all users, then answers 304 when nothing changes', async () => {
    const entry = await buildCourse(t);
    const path = `${pathOf(routeNamed(name), { entry: entry.key })}?allUsers=true&guests=true`;
    expect((await call(t.base, routeNamed(name).method, path, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, routeNamed(name).method, path, { headers: asAdmin })).status).toBe(304);
    expect(await viaGraphql(name, { entry: String(entry.key), allUsers: false })).toBe(true);
  });
});

describe.each([
  ['POST /repo/entries/:entry/image', 'GET /repo/entries/:entry/image', 'HEAD /repo/entries/:entry/image'],
  ['POST /repo/courses/:courseKey/image', 'GET /repo/courses/:courseKey/image', 'HEAD /repo/courses/:courseKey/image'],
])('%s, %s, %s', (upload, get, head) => {
  refusals(upload, world());
  refusals(get, world());
  refusals(head, world());
  it('stores the image for an owner and answers it', async () => {
    expect((await asOwnerCalls(upload)).status).toBe(200);
    const image = await asOwnerCalls(get);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const headers = await asOwnerCalls(head);
    expect(headers.status).toBe(200);
    expect(headers.headers.get('last-modified')).toBeTruthy();
    expect(await viaGraphql(upload)).toBe(true);
    expect(await viaGraphql(get)).toMatchObject({ contentType: 'image/png', entryKey: course.key });
  });
});

describe.each(['GET /repo/entries/:entry/organisations', 'GET /repo/courses/:courseKey/organisations'])('%s', (name) => {
  refusals(name, world());
  it('lists the organisations to an owner', async () => {
    const reply = await asOwnerCalls(name);
    expect(reply.status).toBe(200);
    expect(reply.json.length).toBeGreaterThanOrEqual(1);
    expect((await viaGraphql(name)).length).toBeGreaterThanOrEqual(1);
  });
});

describe.each(['PUT /repo/entries/:entry/organisations/:organisationKey', 'PUT /repo/courses/:courseKey/organisations/:organisationKey'])('%s', (name) => {
  refusals(name, world());
  it('adds the entry to the organisation (304 the second time)', async () => {
    const entry = await buildCourse(t);
    const other = await buildOrganisation(t);
    const values = { entry: String(entry.key), courseKey: entry.courseKey, organisationKey: other };
    expect((await call(t.base, 'PUT', pathOf(routeNamed(name), values), { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'PUT', pathOf(routeNamed(name), values), { headers: asAdmin })).status).toBe(304);
    expect(await viaGraphql(name, { ...values, organisationKey: await buildOrganisation(t) })).toBe(true);
  });
});

describe('DELETE /repo/entries/:entry/organisations/:organisationKey', () => {
  const name = 'DELETE /repo/entries/:entry/organisations/:organisationKey';
  it('401 without credentials, 403 for a caller without the right', async () => {
    const path = pathOf(routeNamed(name), { entry: course.key, organisationKey });
    expect((await call(t.base, 'DELETE', path, { headers: JSON_TYPE })).status).toBe(401);
    expect((await call(t.base, 'DELETE', path, { headers: { ...plain.auth, ...JSON_TYPE } })).status).toBe(403);
    const op = graphqlOf(routeNamed(name));
    expect((await graphql(t.base, {}, op.document, op.variables({ entry: String(course.key), organisationKey }))).status).toBe(401);
    const refused = await graphql(t.base, plain.auth, op.document, op.variables({ entry: String(course.key), organisationKey }));
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
  it('404 for an unknown entry; 200 for an organisation the entry is not in', async () => {
    expect((await call(t.base, 'DELETE', `/restapi/repo/entries/no-such-entry/organisations/${organisationKey}`, { headers: asAdmin })).status).toBe(404);
    expect((await call(t.base, 'DELETE', `/restapi/repo/entries/${course.key}/organisations/2000000000`, { headers: asAdmin })).status).toBe(200);
  });
  it('takes the entry out of the organisation', async () => {
    const entry = await buildCourse(t);
    await call(t.base, 'PUT', `/restapi/repo/entries/${entry.key}/organisations/${organisationKey}`, { headers: asAdmin });
    expect((await call(t.base, 'DELETE', `/restapi/repo/entries/${entry.key}/organisations/${organisationKey}`, { headers: asAdmin })).status).toBe(200);
    const keys = (await call(t.base, 'GET', `/restapi/repo/entries/${entry.key}/organisations`, { headers: asAdmin })).json.map((o: { key: number }) => o.key);
    expect(keys).not.toContain(organisationKey);
    expect(await viaGraphql(name, { entry: String(entry.key) })).toBe(true);
  });
});

describe('DELETE /repo/courses/:courseKey/organisations/:organisationKey', () => {
  refusals('DELETE /repo/courses/:courseKey/organisations/:organisationKey', world());
  it('takes the course out of the organisation', async () => {
    const entry = await buildCourse(t);
    await call(t.base, 'PUT', `/restapi/repo/courses/${entry.courseKey}/organisations/${organisationKey}`, { headers: asAdmin });
    expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${entry.courseKey}/organisations/${organisationKey}`, { headers: asAdmin })).status).toBe(200);
    expect(await viaGraphql('DELETE /repo/courses/:courseKey/organisations/:organisationKey', { courseKey: entry.courseKey })).toBe(true);
  });
});

describe('GET /repo/courses/:courseKey/resource', () => {
  refusals('GET /repo/courses/:courseKey/resource', world());
  it('answers the OLAT resource to an owner', async () => {
    const reply = await asOwnerCalls('GET /repo/courses/:courseKey/resource');
    expect(reply.json).toMatchObject({ resourceableId: course.courseKey, resourceableTypeName: 'CourseModule' });
    expect(await viaGraphql('GET /repo/courses/:courseKey/resource')).toMatchObject({ resourceableId: course.courseKey });
  });
});

describe('GET /repo/courses/:courseKey/configuration', () => {
  refusals('GET /repo/courses/:courseKey/configuration', world());
  it('answers the configuration to an owner', async () => {
    const reply = await asOwnerCalls('GET /repo/courses/:courseKey/configuration');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json).sort()).toEqual(['calendar', 'chat', 'cssLayoutRef', 'efficencyStatement', 'glossarySoftkey', 'sharedFolderSoftKey']);
    expect(await viaGraphql('GET /repo/courses/:courseKey/configuration')).toHaveProperty('efficencyStatement');
  });
});

describe.each(['PUT /repo/courses/:courseKey/configuration', 'POST /repo/courses/:courseKey/configuration'])('%s', (name) => {
  refusals(name, world());
  it('changes the configuration for an owner', async () => {
    const reply = await asOwnerCalls(name);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ calendar: true, glossarySoftkey: 'sample-glossary' });
    expect(await viaGraphql(name)).toMatchObject({ calendar: true });
  });
});
