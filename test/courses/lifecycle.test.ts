import { Client } from 'pg';
import { EntryRole } from '../../src/entities/courses';
import { addCourseMember, addOrganisationMember, buildCourse, buildOrganisation, buildUser, type TestUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** The lifecycle of repository entries and courses through REST (JSON and XML) and GraphQL. */

let t: TestService;
let plain: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const keysOf = (list: { key: number }[]) => list.map((item) => item.key);
const entryOf = async (key: number) => (await call(t.base, 'GET', `/restapi/repo/entries/${key}`, { headers: asAdmin })).json;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWNoAAMGCAUAKg4GAeLeQoEAAAAASUVORK5CYII=',
  'base64',
);
// fetch adds Cache-Control: no-cache to conditional requests unless given one (a client asking so gets the answer again).
const FRESH = { 'Cache-Control': 'max-age=0' };
const form = (fields: Record<string, string>, file?: { content: Buffer; name: string }) => {
  const body = new FormData();
  if (file) body.append('file', new Blob([new Uint8Array(file.content)]), file.name);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};

describe('metadata', () => {
  it('writes every field, absent ones as null, and keeps externalId and managedFlags', async () => {
    const course = await buildCourse(t, { externalId: 'META-1', managedFlags: 'delete', description: 'Old', location: 'Old room' });
    const body = {
      key: course.key,
      displayname: 'Meta',
      objectives: 'Learn',
      requirements: 'None',
      credits: '3 ECTS',
      mainLanguage: 'de',
      expenditureOfWork: '2h/week',
      teaser: 'Teaser',
      externalId: 'IGNORED',
      managedFlags: 'all',
      lifecycle: { label: 'HS 2026', validFrom: '2026-09-14T08:00:00', validTo: '2027-01-31T18:00:00' },
    };
    const reply = await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/metadata`, { headers: asAdmin, body });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      key: course.key,
      displayname: 'Meta',
      objectives: 'Learn',
      requirements: 'None',
      credits: '3 ECTS',
      mainLanguage: 'de',
      expenditureOfWork: '2h/week',
      description: null,
      location: null,
      externalId: 'META-1',
      managedFlags: 'delete',
      technicalType: null,
      educationalType: null,
      lifecycle: { label: 'HS 2026', validFrom: '2026-09-14T08:00:00', validTo: '2027-01-31T06:00:00' },
    });
    const xml = await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/metadata`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(xml.text).toMatch(/<repositoryEntryMetadataVO>.*<objectives>Learn<\/objectives>.*<\/repositoryEntryMetadataVO>$/s);
    const cleared = await call(t.base, 'POST', `/restapi/repo/courses/${course.courseKey}/metadata`, {
      headers: { ...adminAuth(), ...XML_TYPE },
      contentType: 'application/xml',
      body: '<repositoryEntryMetadataVO><credits>5</credits></repositoryEntryMetadataVO>',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.text).toContain('<credits>5</credits>');
    expect(cleared.text).not.toContain('<objectives>');
    expect(cleared.text).not.toContain('<lifecycle>');
    expect(cleared.text).toContain('<displayname>Meta</displayname>');
  });

  it('400 when the key of the body is not the entry’s, in the client’s format', async () => {
    const course = await buildCourse(t);
    const json = await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/metadata`, { headers: asAdmin, body: { key: course.key + 1 } });
    expect(json.status).toBe(400);
    const xml = await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/metadata`, {
      headers: { ...adminAuth(), ...XML_TYPE },
      contentType: 'application/xml',
      body: `<repositoryEntryMetadataVO><key>${course.key + 1}</key></repositoryEntryMetadataVO>`,
    });
    expect(xml.status).toBe(400);
    expect(xml.headers.get('content-type')).toMatch(/xml/);
    const malformed = await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/metadata`, { headers: asAdmin, body: '{"key":' });
    expect(malformed.status).toBe(400);
  });

  it('a global author reads the metadata of the entries they see, not of one hidden from them; only managers write it', async () => {
    const hidden = await buildCourse(t);
    const open = await buildCourse(t, { status: 'published', publicVisible: true });
    const author = await buildUser(t, { author: true });
    const asAuthor = { ...author.auth, ...JSON_TYPE };
    const metadataOf = (key: number) => call(t.base, 'GET', `/restapi/repo/entries/${key}/metadata`, { headers: asAuthor });
    expect((await metadataOf(open.key)).json).toMatchObject({ key: open.key });
    expect((await metadataOf(hidden.key)).status).toBe(403);
    const viaGraphql = await graphql(t.base, author.auth, 'query ($e: String!) { repositoryEntryMetadata(entry: $e) { key } }', { e: String(hidden.key) });
    expect(viaGraphql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${open.courseKey}/metadata`, { headers: asAuthor })).status).toBe(403);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${open.key}/metadata`, { headers: asAuthor, body: { credits: '1' } })).status).toBe(403);
  });

  it('PUT /repo/courses takes objectives, requirements, credits, expenditureOfWork and sharedFolderSoftKey', async () => {
    const query = 'title=WithMeta&objectives=Obj&requirements=Req&credits=Cr&expenditureOfWork=Exp&sharedFolderSoftKey=shared-1';
    const created = await call(t.base, 'PUT', `/restapi/repo/courses?${query}`, { headers: asAdmin });
    expect(created.status).toBe(200);
    const metadata = await call(t.base, 'GET', `/restapi/repo/courses/${created.json.key}/metadata`, { headers: asAdmin });
    expect(metadata.json).toMatchObject({ objectives: 'Obj', requirements: 'Req', credits: 'Cr', expenditureOfWork: 'Exp' });
    const config = await call(t.base, 'GET', `/restapi/repo/courses/${created.json.key}/configuration`, { headers: asAdmin });
    expect(config.json).toMatchObject({ sharedFolderSoftKey: 'shared-1' });
  });
});

describe('POST /repo/entries/{k}', () => {
  it('replaces the fields (absent ones with null), the lifecycle, and changes the status as …/status', async () => {
    const course = await buildCourse(t, { description: 'D', teaser: 'T', location: 'L', authors: 'A', externalRef: 'R', managedFlags: 'all' });
    const reply = await call(t.base, 'POST', `/restapi/repo/entries/${course.key}`, {
      headers: asAdmin,
      body: { displayname: 'Renamed', externalId: 'POST-1', entryStatus: 'published', lifecycle: { softkey: 'hs26', label: 'HS' } },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      displayname: 'Renamed',
      description: null,
      teaser: null,
      location: null,
      authors: null,
      externalRef: null,
      managedFlags: null,
      externalId: 'POST-1',
      entryStatus: 'published',
      lifecycle: { softkey: 'hs26', label: 'HS', validFrom: null },
    });
    const again = await call(t.base, 'POST', `/restapi/repo/entries/${course.softkey}`, {
      headers: { ...adminAuth(), ...XML_TYPE },
      contentType: 'application/xml',
      body: '<repositoryEntryVO><displayname>Again</displayname><entryStatus>closed</entryStatus></repositoryEntryVO>',
    });
    expect(again.status).toBe(200);
    expect(again.text).toMatch(/^(<\?xml[^>]*\?>)?<repositoryEntryVO.*<entryStatus>closed<\/entryStatus>/s);
    expect((await entryOf(course.key)).lifecycle).toBeNull();
  });

  it('409 when another course has the externalId', async () => {
    await buildCourse(t, { externalId: 'TAKEN-1' });
    const course = await buildCourse(t);
    const reply = await call(t.base, 'POST', `/restapi/repo/entries/${course.key}`, { headers: asAdmin, body: { displayname: 'X', externalId: 'TAKEN-1' } });
    expect(reply.status).toBe(409);
    expect((await entryOf(course.key)).externalId).toBeNull();
  });

  it('multipart: without a file only the fields; an empty file 204; a file for a course 404', async () => {
    const course = await buildCourse(t);
    const url = `/restapi/repo/entries/${course.key}`;
    const fields = await call(t.base, 'POST', url, { headers: asAdmin, body: form({ displayname: 'From form', description: 'Desc' }) });
    expect(fields.status).toBe(200);
    expect(fields.json).toMatchObject({ displayname: 'From form', description: 'Desc' });
    const empty = await call(t.base, 'POST', url, { headers: asAdmin, body: form({ displayname: 'Empty' }, { content: Buffer.alloc(0), name: 'cp.zip' }) });
    expect(empty.status).toBe(204);
    expect((await entryOf(course.key)).displayname).toBe('From form');
    const file = await call(t.base, 'POST', url, { headers: asAdmin, body: form({ displayname: 'File' }, { content: Buffer.from('PK'), name: 'cp.zip' }) });
    expect(file.status).toBe(404);
  });

  it('a file replaces the content of an IMS content package', async () => {
    const entry = await buildCourse(t);
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      await db.query(`update repository_entry set resource_type_name = 'FileResource.IMSCP' where id = $1`, [entry.key]);
      const zip = Buffer.from('PK\u0003\u0004 a package');
      const reply = await call(t.base, 'POST', `/restapi/repo/entries/${entry.key}`, {
        headers: asAdmin,
        body: form({ displayname: 'Package' }, { content: zip, name: 'cp.zip' }),
      });
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ displayname: 'Package', resourceableTypeName: 'FileResource.IMSCP' });
      const { rows } = await db.query(`select size from stored_file where path = $1`, [`repository/${entry.key}/package`]);
      expect(rows).toEqual([{ size: zip.length }]);
    } finally {
      await db.end();
    }
  });

  it('an owner who is a global author may; an owner without the role may not, nor an author who does not own the entry', async () => {
    const course = await buildCourse(t, { title: 'Kept' });
    const author = await buildUser(t, { author: true });
    const owner = await buildUser(t);
    const authorOwner = await buildUser(t, { author: true });
    await addCourseMember(t, course.key, owner.key, EntryRole.owner);
    await addCourseMember(t, course.key, authorOwner.key, EntryRole.owner);
    const update = (user: TestUser, body: Record<string, unknown>) =>
      call(t.base, 'POST', `/restapi/repo/entries/${course.key}`, { headers: { ...user.auth, ...JSON_TYPE }, body });
    const seizure = { displayname: 'Taken', description: 'Taken', externalId: 'STOLEN', managedFlags: 'all', entryStatus: 'closed' };
    expect((await update(author, seizure)).status).toBe(403);
    const xml = await call(t.base, 'POST', `/restapi/repo/entries/${course.key}`, {
      headers: { ...author.auth, ...XML_TYPE },
      body: '<repositoryEntryVO><displayname>Taken</displayname><externalId>STOLEN</externalId></repositoryEntryVO>',
      contentType: 'application/xml',
    });
    expect(xml.status).toBe(403);
    const viaGraphql = await graphql(
      t.base,
      author.auth,
      'mutation ($e: String!) { updateRepositoryEntry(entry: $e, repositoryEntry: { displayname: "Taken" }) { key } }',
      {
        e: String(course.key),
      },
    );
    expect(viaGraphql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await update(owner, { displayname: 'By owner' })).status).toBe(403);
    expect(await entryOf(course.key)).toMatchObject({ displayname: 'Kept', externalId: null, managedFlags: null, entryStatus: 'preparation' });
    const byOwner = await update(authorOwner, { displayname: 'By author and owner', description: 'New' });
    expect(byOwner.status).toBe(200);
    expect(await entryOf(course.key)).toMatchObject({ displayname: 'By author and owner', description: 'New' });
  });
});

describe('status', () => {
  it('closed, unclosed, deleted, restored, a status name; unknown values are ignored', async () => {
    const course = await buildCourse(t);
    const change = async (newStatus: string, how: 'form' | 'query' = 'form') => {
      const reply =
        how === 'form'
          ? await call(t.base, 'POST', `/restapi/repo/entries/${course.key}/status`, {
              headers: asAdmin,
              contentType: 'application/x-www-form-urlencoded',
              body: `newStatus=${newStatus}`,
            })
          : await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/status?newStatus=${newStatus}`, { headers: asAdmin });
      expect(reply.status).toBe(200);
      return (await entryOf(course.key)).entryStatus;
    };
    expect(await change('published')).toBe('published');
    expect(await change('closed', 'query')).toBe('closed');
    expect(await change('unclosed')).toBe('published');
    expect(await change('deleted')).toBe('trash');
    expect(await change('restored', 'query')).toBe('closed');
    expect(await change('unpublished')).toBe('closed');
    expect(await change('nonsense')).toBe('closed');
    const put = await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/status`, {
      headers: asAdmin,
      contentType: 'application/x-www-form-urlencoded',
      body: 'newStatus=review',
    });
    expect(put.status).toBe(200);
    expect((await entryOf(course.key)).entryStatus).toBe('review');
  });
  it('restoring from the trash withdraws the access of all users, as OpenOLAT deletes the open offers', async () => {
    const course = await buildCourse(t, { status: 'published' });
    const seen = async () => keysOf((await call(t.base, 'GET', '/restapi/repo/entries', { headers: { ...plain.auth, ...JSON_TYPE } })).json);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/access/public?allUsers=true`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/status?newStatus=deleted`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/status?newStatus=restored`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/status?newStatus=published`, { headers: asAdmin })).status).toBe(200);
    expect(await seen()).not.toContain(course.key);
  });
});

describe('public access', () => {
  it('allUsers makes a published entry visible to every user; guests are stored; 304 when nothing changes', async () => {
    const course = await buildCourse(t, { status: 'published' });
    const seen = async () => keysOf((await call(t.base, 'GET', '/restapi/repo/entries', { headers: { ...plain.auth, ...JSON_TYPE } })).json);
    expect(await seen()).not.toContain(course.key);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/access/public?allUsers=true`, { headers: asAdmin })).status).toBe(200);
    expect(await seen()).toContain(course.key);
    expect((await call(t.base, 'POST', `/restapi/repo/entries/${course.key}/access/public?guests=true`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'POST', `/restapi/repo/entries/${course.key}/access/public?guests=true&allUsers=true`, { headers: asAdmin })).status).toBe(304);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/access/public?allUsers=false`, { headers: asAdmin })).status).toBe(200);
    expect(await seen()).not.toContain(course.key);
  });
});

describe('organisations', () => {
  it('the managers of a linked organisation see and manage the entry', async () => {
    const course = await buildCourse(t);
    const organisation = await buildOrganisation(t);
    const manager = await buildUser(t);
    await addOrganisationMember(t, organisation, manager.key, 'learnresourcemanager');
    const asManager = { ...manager.auth, ...JSON_TYPE };
    expect(keysOf((await call(t.base, 'GET', '/restapi/repo/entries', { headers: asManager })).json)).not.toContain(course.key);
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/metadata`, { headers: asManager })).status).toBe(403);
    expect((await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/organisations/${organisation}`, { headers: asAdmin })).status).toBe(200);
    expect(keysOf((await call(t.base, 'GET', '/restapi/repo/entries', { headers: asManager })).json)).toContain(course.key);
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}/metadata`, { headers: asManager })).status).toBe(200);
    const listed = await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/organisations`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(listed.text).toContain(`<key>${organisation}</key>`);
  });

  it('304 for the entry’s own organisation; removing it makes a linked one the first; the last one stays (409)', async () => {
    const course = await buildCourse(t);
    const [first] = keysOf((await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/organisations`, { headers: asAdmin })).json);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/organisations/${first}`, { headers: asAdmin })).status).toBe(304);
    const second = await buildOrganisation(t);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/organisations/${second}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `/restapi/repo/entries/${course.key}/organisations/${first}`, { headers: asAdmin })).status).toBe(200);
    const course2 = await call(t.base, 'GET', `/restapi/repo/courses/${course.courseKey}`, { headers: asAdmin });
    expect(course2.json.organisationKey).toBe(second);
    expect(keysOf((await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/organisations`, { headers: asAdmin })).json)).toEqual([second]);
    expect((await call(t.base, 'DELETE', `/restapi/repo/entries/${course.key}/organisations/${second}`, { headers: asAdmin })).status).toBe(409);
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/organisations/2000000000`, { headers: asAdmin })).status).toBe(404);
  });

  it('a manager of the entry who is an author of the organisation adds the entry to it; either alone may not', async () => {
    const course = await buildCourse(t);
    const organisation = await buildOrganisation(t);
    const authorThere = await buildUser(t);
    await addOrganisationMember(t, organisation, authorThere.key, 'author');
    const owner = await buildUser(t);
    await addCourseMember(t, course.key, owner.key, EntryRole.owner);
    const add = (user: TestUser, path: string) =>
      call(t.base, 'PUT', `/restapi/repo/${path}/organisations/${organisation}`, { headers: { ...user.auth, ...JSON_TYPE } });
    expect((await add(authorThere, `entries/${course.key}`)).status).toBe(403);
    expect((await add(authorThere, `courses/${course.courseKey}`)).status).toBe(403);
    expect((await add(owner, `entries/${course.key}`)).status).toBe(403);
    expect(keysOf((await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/organisations`, { headers: asAdmin })).json)).not.toContain(organisation);
    await addOrganisationMember(t, organisation, owner.key, 'author');
    expect((await add(owner, `entries/${course.key}`)).status).toBe(200);
    expect(keysOf((await call(t.base, 'GET', `/restapi/repo/entries/${course.key}/organisations`, { headers: asAdmin })).json)).toContain(organisation);
    const away = await call(t.base, 'DELETE', `/restapi/repo/entries/${course.key}/organisations/${organisation}`, {
      headers: { ...authorThere.auth, ...JSON_TYPE },
    });
    expect(away.status).toBe(403);
  });
});

describe('ETag of GET /repo/entries/{k}', () => {
  it('"RepositoryEntry-{key}-{version}" and Last-Modified; 304 while unchanged, a new ETag after a change', async () => {
    const course = await buildCourse(t);
    const first = await call(t.base, 'GET', `/restapi/repo/entries/${course.key}`, { headers: asAdmin });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(new RegExp(`^"RepositoryEntry-${course.key}-\\d+"$`));
    const lastModified = first.headers.get('last-modified')!;
    expect(new Date(lastModified).getTime()).not.toBeNaN();
    expect((await call(t.base, 'GET', `/restapi/repo/entries/${course.key}`, { headers: { ...asAdmin, 'If-None-Match': etag, ...FRESH } })).status).toBe(304);
    expect(
      (await call(t.base, 'GET', `/restapi/repo/entries/${course.key}`, { headers: { ...asAdmin, 'If-Modified-Since': lastModified, ...FRESH } })).status,
    ).toBe(304);
    await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/status?newStatus=review`, { headers: asAdmin });
    const changed = await call(t.base, 'GET', `/restapi/repo/entries/${course.key}`, { headers: { ...asAdmin, 'If-None-Match': etag, ...FRESH } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.json.entryStatus).toBe('review');
  });
});

describe('image', () => {
  it('stores an image, answers it conditionally, refuses what is no image with 409', async () => {
    const course = await buildCourse(t);
    const url = `/restapi/repo/entries/${course.key}/image`;
    expect((await call(t.base, 'GET', url, { headers: { ...adminAuth(), Accept: '*/*' } })).status).toBe(404);
    expect(
      (await call(t.base, 'POST', url, { headers: adminAuth(), body: form({ filename: 'x.txt' }, { content: Buffer.from('text'), name: 'x.txt' }) })).status,
    ).toBe(409);
    expect((await call(t.base, 'POST', url, { headers: adminAuth(), body: form({}, { content: PNG, name: 'x.png' }) })).status).toBe(200);
    const image = await fetch(`${t.base}/restapi/repo/courses/${course.courseKey}/image`, { headers: adminAuth() });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    const since = image.headers.get('last-modified')!;
    expect((await call(t.base, 'GET', url, { headers: { ...adminAuth(), 'If-Modified-Since': since, ...FRESH } })).status).toBe(304);
    const reply = await graphql(t.base, adminAuth(), 'query($e: String!) { repositoryEntryImage(entry: $e) { contentType length content } }', {
      e: String(course.key),
    });
    expect(reply.body.data.repositoryEntryImage).toMatchObject({ contentType: 'image/png', length: PNG.length, content: PNG.toString('base64') });
    expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${course.courseKey}`, { headers: asAdmin })).status).toBe(200);
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      expect((await db.query(`select 1 from stored_file where path like $1`, [`repository/${course.key}/%`])).rows).toEqual([]);
    } finally {
      await db.end();
    }
  });
});

describe('configuration', () => {
  it('answers CourseConfigVO with the XML root courseVO; POST takes a form, PUT a VO', async () => {
    const course = await buildCourse(t);
    const url = `/restapi/repo/courses/${course.courseKey}/configuration`;
    const initial = await call(t.base, 'GET', url, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(initial.text).toMatch(/<courseVO>.*<calendar>false<\/calendar>.*<\/courseVO>$/s);
    const posted = await call(t.base, 'POST', url, {
      headers: asAdmin,
      contentType: 'application/x-www-form-urlencoded',
      body: 'chat=true&efficencyStatement=true&sharedFolderSoftkey=folder-1&cssLayoutRef=layout',
    });
    expect(posted.json).toEqual({
      calendar: false,
      chat: true,
      cssLayoutRef: 'layout',
      efficencyStatement: true,
      glossarySoftkey: null,
      sharedFolderSoftKey: 'folder-1',
    });
    const put = await call(t.base, 'PUT', url, {
      headers: { ...adminAuth(), ...XML_TYPE },
      contentType: 'application/xml',
      body: '<courseVO><calendar>true</calendar><glossarySoftkey>g-1</glossarySoftkey></courseVO>',
    });
    expect(put.status).toBe(200);
    expect(put.text).toMatch(/<courseVO>.*<calendar>true<\/calendar><chat>true<\/chat>.*<glossarySoftkey>g-1<\/glossarySoftkey>/s);
  });

  it("POST takes the query parameters without a body, as OpenOLAT's load-test client sends them; names it does not read are ignored", async () => {
    const course = await buildCourse(t);
    const url = `/restapi/repo/courses/${course.courseKey}/configuration`;
    const byQuery = await call(t.base, 'POST', `${url}?calendar=true&chat=false&_=12345`, { headers: asAdmin });
    expect(byQuery.status).toBe(200);
    expect(byQuery.json).toMatchObject({ calendar: true, chat: false });
    // An empty form with the query parameters: Jersey reads them as the form.
    const emptyForm = await call(t.base, 'POST', `${url}?calendar=false&glossarySoftkey=g-2`, {
      headers: asAdmin,
      contentType: 'application/x-www-form-urlencoded',
      body: '',
    });
    expect(emptyForm.json).toMatchObject({ calendar: false, chat: false, glossarySoftkey: 'g-2' });
    // A form and query parameters: both are read (Tomcat's parameters of a POST), the query's value first.
    const withForm = await call(t.base, 'POST', `${url}?calendar=true&chat=false`, {
      headers: asAdmin,
      contentType: 'application/x-www-form-urlencoded',
      body: 'chat=true&efficencyStatement=true&title=ignored',
    });
    expect(withForm.status).toBe(200);
    expect(withForm.json).toMatchObject({ calendar: true, chat: false, efficencyStatement: true });
    const stored = await call(t.base, 'GET', url, { headers: asAdmin });
    expect(stored.json).toMatchObject({ calendar: true, chat: false, efficencyStatement: true, glossarySoftkey: 'g-2' });
  });
});

describe('GET /repo/entries/search', () => {
  it('by name, type, author and myentries among the entries the caller sees; JSON by default, XML on request', async () => {
    const owner = await buildUser(t, {}, { lastName: 'Searchable' });
    const mine = await buildCourse(t, { title: 'Zebra statistics' });
    await addCourseMember(t, mine.key, owner.key, EntryRole.owner);
    const other = await buildCourse(t, { title: 'Zebra algebra', authors: 'Ann Other' });
    const search = async (query: string, headers: Record<string, string> = asAdmin) =>
      keysOf((await call(t.base, 'GET', `/restapi/repo/entries/search?${query}`, { headers })).json);
    expect(await search('name=Zebra*')).toEqual([mine.key, other.key]);
    expect(await search('name=zebra&type=CourseModule')).toEqual([mine.key, other.key]);
    expect(await search('name=zebra&type=FileResource.TEST')).toEqual([]);
    expect(await search('name=zebra&author=Searchable')).toEqual([mine.key]);
    expect(await search('name=zebra&author=Ann*')).toEqual([other.key]);
    expect(await search('name=*algebra')).toEqual([other.key]);
    expect(await search('myentries=true', { ...owner.auth })).toEqual([mine.key]);
    expect(await search('name=Zebra', { ...plain.auth })).toEqual([]);
    const xml = await call(t.base, 'GET', '/restapi/repo/entries/search?name=Zebra%20algebra', { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(xml.text).toMatch(/<repositoryEntryVOs><repositoryEntryVO[^>]*><key>\d+<\/key>/);
    const reply = await graphql(t.base, owner.auth, '{ searchRepositoryEntries(myentries: true) { key } }');
    expect(keysOf(reply.body.data.searchRepositoryEntries)).toEqual([mine.key]);
  });
});

describe('list filters', () => {
  it('GET /repo/entries: managed, externalId, externalRef and a repeated resourceType, on REST and GraphQL', async () => {
    const managed = await buildCourse(t, { externalId: 'FILTER-1', externalRef: 'FREF-1', managedFlags: 'details' });
    const get = async (query: string) => keysOf((await call(t.base, 'GET', `/restapi/repo/entries?${query}`, { headers: asAdmin })).json);
    expect(await get('externalRef=FREF-1')).toEqual([managed.key]);
    expect(await get('managed=true&externalId=FILTER-1')).toEqual([managed.key]);
    expect(await get('managed=false&externalId=FILTER-1')).toEqual([]);
    expect(await get('resourceType=FileResource.TEST&resourceType=CourseModule&externalId=FILTER-1')).toEqual([managed.key]);
    expect(await get('resourceType=FileResource.TEST&externalId=FILTER-1')).toEqual([]);
    const reply = await graphql(
      t.base,
      adminAuth(),
      '{ a: repositoryEntries(managed: true, externalRef: "FREF-1", resourceType: ["FileResource.TEST", "CourseModule"]) { repositoryEntries { key } } b: repositoryEntries(resourceType: ["FileResource.TEST"], externalRef: "FREF-1") { repositoryEntries { key } } }',
    );
    expect(keysOf(reply.body.data.a.repositoryEntries)).toEqual([managed.key]);
    expect(reply.body.data.b.repositoryEntries).toEqual([]);
  });

  it('GET /repo/courses: repositoryEntryKey, externalRef and managed on GraphQL', async () => {
    const course = await buildCourse(t, { externalRef: 'CREF-1', managedFlags: 'all' });
    const reply = await graphql(
      t.base,
      adminAuth(),
      `{ a: courses(repositoryEntryKey: ${course.key}) { courses { key } } b: courses(externalRef: "CREF-1", managed: false) { courses { key } } }`,
    );
    expect(keysOf(reply.body.data.a.courses)).toEqual([course.courseKey]);
    expect(reply.body.data.b.courses).toEqual([]);
  });
});

describe('managed flags', () => {
  it('GraphQL may not change what the flags manage; REST (the managing system) may', async () => {
    const course = await buildCourse(t, { managedFlags: 'title,close,organisations' });
    const metadata = await graphql(
      t.base,
      adminAuth(),
      'mutation($e: String!, $m: RepositoryEntryMetadataVOInput!) { updateRepositoryEntryMetadata(entry: $e, metadata: $m) { displayname } }',
      { e: String(course.key), m: { displayname: 'Changed' } },
    );
    expect(metadata.body.errors[0].extensions).toMatchObject({ code: 'MANAGED', flag: 'title' });
    const credits = await graphql(
      t.base,
      adminAuth(),
      'mutation($e: String!, $m: RepositoryEntryMetadataVOInput!) { updateRepositoryEntryMetadata(entry: $e, metadata: $m) { credits } }',
      { e: String(course.key), m: { credits: '4' } },
    );
    expect(credits.body.data.updateRepositoryEntryMetadata.credits).toBe('4');
    const close = await graphql(t.base, adminAuth(), 'mutation($c: Long!) { changeCourseStatus(courseKey: $c, statusChange: { newStatus: "closed" }) }', {
      c: course.courseKey,
    });
    expect(close.body.errors[0].extensions).toMatchObject({ code: 'MANAGED', flag: 'close' });
    const review = await graphql(t.base, adminAuth(), 'mutation($c: Long!) { changeCourseStatus(courseKey: $c, statusChange: { newStatus: "review" }) }', {
      c: course.courseKey,
    });
    expect(review.body.data.changeCourseStatus).toBe(true);
    const organisation = await buildOrganisation(t);
    const link = await graphql(t.base, adminAuth(), 'mutation($c: Long!, $o: Long!) { addCourseOrganisation(courseKey: $c, organisationKey: $o) }', {
      c: course.courseKey,
      o: organisation,
    });
    expect(link.body.errors[0].extensions).toMatchObject({ code: 'MANAGED', flag: 'organisations' });
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/metadata`, { headers: asAdmin, body: { displayname: 'By REST' } })).status).toBe(
      200,
    );
    expect((await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/status?newStatus=closed`, { headers: asAdmin })).status).toBe(200);
    expect(await entryOf(course.key)).toMatchObject({ displayname: 'By REST', entryStatus: 'closed' });
  });

  it('GraphQL may not clear a managed field by leaving it out of a replacing update', async () => {
    const course = await buildCourse(t, { managedFlags: 'description', description: 'Managed text' });
    const cleared = await graphql(
      t.base,
      adminAuth(),
      'mutation($e: String!, $m: RepositoryEntryMetadataVOInput!) { updateRepositoryEntryMetadata(entry: $e, metadata: $m) { description } }',
      { e: String(course.key), m: { credits: '1' } },
    );
    expect(cleared.body.errors[0].extensions).toMatchObject({ code: 'MANAGED', flag: 'description' });
    const update = await graphql(
      t.base,
      adminAuth(),
      'mutation($e: String!, $v: RepositoryEntryVOInput!) { updateRepositoryEntry(entry: $e, repositoryEntry: $v) { description } }',
      { e: String(course.key), v: { displayname: 'Kept', description: 'Managed text', externalId: 'NEW-EXT' } },
    );
    expect(update.body.errors[0].extensions).toMatchObject({ code: 'MANAGED' });
    const kept = await graphql(
      t.base,
      adminAuth(),
      'mutation($e: String!, $v: RepositoryEntryVOInput!) { updateRepositoryEntry(entry: $e, repositoryEntry: $v) { displayname description managedFlags } }',
      { e: String(course.key), v: { displayname: 'Renamed', description: 'Managed text', managedFlags: 'description' } },
    );
    expect(kept.body.data.updateRepositoryEntry).toEqual({ displayname: 'Renamed', description: 'Managed text', managedFlags: 'description' });
    expect((await entryOf(course.key)).description).toBe('Managed text');
  });
});

describe('indexes', () => {
  it('the lifecycle statements read through indexes', async () => {
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      await db.query('set enable_seqscan = off');
      const plans = async (text: string, params: unknown[]) => (await db.query(`explain ${text}`, params)).rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(await plans('select 1 from repository_entry_to_organisation where entry_id = $1 and organisation_id = $2', [1, 1])).not.toMatch(/Seq Scan/);
      expect(await plans('select 1 from repository_entry_to_organisation where organisation_id = $1', [1])).not.toMatch(/Seq Scan/);
      expect(await plans('select 1 from course_config where entry_id = $1', [1])).not.toMatch(/Seq Scan/);
    } finally {
      await db.end();
    }
  });
});

describe('audit', () => {
  it('every write leaves its audit row', async () => {
    const course = await buildCourse(t);
    await call(t.base, 'PUT', `/restapi/repo/entries/${course.key}/status?newStatus=review`, { headers: asAdmin });
    await call(t.base, 'PUT', `/restapi/repo/courses/${course.courseKey}/metadata`, { headers: asAdmin, body: { credits: '7' } });
    await graphql(t.base, adminAuth(), 'mutation($e: String!) { setRepositoryEntryPublicAccess(entry: $e, guests: true) }', { e: String(course.key) });
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select operation, transport from audit_log where operation in ('changeRepositoryEntryStatus', 'updateCourseMetadata', 'setRepositoryEntryPublicAccess')
         and (changes::text like $1 or changes::text like $2) order by id`,
        [`%"${course.key}"%`, `%${course.courseKey}%`],
      );
      expect(rows).toEqual([
        { operation: 'changeRepositoryEntryStatus', transport: 'rest' },
        { operation: 'updateCourseMetadata', transport: 'rest' },
        { operation: 'setRepositoryEntryPublicAccess', transport: 'graphql' },
      ]);
    } finally {
      await db.end();
    }
  });
});
