import { Client } from 'pg';
import { buildUser, type TestUser } from '../factories';
import { FIXTURES, archiveForm, fixture, treeOfXml, unzip, type TreeNode } from '../support/course-archives';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Import of OpenOLAT course exports (POST /repo/courses, PUT /repo/entries), export (GET …/file), and the round trip. */

let t: TestService;
let db: Client;
let author: TestUser;
beforeAll(async () => {
  t = await startTestService();
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  author = await buildUser(t, { author: true });
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

const TREES = `query($courseKey: Long!) { course(courseKey: $courseKey) {
  key repoEntryKey softKey displayName description title editorRootNodeId nodeAccessType
  editorTree(limit: 1000) { id parentId position shortName shortTitle longTitle }
  runTree(limit: 1000) { id parentId position shortName shortTitle longTitle } } }`;

interface CourseTrees {
  key: number;
  repoEntryKey: number;
  softKey: string;
  displayName: string;
  description: string | null;
  title: string | null;
  editorRootNodeId: string;
  nodeAccessType: string;
  editorTree: TreeNode[];
  runTree: TreeNode[];
}

async function treesOf(courseKey: number, auth = author.auth): Promise<CourseTrees> {
  const reply = await graphql(t.base, auth, TREES, { courseKey });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data.course as CourseTrees;
}

async function importCourse(content: Buffer, name: string, fields: Record<string, string> = {}) {
  const reply = await call(t.base, 'POST', '/restapi/repo/courses', { headers: { ...author.auth, ...JSON_TYPE }, body: archiveForm(content, name, fields) });
  expect({ name, status: reply.status, text: reply.status === 200 ? '' : reply.text }).toEqual({ name, status: 200, text: '' });
  return reply.json as { key: number; repoEntryKey: number; softKey: string; displayName: string };
}

async function exportCourse(courseKey: number): Promise<Buffer> {
  const response = await fetch(`${t.base}/restapi/repo/courses/${courseKey}/file`, { headers: author.auth });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  return Buffer.from(await response.arrayBuffer());
}

describe.each(FIXTURES)('%s', (name) => {
  let files: Map<string, Buffer>;
  let editor: TreeNode[];
  let run: TreeNode[];
  beforeAll(async () => {
    files = await unzip(fixture(name));
    editor = treeOfXml(files.get('editortreemodel.xml')!.toString('utf8'), true);
    run = treeOfXml(files.get('runstructure.xml')!.toString('utf8'), false);
  });

  it('imports through POST /repo/courses with its title, metadata, editor and run tree, and exports and re-imports to the same course', async () => {
    const course = await importCourse(fixture(name), name);
    const repoXml = files.get('export/repo.xml')!.toString('utf8');
    const displayName = /<DisplayName>([^<]*)<\/DisplayName>/.exec(repoXml)![1];
    expect(course.displayName).toBe(displayName);
    const trees = await treesOf(course.key);
    expect(trees.editorTree).toEqual(editor);
    expect(trees.runTree).toEqual(run);
    expect(trees.editorRootNodeId).toBe(editor[0].id);
    expect(trees.title).toBe(editor[0].longTitle);
    // The importer is owner.
    const owners = await call(t.base, 'GET', `/restapi/repo/courses/${course.key}/authors`, { headers: { ...author.auth, ...JSON_TYPE } });
    expect(owners.json.map((owner: { key: number }) => owner.key)).toEqual([author.key]);

    // Export, then import the export: the same trees and metadata.
    const exported = await exportCourse(course.key);
    const entries = await unzip(exported);
    for (const kept of [...files.keys()].filter((file) => !/(^|\/)(__MACOSX\/|\._|\.DS_Store)/.test(file)))
      expect(entries.has(kept) || kept.endsWith('/')).toBe(true);
    for (const [file, content] of files) {
      if (['runstructure.xml', 'editortreemodel.xml', 'export/repo.xml'].includes(file) || file.endsWith('/') || /__MACOSX|\.DS_Store|\/\._/.test(file))
        continue;
      expect({ file, same: entries.get(file)?.equals(content) }).toEqual({ file, same: true });
    }
    const again = await importCourse(exported, `again-${name}`);
    expect(again.softKey).not.toBe(course.softKey);
    const copied = await treesOf(again.key);
    expect(copied.editorTree).toEqual(trees.editorTree);
    expect(copied.runTree).toEqual(trees.runTree);
    const { key: _k, repoEntryKey: _r, softKey: _s, editorTree: _e, runTree: _u, ...metadata } = trees;
    const { key: _k2, repoEntryKey: _r2, softKey: _s2, editorTree: _e2, runTree: _u2, ...copiedMetadata } = copied;
    expect(copiedMetadata).toEqual(metadata);
    // The node XML that is not modelled comes back too (module configurations, conditions ...).
    const original = files.get('runstructure.xml')!.toString('utf8');
    const roundTrip = entries.get('runstructure.xml')!.toString('utf8');
    for (const key of original.matchAll(/<entry>\s*<string>([^<]+)<\/string>/g)) expect(roundTrip).toContain(`<string>${key[1]}</string>`);
  });

  it('imports through PUT /repo/entries as a RepositoryEntryVO (XML by default)', async () => {
    const reply = await call(t.base, 'PUT', '/restapi/repo/entries', {
      headers: author.auth,
      body: archiveForm(fixture(name), name, { displayname: `Entry ${name}` }),
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(reply.text).toContain(`<displayname>Entry ${name}</displayname>`);
    const key = Number(/<key>(\d+)<\/key>/.exec(reply.text)![1]);
    const entry = await call(t.base, 'GET', `/restapi/repo/entries/${key}`, { headers: { ...author.auth, ...JSON_TYPE } });
    const trees = await treesOf(entry.json.resourceableId);
    expect(trees.editorTree).toEqual(editor);
    expect(trees.runTree).toEqual(run);
    const exported = await fetch(`${t.base}/restapi/repo/entries/${key}/file`, { headers: { ...author.auth, Accept: 'application/zip' } });
    expect(exported.status).toBe(200);
    expect((await unzip(Buffer.from(await exported.arrayBuffer()))).has('runstructure.xml')).toBe(true);
  });
});

describe('metadata and fields of the import', () => {
  it('takes the softkey of export/repo.xml when it is free, the fields sent over the archive, and ownerUsername as owner', async () => {
    const owner = await buildUser(t);
    const reply = await call(t.base, 'POST', `/restapi/repo/courses?ownerUsername=${owner.login}`, {
      headers: { ...author.auth, ...XML_TYPE },
      body: archiveForm(fixture('simple_course.zip'), 'simple_course.zip', { status: 'published', externalId: 'ext-simple', externalRef: 'ref-simple' }),
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('<repoEntryStatus>published</repoEntryStatus>');
    expect(reply.text).toContain('<externalId>ext-simple</externalId>');
    expect(reply.text).toContain('<description>&lt;p&gt;Simple course description&lt;/p&gt;</description>');
    const courseKey = Number(/<key>(\d+)<\/key>/.exec(reply.text)![1]);
    const owners = await call(t.base, 'GET', `/restapi/repo/courses/${courseKey}/authors`, { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(owners.json.map((user: { key: number }) => user.key)).toEqual([owner.key]);
  });

  it('ignores fields OpenOLAT does not read (title, a query parameter): 200 as without them', async () => {
    const form = archiveForm(fixture('Empty_course.zip'), 'Empty_course.zip', { title: 'Not read', displayname: 'Imported with extras' });
    const reply = await call(t.base, 'POST', '/restapi/repo/courses?_=12345', { headers: { ...author.auth, ...JSON_TYPE }, body: form });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ displayName: 'Imported with extras' });
  });

  it('answers 400 for an unknown ownerUsername, 204 for an empty or missing file', async () => {
    const unknown = await call(t.base, 'POST', '/restapi/repo/courses?ownerUsername=nobody-such', {
      headers: { ...author.auth, ...JSON_TYPE },
      body: archiveForm(fixture('Empty_course.zip'), 'Empty_course.zip'),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    expect(unknown.json).toEqual({ code: 'BAD_REQUEST', translation: 'no user has the login nobody-such' });
    for (const [method, path] of [
      ['POST', '/restapi/repo/courses'],
      ['PUT', '/restapi/repo/entries'],
    ]) {
      expect((await call(t.base, method, path, { headers: author.auth, body: archiveForm(Buffer.alloc(0), 'empty.zip') })).status).toBe(204);
      const fieldsOnly = new FormData();
      fieldsOnly.append('displayname', 'No file');
      expect((await call(t.base, method, path, { headers: author.auth, body: fieldsOnly })).status).toBe(204);
      expect((await call(t.base, method, path, { headers: author.auth })).status).toBe(204);
    }
  });

  it('imports the same archive concurrently: one keeps its softkey, the others get new ones', async () => {
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        call(t.base, 'PUT', '/restapi/repo/entries', {
          headers: { ...author.auth, ...JSON_TYPE },
          body: archiveForm(fixture('Course_with_blog.zip'), 'blog.zip'),
        }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(new Set(replies.map((reply) => reply.json.softkey)).size).toBe(3);
  });

  it('a softkey sent that an entry has already is a conflict (409)', async () => {
    const taken = await importCourse(fixture('Empty_course.zip'), 'Empty_course.zip', { softkey: 'taken-by-import' });
    expect(taken.softKey).toBe('taken-by-import');
    const again = await call(t.base, 'POST', '/restapi/repo/courses', {
      headers: { ...author.auth, ...JSON_TYPE },
      body: archiveForm(fixture('Empty_course.zip'), 'Empty_course.zip', { softkey: 'taken-by-import' }),
    });
    expect(again.status).toBe(409);
  });

  it('keeps single pages on their page: the element and its page read through the API', async () => {
    const course = await importCourse(fixture('Very_small_course.zip'), 'Very_small_course.zip');
    const element = await call(t.base, 'GET', `/restapi/repo/courses/${course.key}/elements/85953619536403`, { headers: { ...author.auth, ...JSON_TYPE } });
    expect(element.status).toBe(200);
    expect(element.json).toMatchObject({ id: '85953619536403', shortName: 'sp', shortTitle: 'Informationsseite', parentId: '85953619536398' });
    const page = await graphql(
      t.base,
      author.auth,
      `
        query ($k: Long!) {
          course(courseKey: $k) {
            editorTree {
              id
              page
            }
          }
        }
      `,
      { k: course.key },
    );
    const pages = page.body.data.course.editorTree as { id: string; page: string | null }[];
    const start = (await unzip(fixture('Very_small_course.zip'))).get('coursefolder/start.html')!.toString('utf8');
    expect(pages.find((node) => node.id === '85953619536403')!.page).toBe(start);
  });

  it('exports edits made through REST: a new element and a changed title come back in the archive', async () => {
    const course = await importCourse(fixture('myCourseWS.zip'), 'myCourseWS.zip');
    const trees = await treesOf(course.key);
    const added = await call(
      t.base,
      'PUT',
      `/restapi/repo/courses/${course.key}/elements/structure?${new URLSearchParams({ parentNodeId: trees.editorRootNodeId, shortTitle: 'Added later' })}`,
      { headers: { ...author.auth, ...JSON_TYPE } },
    );
    expect(added.status).toBe(200);
    const exported = await unzip(await exportCourse(course.key));
    const editorXml = exported.get('editortreemodel.xml')!.toString('utf8');
    expect(editorXml).toContain('<shortTitle>Added later</shortTitle>');
    expect(treeOfXml(editorXml, true).map((node) => node.id)).toEqual([...trees.editorTree.map((node) => node.id), added.json.id]);
    // Unknown node types keep their class and configuration.
    expect(editorXml).toContain('org.olat.course.nodes.FOCourseNode');
    expect(exported.get('export/repo.xml')!.toString('utf8')).toContain('<InitialAuthor>kanu</InitialAuthor>');
  });

  it('GraphQL: importCourse takes the archive as Base64, exportCourse answers where to download it', async () => {
    const reply = await graphql(
      t.base,
      author.auth,
      `
        mutation ($a: CourseImportInput!) {
          importCourse(courseArchive: $a) {
            key
            displayName
          }
        }
      `,
      { a: { file: fixture('TemplateCourse.zip').toString('base64'), displayname: 'From GraphQL' } },
    );
    expect(reply.body.errors).toBeUndefined();
    const course = reply.body.data.importCourse;
    expect(course.displayName).toBe('From GraphQL');
    const exported = await graphql(
      t.base,
      author.auth,
      `
        query ($k: Long!) {
          exportCourse(courseKey: $k) {
            path
            contentType
            filename
          }
        }
      `,
      { k: course.key },
    );
    expect(exported.body.data.exportCourse).toEqual({
      path: `/restapi/repo/courses/${course.key}/file`,
      contentType: 'application/zip',
      filename: 'From_GraphQL.zip',
    });
    const entry = await graphql(
      t.base,
      author.auth,
      `
        mutation ($a: RepositoryEntryImportInput!) {
          importRepositoryEntry(entryArchive: $a) {
            key
            displayname
          }
        }
      `,
      { a: { file: fixture('Empty_course.zip').toString('base64') } },
    );
    expect(entry.body.data.importRepositoryEntry.displayname).toBe('Empty course');
  });

  it('exports only to managers: 403 for an author who does not own it, 404 for an unknown course', async () => {
    const course = await importCourse(fixture('Empty_course.zip'), 'Empty_course.zip');
    const stranger = await buildUser(t, { author: true });
    expect((await call(t.base, 'GET', `/restapi/repo/courses/${course.key}/file`, { headers: { ...stranger.auth, ...JSON_TYPE } })).status).toBe(403);
    expect((await call(t.base, 'GET', `/restapi/repo/courses/2000000000/file`, { headers: { ...adminAuth(), ...JSON_TYPE } })).status).toBe(404);
    expect((await fetch(`${t.base}/restapi/repo/courses/${course.key}/file`, { headers: { ...adminAuth(), Accept: 'application/zip' } })).status).toBe(200);
  });

  it('a course made through REST (a single page with its page) exports and imports to the same course', async () => {
    const created = await call(t.base, 'PUT', '/restapi/repo/courses?title=Made%20here&description=Made%20through%20REST', {
      headers: { ...author.auth, ...JSON_TYPE },
    });
    expect(created.status).toBe(200);
    const form = new FormData();
    form.append('parentNodeId', created.json.editorRootNodeId);
    form.append('shortTitle', 'A page');
    form.append('file', new Blob(['<p>Made here</p>'], { type: 'text/html' }), 'made.html');
    const page = await call(t.base, 'PUT', `/restapi/repo/courses/${created.json.key}/elements/singlepage`, {
      headers: { ...author.auth, ...JSON_TYPE },
      body: form,
    });
    expect(page.status).toBe(200);
    const again = await importCourse(await exportCourse(created.json.key), 'made-here.zip');
    expect(again).toMatchObject({ displayName: 'Made here', description: 'Made through REST' });
    const PAGES = `query($k: Long!) { course(courseKey: $k) { title editorTree { id parentId position shortName shortTitle longTitle pageFile page } runTree { id } } }`;
    const [before, after] = await Promise.all([created.json.key, again.key].map((k: number) => graphql(t.base, author.auth, PAGES, { k })));
    expect(after.body.data.course).toEqual(before.body.data.course);
    expect(after.body.data.course.editorTree[1].page).toBe('<p>Made here</p>');
  });

  it('deleting the course deletes its files', async () => {
    const course = await importCourse(fixture('simple_course.zip'), 'simple_course.zip');
    const files = () => db.query(`select count(*)::int as n from stored_file where path like $1`, [`courses/${course.repoEntryKey}/%`]);
    expect((await files()).rows[0].n).toBeGreaterThan(3);
    expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${course.key}`, { headers: author.auth })).status).toBe(200);
    expect((await files()).rows[0].n).toBe(0);
  });

  it('stores the files in chunks and reads them back', async () => {
    const course = await importCourse(fixture('Demo-Kurs-7.1.zip'), 'Demo-Kurs-7.1.zip');
    const { rows } = await db.query(`select count(*)::int as n from stored_file where path like $1 and chunked`, [`courses/${course.repoEntryKey}/%`]);
    expect(rows[0].n).toBeGreaterThan(10);
    const junk = await db.query(`select path from stored_file where path like $1 and (path like '%.DS_Store' or path like '%__MACOSX%')`, [
      `courses/${course.repoEntryKey}/%`,
    ]);
    expect(junk.rows).toEqual([]);
  });
});
