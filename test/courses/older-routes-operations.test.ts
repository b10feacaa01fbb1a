import { EntryRole } from '../../src/entities/courses';
import { addCourseMember, buildCourse, buildCurriculum, buildCurriculumElement, buildUser, type TestUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Routes of older OpenOLAT versions that clients still call: an entry's access resource, and HEAD on a curriculum element's course. */

let t: TestService;
let plain: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const accessOf = async (key: number) => (await call(t.base, 'GET', `/restapi/repo/entries/${key}/access`, { headers: asAdmin })).json;
const ACCESS_QUERY = 'query ($entry: String!) { repositoryEntryAccess(entry: $entry) { repoEntryKey status allUsers guests } }';
const UPDATE_ACCESS =
  'mutation ($entry: String!, $access: RepositoryEntryAccessVOInput!) { updateRepositoryEntryAccess(entry: $entry, access: $access) { repoEntryKey status allUsers guests } }';

describe('GET /repo/entries/:entry/access', () => {
  it('reads the status and public access in JSON and XML, by key or softkey', async () => {
    const course = await buildCourse(t, { status: 'published', publicVisible: true });
    expect(await accessOf(course.key)).toEqual({ repoEntryKey: course.key, status: 'published', allUsers: true, guests: false });
    const xml = await call(t.base, 'GET', `/restapi/repo/entries/${course.softkey}/access`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(
      `<repositoryEntryAccessVO><repoEntryKey>${course.key}</repoEntryKey><status>published</status><allUsers>true</allUsers><guests>false</guests></repositoryEntryAccessVO>`,
    );
  });

  it('is for the entry’s managers: 401 without credentials, 403 for others on both transports, owners may', async () => {
    const course = await buildCourse(t, { status: 'published' });
    expect((await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/access`)).status).toBe(401);
    expect((await call(t.base, 'POST', `/restapi/repo/entries/${course.key}/access`, { body: { status: 'closed' } })).status).toBe(401);
    expect((await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/access`, { headers: { ...plain.auth, ...JSON_TYPE } })).status).toBe(403);
    const refused = await call(t.base, 'POST', `/restapi/repo/entries/${course.key}/access`, {
      headers: { ...plain.auth, ...JSON_TYPE },
      body: { status: 'closed' },
    });
    expect(refused.status).toBe(403);
    const read = await graphql(t.base, plain.auth, ACCESS_QUERY, { entry: String(course.key) });
    expect(read.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const write = await graphql(t.base, plain.auth, UPDATE_ACCESS, { entry: String(course.key), access: { status: 'closed' } });
    expect(write.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await accessOf(course.key)).status).toBe('published');

    await addCourseMember(t, course.key, plain.key, EntryRole.owner);
    const byOwner = await graphql(t.base, plain.auth, UPDATE_ACCESS, { entry: String(course.key), access: { status: 'closed', allUsers: true } });
    expect(byOwner.body.data.updateRepositoryEntryAccess).toEqual({ repoEntryKey: course.key, status: 'closed', allUsers: true, guests: false });
    expect((await graphql(t.base, plain.auth, ACCESS_QUERY, { entry: course.softkey })).body.data.repositoryEntryAccess.status).toBe('closed');
  });

  it('answers 404 for an unknown entry', async () => {
    expect((await call(t.base, 'GET', '/restapi/repo/entries/999999999/access', { headers: asAdmin })).status).toBe(404);
  });
});

describe('POST /repo/entries/:entry/access', () => {
  it('writes status, allUsers and guests as given; absent switches are false, as OpenOLAT reads them', async () => {
    const course = await buildCourse(t, { publicVisible: true });
    const opened = await call(t.base, 'POST', `/restapi/repo/entries/${course.key}/access`, {
      headers: asAdmin,
      body: { repoEntryKey: course.key, status: 'published', allUsers: true, guests: true },
    });
    expect(opened.status).toBe(200);
    expect(opened.json).toEqual({ repoEntryKey: course.key, status: 'published', allUsers: true, guests: true });
    const closed = await call(t.base, 'POST', `/restapi/repo/entries/${course.key}/access`, {
      headers: { ...adminAuth(), ...XML_TYPE },
      body: '<repositoryEntryAccessVO><status>closed</status></repositoryEntryAccessVO>',
      contentType: 'application/xml',
    });
    expect(closed.status).toBe(200);
    expect(closed.text).toContain('<status>closed</status><allUsers>false</allUsers><guests>false</guests>');
    expect(await accessOf(course.key)).toEqual({ repoEntryKey: course.key, status: 'closed', allUsers: false, guests: false });
    const entry = (await call(t.base, 'GET', `/restapi/repo/entries/${course.key}`, { headers: asAdmin })).json;
    expect(entry.repoEntryStatus ?? entry.entryStatus).toBe('closed');
  });

  it('takes the access integer and membersOnly of older clients', async () => {
    const course = await buildCourse(t);
    const post = (body: unknown) => call(t.base, 'POST', `/restapi/repo/entries/${course.key}/access`, { headers: asAdmin, body });
    expect((await post({ access: 4, membersOnly: false })).json).toMatchObject({ status: 'published', allUsers: true, guests: true });
    expect((await post({ access: 3 })).json).toMatchObject({ status: 'published', allUsers: true, guests: false });
    expect((await post({ access: 1, membersOnly: true })).json).toMatchObject({ status: 'published', allUsers: false, guests: false });
    expect((await post({ access: 1 })).json).toMatchObject({ status: 'preparation', allUsers: false, guests: false });
    expect((await post({ access: 2 })).json).toMatchObject({ status: 'review' });
  });

  it('answers 400 for another entry key or an unknown status and changes nothing', async () => {
    const course = await buildCourse(t, { status: 'published' });
    const other = await buildCourse(t);
    for (const [body, translation] of [
      [{ repoEntryKey: other.key, status: 'closed' }, 'repoEntryKey names another entry'],
      [{ status: 'opened', allUsers: true }, 'unknown status opened'],
    ] as const) {
      const reply = await call(t.base, 'POST', `/restapi/repo/entries/${course.key}/access`, { headers: asAdmin, body });
      expect(reply.status).toBe(400);
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
      expect(reply.json).toEqual({ code: 'BAD_REQUEST', translation });
    }
    expect(await accessOf(course.key)).toEqual({ repoEntryKey: course.key, status: 'published', allUsers: false, guests: false });
  });

  it('leaves a course whose access is managed to its managing system: GraphQL 409, REST writes', async () => {
    const course = await buildCourse(t, { status: 'published', managedFlags: 'access' });
    const refused = await graphql(t.base, adminAuth(), UPDATE_ACCESS, { entry: String(course.key), access: { status: 'published', allUsers: true } });
    expect(refused.body.errors[0].extensions.code).toBe('MANAGED');
    expect((await accessOf(course.key)).allUsers).toBe(false);
    const written = await call(t.base, 'POST', `/restapi/repo/entries/${course.key}/access`, {
      headers: asAdmin,
      body: { status: 'published', allUsers: true },
    });
    expect(written.json.allUsers).toBe(true);
  });
});

describe('HEAD /curriculum/:curriculumKey/elements/:elementKey/entries/:repositoryEntryKey', () => {
  it('answers 200 while the course is linked to the element, 404 otherwise, 403 to others', async () => {
    const curriculumKey = await buildCurriculum(t);
    const elementKey = await buildCurriculumElement(t, curriculumKey);
    const course = await buildCourse(t);
    const path = `/restapi/curriculum/${curriculumKey}/elements/${elementKey}/entries/${course.key}`;
    expect((await call(t.base, 'HEAD', path, { headers: asAdmin })).status).toBe(404);
    expect((await call(t.base, 'PUT', path, { headers: asAdmin })).status).toBe(200);
    const linked = await call(t.base, 'HEAD', path, { headers: asAdmin });
    expect(linked.status).toBe(200);
    expect(linked.text).toBe('');
    expect((await call(t.base, 'HEAD', path, { headers: plain.auth })).status).toBe(403);
    expect((await call(t.base, 'HEAD', path)).status).toBe(401);
    const openapi = (await call(t.base, 'GET', '/restapi/openapi.json', { headers: asAdmin })).json;
    expect(Object.keys(openapi.paths['/curriculum/{curriculumKey}/elements/{elementKey}/entries/{repositoryEntryKey}'])).toContain('head');
  });
});
