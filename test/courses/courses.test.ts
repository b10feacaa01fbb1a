import { EntryRole } from '../../src/entities/courses';
import { addCourseMember, buildCourse, buildUser, type TestUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Courses and repository entries through REST (JSON and XML) and GraphQL: creation as clients send it, lookups, visibility, members. */

let t: TestService;
let author: TestUser;
let plain: TestUser;
beforeAll(async () => {
  t = await startTestService();
  author = await buildUser(t, { author: true });
  plain = await buildUser(t);
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const keysOf = (list: { key: number }[]) => list.map((item) => item.key);
const xmlText = (xml: string, element: string) => new RegExp(`<${element}>([^<]*)</${element}>`).exec(xml)?.[1];

describe('PUT /repo/courses', () => {
  it('takes the query parameters as clients send them: trailing slash, no Content-Type, empty body, Accept */*; answers XML', async () => {
    const query = new URLSearchParams({
      shortTitle: 'Stats',
      title: 'Introduction to Statistics',
      softKey: 'stat-101',
      externalId: 'STAT101',
      authors: 'J. Doe',
    });
    const reply = await fetch(`${t.base}/restapi/repo/courses/?${query.toString()}`, { method: 'PUT', headers: { ...author.auth, Accept: '*/*' } });
    const xml = await reply.text();
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/xml/);
    expect(xml).toMatch(
      /^<\?xml[^>]*\?><courseVO organisationKey="\d+" authors="J. Doe"><key>\d+<\/key>.*<editorRootNodeId>\d{15}<\/editorRootNodeId>.*<\/courseVO>$/,
    );
    const key = Number(xmlText(xml, 'key'));

    const course = (await call(t.base, 'GET', `/restapi/repo/courses/${key}`, { headers: { ...author.auth, ...JSON_TYPE } })).json;
    expect(course).toMatchObject({
      key,
      softKey: 'stat-101',
      displayName: 'Introduction to Statistics',
      title: 'Introduction to Statistics',
      repoEntryStatus: 'preparation',
      externalId: 'STAT101',
      olatResourceId: key,
      olatResourceTypeName: 'CourseModule',
      editorRootNodeId: xmlText(xml, 'editorRootNodeId'),
      nodeAccessType: 'condition',
    });
    expect(course.repoEntryKey).not.toBe(key);
    const authors = await call(t.base, 'GET', `/restapi/repo/courses/${key}/authors`, { headers: { ...author.auth, ...JSON_TYPE } });
    expect(keysOf(authors.json)).toEqual([author.key]);
  });

  it('maps the legacy access to a status; status wins over it; access 4 makes the course public', async () => {
    const create = async (params: Record<string, string>) =>
      (await call(t.base, 'PUT', `/restapi/repo/courses?${new URLSearchParams({ title: 'Legacy', ...params }).toString()}`, { headers: asAdmin })).json;
    expect((await create({ access: '1', membersOnly: 'true' })).repoEntryStatus).toBe('published');
    expect((await create({ access: '1' })).repoEntryStatus).toBe('preparation');
    expect((await create({ access: '2' })).repoEntryStatus).toBe('review');
    expect((await create({ access: '0', status: 'closed' })).repoEntryStatus).toBe('closed');
    const open = await create({ access: '4' });
    expect(open.repoEntryStatus).toBe('published');
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${open.key}`, { headers: { ...plain.auth, ...JSON_TYPE } })).status).toBe(200);
  });

  it('gives the course one owner as CoursesWebService does: initialAuthor or the caller with setAuthor (default true), nobody without', async () => {
    const other = await buildUser(t);
    const ownersOf = async (query: string, headers: Record<string, string> = asAdmin) => {
      const reply = await call(t.base, 'PUT', `/restapi/repo/courses?title=Owned&${query}`, { headers });
      expect(reply.status).toBe(200);
      const owners = await call(t.base, 'GET', `/restapi/repo/courses/${xmlText(reply.text, 'key') ?? reply.json.key}/authors`, { headers: asAdmin });
      return keysOf(owners.json);
    };
    expect(await ownersOf('', { ...author.auth, ...JSON_TYPE })).toEqual([author.key]);
    expect(await ownersOf('setAuthor=true', { ...author.auth, ...XML_TYPE })).toEqual([author.key]);
    expect(await ownersOf(`initialAuthor=${other.key}`, { ...author.auth, ...JSON_TYPE })).toEqual([other.key]);
    expect(await ownersOf(`setAuthor=true&initialAuthor=${other.key}`, { ...author.auth, ...XML_TYPE })).toEqual([other.key]);
    expect(await ownersOf(`setAuthor=true&initialAuthor=2000000000`, { ...author.auth, ...JSON_TYPE })).toEqual([author.key]);
    expect(await ownersOf(`setAuthor=false&initialAuthor=${other.key}`)).toEqual([]);
    expect(await ownersOf('setAuthor=false')).toEqual([]);
    // A CourseVO body has neither field: the caller owns the course.
    const body = await call(t.base, 'PUT', '/restapi/repo/courses', { headers: { ...author.auth, ...JSON_TYPE }, body: { title: 'Body owned' } });
    expect(keysOf((await call(t.base, 'GET', `/restapi/repo/courses/${body.json.key}/authors`, { headers: asAdmin })).json)).toEqual([author.key]);
    const create = async (course: Record<string, unknown>) => {
      const reply = await graphql(t.base, author.auth, 'mutation ($c: CourseVOInput!) { createCourse(course: $c) { key } }', {
        c: { title: 'Via GraphQL', ...course },
      });
      return keysOf((await call(t.base, 'GET', `/restapi/repo/courses/${reply.body.data.createCourse.key}/authors`, { headers: asAdmin })).json);
    };
    expect(await create({ initialAuthor: other.key })).toEqual([other.key]);
    expect(await create({ setAuthor: false, initialAuthor: other.key })).toEqual([]);
  });

  it('copies the course copyFrom names by its id (resource id) first, else by its repository entry key, with the same one owner', async () => {
    const other = await buildUser(t);
    const source = await call(t.base, 'PUT', '/restapi/repo/courses?title=Template&shortTitle=Tpl', { headers: asAdmin });
    const byId = await call(t.base, 'PUT', `/restapi/repo/courses?copyFrom=${source.json.key}&setAuthor=true&initialAuthor=${other.key}`, {
      headers: { ...adminAuth(), ...XML_TYPE },
    });
    expect(byId.status).toBe(200);
    expect(xmlText(byId.text, 'displayName')).toBe('Copy of Template');
    const copyKey = Number(xmlText(byId.text, 'key'));
    expect(copyKey).not.toBe(source.json.key);
    expect(keysOf((await call(t.base, 'GET', `/restapi/repo/courses/${copyKey}/authors`, { headers: asAdmin })).json)).toEqual([other.key]);
    const byEntryKey = await call(t.base, 'PUT', `/restapi/repo/courses?copyFrom=${source.json.repoEntryKey}&displayName=Second`, { headers: asAdmin });
    expect(byEntryKey.status).toBe(200);
    expect(byEntryKey.json.displayName).toBe('Second');
    const viaGraphql = await graphql(t.base, adminAuth(), 'mutation ($c: CourseVOInput!) { createCourse(course: $c) { displayName } }', {
      c: { copyFrom: source.json.key, setAuthor: false },
    });
    expect(viaGraphql.body).toEqual({ data: { createCourse: { displayName: 'Copy of Template' } } });
  });

  it('creates from a CourseVO body in JSON and in XML', async () => {
    const json = await call(t.base, 'PUT', '/restapi/repo/courses', {
      headers: { ...author.auth, ...JSON_TYPE },
      body: { title: 'From JSON', displayName: 'JSON course', repoEntryStatus: 'review', externalRef: 'REF-1', location: 'Room 1' },
    });
    expect(json.status).toBe(200);
    expect(json.json).toMatchObject({ displayName: 'JSON course', title: 'From JSON', repoEntryStatus: 'review', externalRef: 'REF-1', location: 'Room 1' });

    const xml = await call(t.base, 'PUT', '/restapi/repo/courses', {
      headers: { ...author.auth, ...XML_TYPE },
      contentType: 'application/xml',
      body: '<courseVO><title>From XML</title><softKey>from-xml</softKey><managedFlags>title,membersmanagement</managedFlags></courseVO>',
    });
    expect(xml.status).toBe(200);
    expect(xml.text).toMatch(/<courseVO[^>]*><key>\d+<\/key><softKey>from-xml<\/softKey><displayName>From XML<\/displayName>/);
    expect(xml.text).toContain('<managedFlags>title,membersmanagement</managedFlags>');
  });

  it('takes back a whole CourseVO as JSON clients send it, nulls included, and answers only CourseVO fields', async () => {
    const created = await call(t.base, 'PUT', '/restapi/repo/courses?title=Original', { headers: asAdmin });
    const full = {
      ...created.json,
      softKey: null,
      title: 'Resent',
      displayName: null,
      lifecycle: { key: null, softkey: null, label: 'HS24', validFrom: '2024-09-16T12:00:00', validTo: '2025-01-31T11:59:59' },
    };
    const resent = await call(t.base, 'PUT', '/restapi/repo/courses', { headers: asAdmin, body: full });
    expect(resent.status).toBe(200);
    expect(Object.keys(resent.json)).toEqual([
      'key',
      'softKey',
      'displayName',
      'description',
      'teaser',
      'repoEntryKey',
      'repoEntryStatus',
      'organisationKey',
      'authors',
      'location',
      'externalId',
      'externalRef',
      'managedFlags',
      'olatResourceKey',
      'olatResourceId',
      'olatResourceTypeName',
      'title',
      'editorRootNodeId',
      'nodeAccessType',
      'lifecycle',
    ]);
    expect(resent.json.key).not.toBe(created.json.key);
    expect(resent.json).toMatchObject({
      title: 'Resent',
      displayName: 'Resent',
      lifecycle: { key: null, softkey: null, label: 'HS24', validFrom: '2024-09-16T12:00:00', validTo: '2025-01-31T11:59:59' },
    });
    const entry = await call(t.base, 'GET', `/restapi/repo/entries/${resent.json.repoEntryKey}`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(entry.text).toContain('<lifecycle><label>HS24</label><validFrom>2024-09-16T12:00:00</validFrom><validTo>2025-01-31T11:59:59</validTo></lifecycle>');
    const bad = await call(t.base, 'PUT', '/restapi/repo/courses', { headers: asAdmin, body: { title: 'Bad dates', lifecycle: { validFrom: 'soon' } } });
    expect(bad.status).toBe(406);
  });

  it('refuses what it cannot do, in the client’s format', async () => {
    // copyFrom copies a course (test/courses/archive-operations.test.ts): an unknown source is 404.
    const unknown = await call(t.base, 'PUT', '/restapi/repo/courses?title=Copy&copyFrom=2000000000', { headers: asAdmin });
    expect(unknown.status).toBe(404);
    expect(unknown.json.translation).toMatch(/course to copy/);
    const longKey = await call(t.base, 'PUT', `/restapi/repo/courses?title=Long&softKey=${'k'.repeat(31)}`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(longKey.status).toBe(406);
    expect(longKey.text).toContain('softKey');
    expect((await call(t.base, 'PUT', '/restapi/repo/courses?shortTitle=', { headers: asAdmin })).status).toBe(406);
    expect((await call(t.base, 'PUT', '/restapi/repo/courses?title=Bad&status=unpublished', { headers: asAdmin })).status).toBe(406);
    await call(t.base, 'PUT', '/restapi/repo/courses?title=Taken&softKey=taken-key', { headers: asAdmin });
    expect((await call(t.base, 'PUT', '/restapi/repo/courses?title=Taken&softKey=taken-key', { headers: asAdmin })).status).toBe(409);
    expect((await call(t.base, 'PUT', '/restapi/repo/courses?title=Nowhere&organisationKey=2000000000', { headers: asAdmin })).status).toBe(404);
  });

  it('gives one course for concurrent creates with the same externalId, answered to each of its managers; others get 409', async () => {
    const create = (headers: Record<string, string>, title: string) =>
      call(t.base, 'PUT', `/restapi/repo/courses?${new URLSearchParams({ title, externalId: 'GET-OR-CREATE' }).toString()}`, { headers });
    const replies = await Promise.all(['One', 'Two', 'Three', 'Four'].map((title) => create(asAdmin, title)));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(replies.map((reply) => reply.json.key)).size).toBe(1);
    expect(keysOf((await call(t.base, 'GET', '/restapi/repo/courses?externalId=GET-OR-CREATE', { headers: asAdmin })).json)).toEqual([replies[0].json.key]);
    expect((await create({ ...author.auth, ...JSON_TYPE }, 'Five')).status).toBe(409);
  });

  it('creates through GraphQL', async () => {
    const reply = await graphql(
      t.base,
      author.auth,
      'mutation($course: CourseVOInput!) { createCourse(course: $course) { key repoEntryKey title displayName softKey editorRootNodeId } }',
      { course: { title: 'Via GraphQL', shortTitle: 'GQL', softKey: 'via-graphql' } },
    );
    expect(reply.body.errors).toBeUndefined();
    const created = reply.body.data.createCourse;
    expect(created).toMatchObject({ title: 'Via GraphQL', displayName: 'Via GraphQL', softKey: 'via-graphql' });
    const read = await graphql(t.base, author.auth, 'query($k: Long!) { course(courseKey: $k) { key repoEntryKey } }', { k: created.key });
    expect(read.body.data.course).toEqual({ key: created.key, repoEntryKey: created.repoEntryKey });
  });
});

describe('GET /repo/entries/{k}', () => {
  it('finds an entry by key, by softkey and by a numeric softkey; XML as OpenOLAT writes it', async () => {
    const course = await buildCourse(t, { title: 'Lookup', authors: 'A. Author' });
    const numeric = await buildCourse(t, { softkey: '987654321098765' });
    const xml = await call(t.base, 'GET', `/restapi/repo/entries/${course.softkey}`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(xml.text).toMatch(
      new RegExp(
        `<repositoryEntryVO authors="A. Author"><key>${course.key}</key><softkey>${course.softkey}</softkey><resourcename>-</resourcename><displayname>Lookup</displayname>`,
      ),
    );
    expect(xml.text).toContain(
      `<olatResourceId>${course.courseKey}</olatResourceId><olatResourceTypeName>CourseModule</olatResourceTypeName><entryStatus>preparation</entryStatus>`,
    );
    expect((await call(t.base, 'GET', `/restapi/repo/entries/${course.key}`, { headers: asAdmin })).json.softkey).toBe(course.softkey);
    expect((await call(t.base, 'GET', `/restapi/repo/entries/${numeric.softkey}`, { headers: asAdmin })).json.key).toBe(numeric.key);
  });
});

describe('lists', () => {
  it('show a plain user the courses they belong to and the published public ones; pages in XML as OpenOLAT names them', async () => {
    const member = await buildUser(t);
    const mine = await buildCourse(t, { title: 'Mine', status: 'published' });
    await addCourseMember(t, mine.key, member.key, EntryRole.participant);
    const open = await buildCourse(t, { title: 'Open', status: 'published', publicVisible: true });
    const hidden = await buildCourse(t, { title: 'Hidden', status: 'published' });
    const seen = keysOf((await call(t.base, 'GET', '/restapi/repo/entries', { headers: member.auth })).json);
    expect(seen).toEqual(expect.arrayContaining([mine.key, open.key]));
    expect(seen).not.toContain(hidden.key);
    const courses = keysOf((await call(t.base, 'GET', '/restapi/repo/courses', { headers: { ...member.auth, ...JSON_TYPE } })).json);
    expect(courses).toEqual(expect.arrayContaining([mine.courseKey, open.courseKey]));
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${hidden.courseKey}`, { headers: { ...member.auth, ...JSON_TYPE } })).status).toBe(403);

    const entries = await call(t.base, 'GET', '/restapi/repo/entries?limit=1', { headers: { ...member.auth, Accept: 'application/xml; pagingspec=1.0' } });
    expect(entries.text).toMatch(
      /<repositoryEntries totalCount="\d+"><repositoryEntries><repositoryEntrie>.*<\/repositoryEntrie><\/repositoryEntries><\/repositoryEntries>$/,
    );
    const paged = await call(t.base, 'GET', '/restapi/repo/courses?limit=1', { headers: { ...member.auth, Accept: 'application/xml; pagingspec=1.0' } });
    expect(paged.text).toMatch(/<courses totalCount="\d+"><courses><course( [^>]*)?>.*<\/course><\/courses><\/courses>$/);
    const json = await call(t.base, 'GET', '/restapi/repo/courses?limit=1', { headers: { ...member.auth, Accept: 'application/json; pagingspec=1.0' } });
    expect(json.json).toMatchObject({ totalCount: expect.any(Number), courses: [expect.objectContaining({ key: expect.any(Number) })] });
  });

  it('filter by externalId, externalRef, managed and repositoryEntryKey', async () => {
    const managed = await buildCourse(t, { externalId: 'EXT-C1', externalRef: 'REF-C1', managedFlags: 'all' });
    const other = await buildCourse(t, { externalId: 'EXT-C2' });
    const get = async (query: string) => keysOf((await call(t.base, 'GET', `/restapi/repo/courses?${query}`, { headers: asAdmin })).json);
    expect(await get('externalId=EXT-C1')).toEqual([managed.courseKey]);
    expect(await get('externalRef=REF-C1')).toEqual([managed.courseKey]);
    expect(await get(`repositoryEntryKey=${other.key}`)).toEqual([other.courseKey]);
    expect(await get('managed=true')).toContain(managed.courseKey);
    expect(await get('managed=false')).not.toContain(managed.courseKey);
    const entries = keysOf((await call(t.base, 'GET', '/restapi/repo/entries?resourceType=CourseModule&externalId=EXT-C2', { headers: asAdmin })).json);
    expect(entries).toEqual([other.key]);
  });
});

describe('members', () => {
  it('an author added through REST gets the author role; an owner manages the members', async () => {
    const course = await buildCourse(t);
    const person = await buildUser(t);
    expect((await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/authors/${person.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/users/${person.key}/roles`, { headers: asAdmin })).json.author).toBe(true);
    const participant = await buildUser(t);
    const asOwner = { ...person.auth, ...JSON_TYPE };
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.softkey}/participants/${participant.key}`, { headers: asOwner })).status).toBe(200);
    expect(keysOf((await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/participants`, { headers: asOwner })).json)).toEqual([participant.key]);
    expect(
      (await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/participants`, { headers: { ...participant.auth, ...JSON_TYPE } })).status,
    ).toBe(403);
    const xml = await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/owners`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(xml.text).toContain(`<key>${person.key}</key>`);
  });

  it('an owner deletes the course; deleting it as a repository entry takes a global author role too', async () => {
    const owner = await buildUser(t);
    const course = await buildCourse(t);
    await addCourseMember(t, course.key, owner.key, EntryRole.owner);
    const asOwner = { ...owner.auth, ...JSON_TYPE };
    expect((await call(t.base, 'DELETE', `/restapi/repo/entries/${course.key}`, { headers: asOwner })).status).toBe(403);
    expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${course.courseKey}`, { headers: asOwner })).status).toBe(200);
    expect(keysOf((await call(t.base, 'GET', '/restapi/repo/courses', { headers: asAdmin })).json)).not.toContain(course.courseKey);
  });

  it('GraphQL may not change the members of a course that manages them; REST may', async () => {
    const course = await buildCourse(t, { managedFlags: 'membersmanagement' });
    const person = await buildUser(t);
    const reply = await graphql(t.base, adminAuth(), 'mutation($c: Long!, $i: Long!) { addCourseMember(courseKey: $c, role: participants, identityKey: $i) }', {
      c: course.courseKey,
      i: person.key,
    });
    expect(reply.body.errors?.[0]?.extensions).toMatchObject({ code: 'MANAGED', flag: 'membersmanagement' });
    expect((await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/participants/${person.key}`, { headers: asAdmin })).status).toBe(200);
  });
});
