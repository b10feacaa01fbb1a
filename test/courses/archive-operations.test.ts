import { EntryRole } from '../../src/entities/courses';
import { addCourseMember, buildCourse, buildOwnerOfAnotherCourse, buildUser, type TestCourse, type TestUser } from '../factories';
import { archiveForm, fixture, unzip } from '../support/course-archives';
import { JSON_TYPE, call, graphql } from '../support/http';
import { SAMPLE_COURSE_ARCHIVE, graphqlOf, refusals, restBody, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** The course archive operations (import, export, copy): their refusals and a success on both transports. */

let t: TestService;
let plain: TestUser;
let author: TestUser;
let course: TestCourse;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  author = await buildUser(t, { author: true });
  course = await buildCourse(t, { title: 'Archive operations' });
  await addCourseMember(t, course.key, author.key, EntryRole.owner);
  stranger = await buildOwnerOfAnotherCourse(t);
});
afterAll(() => t.stop());

const courseWorld = () => () => ({ t, values: { courseKey: course.courseKey }, forbidden: plain, stranger });
const entryWorld = () => () => ({ t, values: { entry: String(course.key) }, forbidden: plain, stranger });

async function viaGraphql(name: string, values: Record<string, unknown>, auth = adminAuth()) {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(t.base, auth, op.document, op.variables(values));
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

const sample = () => Buffer.from(SAMPLE_COURSE_ARCHIVE, 'base64');

describe('POST /repo/courses', () => {
  refusals('POST /repo/courses', courseWorld());
  it('imports a course export for an author, who becomes owner; GraphQL importCourse alike', async () => {
    const reply = await call(t.base, 'POST', '/restapi/repo/courses', { headers: { ...author.auth, ...JSON_TYPE }, body: archiveForm(sample(), 'sample.zip') });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ displayName: 'Sample course archive', title: 'Sample course', editorRootNodeId: '90000000000001' });
    const owners = await call(t.base, 'GET', `/restapi/repo/courses/${reply.json.key}/authors`, { headers: { ...author.auth, ...JSON_TYPE } });
    expect(owners.json.map((owner: { key: number }) => owner.key)).toEqual([author.key]);
    expect(await viaGraphql('POST /repo/courses', {}, author.auth)).toMatchObject({ displayName: 'Sample course archive' });
  });
});

describe('PUT /repo/entries', () => {
  refusals('PUT /repo/entries', entryWorld());
  it('imports a course export as a repository entry; GraphQL importRepositoryEntry alike', async () => {
    const reply = await call(t.base, 'PUT', '/restapi/repo/entries', { headers: { ...author.auth, ...JSON_TYPE }, body: archiveForm(sample(), 'sample.zip') });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ displayname: 'Sample course archive', resourceableTypeName: 'CourseModule', entryStatus: 'preparation' });
    expect(await viaGraphql('PUT /repo/entries', {}, author.auth)).toMatchObject({ displayname: 'Sample course archive' });
  });
});

describe('GET /repo/courses/:courseKey/file', () => {
  refusals('GET /repo/courses/:courseKey/file', courseWorld());
  it('answers the export ZIP to an owner; GraphQL exportCourse where to get it', async () => {
    const response = await fetch(`${t.base}/restapi/repo/courses/${course.courseKey}/file`, { headers: author.auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Archive_operations.zip"; filename*=UTF-8''Archive_operations.zip`);
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    expect([...files.keys()].sort()).toEqual(['CourseConfig.xml', 'editortreemodel.xml', 'export/repo.xml', 'runstructure.xml']);
    expect(files.get('runstructure.xml')!.toString('utf8')).toContain(`<ident>${course.editorRootNodeId}</ident>`);
    const notAcceptable = await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/file`, { headers: { ...author.auth, Accept: 'image/png' } });
    expect(notAcceptable.status).toBe(406);
    expect(await viaGraphql('GET /repo/courses/:courseKey/file', { courseKey: course.courseKey })).toEqual({
      courseKey: course.courseKey,
      repoEntryKey: course.key,
      path: `/restapi/repo/courses/${course.courseKey}/file`,
      filename: 'Archive_operations.zip',
      contentType: 'application/zip',
    });
  });
});

describe('GET /repo/entries/:entry/file', () => {
  refusals('GET /repo/entries/:entry/file', entryWorld());
  it('404 for an unknown entry', async () => {
    expect((await call(t.base, 'GET', '/restapi/repo/entries/no-such-softkey/file', { headers: { ...adminAuth(), ...JSON_TYPE } })).status).toBe(404);
    const op = graphqlOf(routeNamed('GET /repo/entries/:entry/file'));
    const reply = await graphql(t.base, adminAuth(), op.document, op.variables({ entry: 'no-such-softkey' }));
    expect(reply.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
  it('answers the export ZIP to the administrator, by key or softkey', async () => {
    for (const entry of [String(course.key), course.softkey]) {
      const response = await fetch(`${t.base}/restapi/repo/entries/${entry}/file`, { headers: { ...adminAuth(), Accept: 'application/octet-stream' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/octet-stream');
      expect((await unzip(Buffer.from(await response.arrayBuffer()))).has('editortreemodel.xml')).toBe(true);
    }
    expect(await viaGraphql('GET /repo/entries/:entry/file', { entry: course.softkey })).toMatchObject({ repoEntryKey: course.key });
  });
});

describe('PUT /repo/courses?copyFrom', () => {
  const copy = (auth: Record<string, string>, copyFrom: number, extra: Record<string, string> = {}) =>
    call(t.base, 'PUT', `/restapi/repo/courses?${new URLSearchParams({ copyFrom: String(copyFrom), ...extra })}`, { headers: { ...auth, ...JSON_TYPE } });

  it('401 without credentials, 403 for a plain user and for an author who does not manage the source, 404 for an unknown source', async () => {
    expect((await copy({}, course.key)).status).toBe(401);
    expect((await copy(plain.auth, course.key)).status).toBe(403);
    const stranger = await buildUser(t, { author: true });
    expect((await copy(stranger.auth, course.key)).status).toBe(403);
    expect((await copy(adminAuth(), 2_000_000_000)).status).toBe(404);
    const reply = await graphql(
      t.base,
      stranger.auth,
      `
        mutation ($c: CourseVOInput!) {
          createCourse(course: $c) {
            key
          }
        }
      `,
      { c: { copyFrom: course.key } },
    );
    expect(reply.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('copies structure, elements of both trees, files and metadata, not the members', async () => {
    const source = await call(t.base, 'POST', '/restapi/repo/courses', {
      headers: { ...author.auth, ...JSON_TYPE },
      body: archiveForm(fixture('simple_course.zip'), 'simple_course.zip'),
    });
    expect(source.status).toBe(200);
    const participant = await buildUser(t);
    await addCourseMember(t, source.json.repoEntryKey, participant.key, EntryRole.participant);
    const reply = await copy(author.auth, source.json.repoEntryKey, { externalId: 'copied-simple' });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      displayName: `Copy of ${source.json.displayName}`,
      description: source.json.description,
      title: source.json.title,
      externalId: 'copied-simple',
    });
    expect(reply.json.softKey).not.toBe(source.json.softKey);
    const TREES = `query($k: Long!) { course(courseKey: $k) { editorTree { id parentId position shortName shortTitle longTitle pageFile page } runTree { id parentId position shortName shortTitle } } }`;
    const [before, after] = await Promise.all([source.json.key, reply.json.key].map((k: number) => graphql(t.base, author.auth, TREES, { k })));
    expect(after.body.data.course).toEqual(before.body.data.course);
    expect(after.body.data.course.editorTree.filter((node: { page: string | null }) => node.page).length).toBe(3);
    const participants = await call(t.base, 'GET', `/restapi/repo/courses/${reply.json.key}/participants`, { headers: { ...author.auth, ...JSON_TYPE } });
    expect(participants.json).toEqual([]);
    const owners = await call(t.base, 'GET', `/restapi/repo/courses/${reply.json.key}/authors`, { headers: { ...author.auth, ...JSON_TYPE } });
    expect(owners.json.map((owner: { key: number }) => owner.key)).toEqual([author.key]);
    // The copy exports the kept files of the source.
    const exported = await fetch(`${t.base}/restapi/repo/courses/${reply.json.key}/file`, { headers: author.auth });
    const files = await unzip(Buffer.from(await exported.arrayBuffer()));
    expect(files.get('CourseConfig.xml')).toEqual((await unzip(fixture('simple_course.zip'))).get('CourseConfig.xml'));
  });

  it('copies the further metadata, the configuration and the image of the source', async () => {
    const source = await buildCourse(t);
    const asAdmin = { ...adminAuth(), ...JSON_TYPE };
    const entry = `/restapi/repo/entries/${source.key}`;
    const metadata = { displayname: 'Source', objectives: 'Read', requirements: 'None', credits: '3', mainLanguage: 'de', expenditureOfWork: '2h' };
    expect((await call(t.base, 'PUT', `${entry}/metadata`, { headers: asAdmin, body: metadata })).status).toBe(200);
    const form = { contentType: 'application/x-www-form-urlencoded' };
    expect(
      (
        await call(t.base, 'POST', `/restapi/repo/courses/${source.courseKey}/configuration`, {
          headers: asAdmin,
          body: 'calendar=true&glossarySoftkey=g1',
          ...form,
        })
      ).status,
    ).toBe(200);
    expect((await call(t.base, 'POST', `${entry}/image`, { headers: adminAuth(), body: restBody(routeNamed('POST /repo/entries/:entry/image')) })).status).toBe(
      200,
    );
    const reply = await copy(adminAuth(), source.key, { credits: '5' });
    expect(reply.status).toBe(200);
    const copied = `/restapi/repo/courses/${reply.json.key}`;
    expect((await call(t.base, 'GET', `${copied}/metadata`, { headers: asAdmin })).json).toMatchObject({
      ...metadata,
      displayname: 'Copy of Source',
      credits: '5',
    });
    expect((await call(t.base, 'GET', `${copied}/configuration`, { headers: asAdmin })).json).toMatchObject({ calendar: true, glossarySoftkey: 'g1' });
    const [image, copiedImage] = await Promise.all(
      [`${entry}/image`, `${copied}/image`].map(async (path) => Buffer.from(await (await fetch(`${t.base}${path}`, { headers: adminAuth() })).arrayBuffer())),
    );
    expect(copiedImage.length).toBeGreaterThan(0);
    expect(copiedImage).toEqual(image);
  });
});
