import { Client } from 'pg';
import { traceStatements } from '../../scripts/trace-statements';
import { EntryRole } from '../../src/entities/courses';
import { addCourseMember, buildCourse, buildUser, type TestCourse, type TestUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Course elements on the editor tree, publishing into the run tree, and both trees as XStream XML and GraphQL edges. */

let t: TestService;
let db: Client;
let owner: TestUser;
let course: TestCourse;
beforeAll(async () => {
  t = await startTestService();
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  owner = await buildUser(t);
  course = await buildCourse(t, { title: 'Elements' });
  await addCourseMember(t, course.key, owner.key, EntryRole.owner);
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

const asOwner = () => ({ ...owner.auth, ...JSON_TYPE });
const elements = (c: TestCourse = course) => `/restapi/repo/courses/${c.courseKey}/elements`;

function form(fields: Record<string, string>, page?: { html: string; part?: string; name?: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (page) body.append(page.part ?? 'file', new Blob([page.html], { type: 'text/html' }), page.name ?? 'upload.html');
  return body;
}

async function newCourse(): Promise<TestCourse> {
  const built = await buildCourse(t, { title: 'Tree' });
  await addCourseMember(t, built.key, owner.key, EntryRole.owner);
  return built;
}

const TREE = `query($courseKey: Long!) { course(courseKey: $courseKey) { editorTree { id parentId position shortTitle shortName } runTree { id shortName } } }`;

async function trees(c: TestCourse) {
  const reply = await graphql(t.base, owner.auth, TREE, { courseKey: c.courseKey });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data.course as {
    editorTree: { id: string; parentId: string | null; position: number | null; shortTitle: string }[];
    runTree: { id: string }[];
  };
}

async function addStructure(c: TestCourse, shortTitle: string, position?: number): Promise<string> {
  const query = new URLSearchParams({ parentNodeId: c.editorRootNodeId, shortTitle, ...(position === undefined ? {} : { position: String(position) }) });
  const reply = await call(t.base, 'PUT', `${elements(c)}/structure?${query}`, { headers: asOwner() });
  expect(reply.status).toBe(200);
  return reply.json.id;
}

it('answers the version of the elements service', async () => {
  const reply = await call(t.base, 'GET', `${elements()}/version`, { headers: owner.auth });
  expect(reply.status).toBe(200);
  expect(reply.text).toBe('0.1');
});

describe('structure elements', () => {
  it('adds one from query parameters, in JSON and XML, with OpenOLAT’s default titles', async () => {
    const query = `parentNodeId=${course.editorRootNodeId}&shortTitle=Week%201&longTitle=The%20first%20week&objectives=Read&displayType=peekview`;
    const reply = await call(t.base, 'PUT', `${elements()}/structure?${query}`, { headers: asOwner() });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      id: expect.stringMatching(/^\d{15}$/),
      parentId: course.editorRootNodeId,
      shortName: 'st',
      shortTitle: 'Week 1',
      longTitle: 'The first week',
      objectives: 'Read',
    });
    const xml = await call(t.base, 'GET', `${elements()}/${reply.json.id}`, { headers: { ...owner.auth, ...XML_TYPE } });
    expect(xml.text).toMatch(
      /<courseNodeVO><id>\d{15}<\/id><position>\d+<\/position><parentId>\d+<\/parentId><shortTitle>Week 1<\/shortTitle><shortName>st<\/shortName>/,
    );
    const untitled = await call(t.base, 'PUT', `${elements()}/structure?parentNodeId=${course.editorRootNodeId}`, { headers: asOwner() });
    expect(untitled.json).toMatchObject({ shortTitle: 'undefined', longTitle: 'undefined' });
  });

  it('adds one from a multipart form and changes it', async () => {
    const added = await call(t.base, 'POST', `${elements()}/structure`, {
      headers: asOwner(),
      body: form({ parentNodeId: course.editorRootNodeId, shortTitle: 'Form', longTitle: 'From a form' }),
    });
    expect(added.json).toMatchObject({ shortName: 'st', shortTitle: 'Form' });
    const changed = await call(t.base, 'POST', `${elements()}/structure/${added.json.id}`, {
      headers: asOwner(),
      body: form({ shortTitle: ' ', longTitle: 'Changed', description: 'Now described' }),
    });
    expect(changed.status).toBe(200);
    // A blank field leaves the value as it was, as in OpenOLAT.
    expect(changed.json).toMatchObject({ id: added.json.id, shortTitle: 'Form', longTitle: 'Changed', description: 'Now described' });
    const formed = await call(t.base, 'POST', `${elements()}/structure/${added.json.id}`, {
      headers: asOwner(),
      body: 'objectives=Learn&displayType=none',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(formed.json).toMatchObject({ id: added.json.id, longTitle: 'Changed', objectives: 'Learn' });
  });

  it('inserts at a position, moving the later siblings down, and appends without one', async () => {
    const c = await newCourse();
    const a = await addStructure(c, 'A');
    const b = await addStructure(c, 'B');
    const d = await addStructure(c, 'D');
    const inserted = await addStructure(c, 'C', 2);
    const first = await addStructure(c, 'First', 0);
    const beyond = await addStructure(c, 'Beyond', 99);
    const last = await addStructure(c, 'Last', -1);
    const children = (await trees(c)).editorTree.filter((node) => node.parentId === c.editorRootNodeId);
    expect(children.map((node) => [node.id, node.shortTitle, node.position])).toEqual([
      [first, 'First', 0],
      [a, 'A', 1],
      [b, 'B', 2],
      [inserted, 'C', 3],
      [d, 'D', 4],
      [beyond, 'Beyond', 5],
      [last, 'Last', 6],
    ]);
    const nested = await call(t.base, 'PUT', `${elements(c)}/structure?parentNodeId=${a}&shortTitle=Nested`, { headers: asOwner() });
    expect(nested.json).toMatchObject({ parentId: a, position: 0 });
  });

  it('adds one under the root when parentNodeId is absent, as OpenOLAT does, in JSON, XML and GraphQL', async () => {
    const c = await newCourse();
    const json = await call(t.base, 'PUT', `${elements(c)}/structure?shortTitle=Top`, { headers: asOwner() });
    expect(json.status).toBe(200);
    expect(json.json).toMatchObject({ parentId: c.editorRootNodeId, shortTitle: 'Top' });
    const xml = await call(t.base, 'POST', `${elements(c)}/structure`, {
      headers: { ...owner.auth, Accept: 'application/xml' },
      body: form({ shortTitle: 'Form' }),
    });
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(`<parentId>${c.editorRootNodeId}</parentId>`);
    const reply = await graphql(t.base, owner.auth, 'mutation($c: Long!) { addStructureElement(courseKey: $c, element: { shortTitle: "Gql" }) { parentId } }', {
      c: c.courseKey,
    });
    expect(reply.body.data.addStructureElement).toEqual({ parentId: c.editorRootNodeId });
    expect((await trees(c)).editorTree.filter((node) => node.parentId === c.editorRootNodeId).map((node) => node.shortTitle)).toEqual(['Top', 'Form', 'Gql']);
  });

  it('refuses bad input with an ErrorVO: invalid values 406, as OpenOLAT answers a failed validation, malformed ones 400', async () => {
    const display = await call(t.base, 'PUT', `${elements()}/structure?parentNodeId=${course.editorRootNodeId}&displayType=carousel`, { headers: asOwner() });
    expect(display.status).toBe(406);
    const xml = await call(t.base, 'PUT', `${elements()}/structure?parentNodeId=${course.editorRootNodeId}&position=first`, {
      headers: { ...owner.auth, ...XML_TYPE },
    });
    expect(xml.status).toBe(400);
    expect(xml.text).toContain('<errorVO');
  });
});

describe('single pages', () => {
  it('stores the page of the part `file` in the course folder and shows it', async () => {
    const reply = await call(t.base, 'PUT', `${elements()}/singlepage`, {
      headers: asOwner(),
      body: form(
        { parentNodeId: course.editorRootNodeId, shortTitle: 'Welcome', longTitle: 'Welcome page', filename: 'welcome.html' },
        { html: '<h1>Welcome</h1>' },
      ),
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ shortName: 'sp', shortTitle: 'Welcome', longTitle: 'Welcome page', parentId: course.editorRootNodeId });
    const stored = await db.query('select content_type, content from stored_file where path = $1', [`courses/${course.key}/coursefolder/welcome.html`]);
    expect(stored.rows).toEqual([{ content_type: 'text/html', content: Buffer.from('<h1>Welcome</h1>') }]);
    const node = await graphql(t.base, owner.auth, 'query($c: Long!, $n: String!) { courseElement(courseKey: $c, nodeId: $n) { id pageFile page } }', {
      c: course.courseKey,
      n: reply.json.id,
    });
    expect(node.body.data.courseElement).toEqual({ id: reply.json.id, pageFile: 'welcome.html', page: '<h1>Welcome</h1>' });
  });

  it('takes the page from a part named `path`, as importers send it, named by the part’s file name without `filename`', async () => {
    const c = await newCourse();
    const fields = { shortTitle: 'Imported', longTitle: 'Imported page', filename: 'imported.html', parentNodeId: c.editorRootNodeId };
    const reply = await call(t.base, 'POST', `${elements(c)}/singlepage`, {
      headers: asOwner(),
      body: form(fields, { html: '<p>Imported</p>', part: 'path' }),
    });
    expect(reply.status).toBe(200);
    const named = await call(t.base, 'POST', `${elements(c)}/singlepage`, {
      headers: asOwner(),
      body: form({ parentNodeId: c.editorRootNodeId }, { html: '<p>Named</p>', part: 'path', name: 'named.html' }),
    });
    const pages = await db.query('select path from stored_file where path like $1 order by path', [`courses/${c.key}/coursefolder/%`]);
    expect(pages.rows.map((row) => row.path)).toEqual([`courses/${c.key}/coursefolder/imported.html`, `courses/${c.key}/coursefolder/named.html`]);
    // A page already in the course folder, named by its path (query parameters only).
    const again = await call(t.base, 'PUT', `${elements(c)}/singlepage?parentNodeId=${c.editorRootNodeId}&shortTitle=Again&path=/imported.html`, {
      headers: asOwner(),
    });
    expect(again.status).toBe(200);
    // The same as an HTML form.
    const formed = await call(t.base, 'POST', `${elements(c)}/singlepage`, {
      headers: asOwner(),
      body: `parentNodeId=${c.editorRootNodeId}&shortTitle=Formed&filename=imported.html&path=imported.html`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(formed.json).toMatchObject({ shortName: 'sp', shortTitle: 'Formed' });
    let shown: Awaited<ReturnType<typeof graphql>> | undefined;
    const traced = await traceStatements(
      async () => (shown = await graphql(t.base, owner.auth, 'query($c: Long!) { course(courseKey: $c) { editorTree { id page } } }', { c: c.courseKey })),
    );
    // The four pages are read together.
    expect(traced.filter((statement) => statement.text.includes('from stored_file'))).toHaveLength(1);
    const pageOf = (id: string) => shown!.body.data.course.editorTree.find((node: { id: string }) => node.id === id).page;
    expect([pageOf(reply.json.id), pageOf(named.json.id), pageOf(again.json.id), pageOf(formed.json.id)]).toEqual([
      '<p>Imported</p>',
      '<p>Named</p>',
      '<p>Imported</p>',
      '<p>Imported</p>',
    ]);
  });

  it('replaces the page of an existing single page', async () => {
    const c = await newCourse();
    const added = await call(t.base, 'PUT', `${elements(c)}/singlepage`, {
      headers: asOwner(),
      body: form({ parentNodeId: c.editorRootNodeId, filename: 'page.html' }, { html: 'old' }),
    });
    const changed = await call(t.base, 'POST', `${elements(c)}/singlepage/${added.json.id}`, {
      headers: asOwner(),
      body: form({ shortTitle: 'Renewed', filename: 'renewed.html' }, { html: 'new' }),
    });
    expect(changed.json).toMatchObject({ id: added.json.id, shortTitle: 'Renewed' });
    const page = await graphql(t.base, owner.auth, 'query($c: Long!, $n: String!) { courseElement(courseKey: $c, nodeId: $n) { pageFile page } }', {
      c: c.courseKey,
      n: added.json.id,
    });
    expect(page.body.data.courseElement).toEqual({ pageFile: 'renewed.html', page: 'new' });
  });

  it('refuses a single page without its page or with a file name that is a path (406), and an unknown path (404)', async () => {
    const none = await call(t.base, 'PUT', `${elements()}/singlepage?parentNodeId=${course.editorRootNodeId}`, { headers: asOwner() });
    expect(none.status).toBe(406);
    expect(none.json.translation).toMatch(/HTML page/);
    const unknown = await call(t.base, 'PUT', `${elements()}/singlepage?parentNodeId=${course.editorRootNodeId}&path=nowhere.html`, { headers: asOwner() });
    expect(unknown.status).toBe(404);
    const escaping = await call(t.base, 'PUT', `${elements()}/singlepage`, {
      headers: asOwner(),
      body: form({ parentNodeId: course.editorRootNodeId, filename: '../../escape.html' }, { html: 'x' }),
    });
    expect(escaping.status).toBe(406);
  });
});

describe('unknown nodes', () => {
  it('answers 404 for an unknown parent or node, on REST and GraphQL', async () => {
    expect((await call(t.base, 'PUT', `${elements()}/structure?parentNodeId=999`, { headers: asOwner() })).status).toBe(404);
    const page = form({ parentNodeId: '999' }, { html: 'x' });
    expect((await call(t.base, 'POST', `${elements()}/singlepage`, { headers: asOwner(), body: page })).status).toBe(404);
    expect((await call(t.base, 'GET', `${elements()}/999`, { headers: asOwner() })).status).toBe(404);
    expect((await call(t.base, 'POST', `${elements()}/structure/999`, { headers: asOwner(), body: form({ shortTitle: 'x' }) })).status).toBe(404);
    const reply = await graphql(t.base, owner.auth, 'mutation($c: Long!) { addStructureElement(courseKey: $c, element: { parentNodeId: "999" }) { id } }', {
      c: course.courseKey,
    });
    expect(reply.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const unknownNode = await graphql(t.base, owner.auth, 'query($c: Long!) { courseElement(courseKey: $c, nodeId: "999") { id } }', { c: course.courseKey });
    expect(unknownNode.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('publishing', () => {
  it('shows the editor tree in editortreemodel before publishing, and the pages in runstructure after', async () => {
    const c = await newCourse();
    const chapter = await addStructure(c, 'Chapter');
    const page = await call(t.base, 'PUT', `${elements(c)}/singlepage`, {
      headers: asOwner(),
      body: form({ parentNodeId: chapter, shortTitle: 'Lesson', filename: 'lesson.html' }, { html: '<p>Lesson</p>' }),
    });
    const editor = await call(t.base, 'GET', `/restapi/repo/courses/${c.courseKey}/editortreemodel`, { headers: { ...owner.auth, ...XML_TYPE } });
    expect(editor.status).toBe(200);
    expect(editor.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<org.olat.course.tree.CourseEditorTreeModel>\s*<rootNode class="org.olat.course.tree.CourseEditorTreeNode">/,
    );
    expect(editor.text).toContain(`<ident>${page.json.id}</ident>`);
    expect(editor.text).toContain('<parent class="org.olat.course.tree.CourseEditorTreeNode" reference="../../.."/>');
    expect(editor.text).toContain('<cn class="org.olat.course.nodes.SPCourseNode">');
    expect(editor.text).toContain('<latestPublishTimestamp>-1</latestPublishTimestamp>');
    const before = await call(t.base, 'GET', `/restapi/repo/courses/${c.courseKey}/runstructure`, { headers: { ...owner.auth, ...XML_TYPE } });
    expect(before.text).toContain(`<ident>${c.editorRootNodeId}</ident>`);
    expect(before.text).not.toContain(chapter);
    expect((await trees(c)).runTree.map((node) => node.id)).toEqual([c.editorRootNodeId]);

    const published = await call(t.base, 'POST', `/restapi/repo/courses/${c.courseKey}/publish?locale=de&status=published`, { headers: asOwner() });
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ key: c.courseKey, repoEntryStatus: 'published' });

    const run = await call(t.base, 'GET', `/restapi/repo/courses/${c.courseKey}/runstructure`, { headers: { ...owner.auth, Accept: 'application/xml' } });
    expect(run.text).toMatch(/<org.olat.course.Structure>\s*<rootNode class="org.olat.course.nodes.STCourseNode">/);
    expect(run.text).toContain('<org.olat.course.nodes.SPCourseNode>');
    expect(run.text).toMatch(/<shortTitle>Lesson<\/shortTitle>[\s\S]*<string>file<\/string>\s*<string>\/lesson.html<\/string>/);
    expect(run.text).toContain('<version>3</version>');
    const lastModified = run.headers.get('last-modified')!;
    const unchanged = await call(t.base, 'GET', `/restapi/repo/courses/${c.courseKey}/runstructure`, {
      headers: { ...owner.auth, Accept: 'application/xml', 'If-Modified-Since': lastModified, 'Cache-Control': 'max-age=0' },
    });
    expect(unchanged.status).toBe(304);
    const tree = await trees(c);
    expect(tree.runTree.map((node) => node.id)).toEqual(tree.editorTree.map((node) => node.id));
    expect(tree.runTree.map((node) => node.id)).toEqual([c.editorRootNodeId, chapter, page.json.id]);
  });

  it('publishes in preparation when the status is absent or no status name, as OpenOLAT does', async () => {
    const c = await newCourse();
    await addStructure(c, 'Kept');
    const published = await call(t.base, 'POST', `/restapi/repo/courses/${c.courseKey}/publish?status=published`, { headers: asOwner() });
    expect(published.json.repoEntryStatus).toBe('published');
    const unknown = await call(t.base, 'POST', `/restapi/repo/courses/${c.courseKey}/publish?status=unpublished`, { headers: asOwner() });
    expect(unknown.status).toBe(200);
    expect(unknown.json.repoEntryStatus).toBe('preparation');
    expect((await trees(c)).runTree).toHaveLength(2);
    await call(t.base, 'POST', `/restapi/repo/courses/${c.courseKey}/publish?status=published`, { headers: asOwner() });
    const absent = await call(t.base, 'POST', `/restapi/repo/courses/${c.courseKey}/publish`, { headers: { ...owner.auth, Accept: 'application/xml' } });
    expect(absent.status).toBe(200);
    expect(absent.text).toContain('<repoEntryStatus>preparation</repoEntryStatus>');
    await call(t.base, 'POST', `/restapi/repo/courses/${c.courseKey}/publish?status=published`, { headers: asOwner() });
    const reply = await graphql(t.base, owner.auth, 'mutation($c: Long!) { publishCourse(courseKey: $c, status: "nope") { repoEntryStatus } }', {
      c: c.courseKey,
    });
    expect(reply.body.data.publishCourse).toEqual({ repoEntryStatus: 'preparation' });
  });

  it('publishes through GraphQL too', async () => {
    const c = await newCourse();
    await addStructure(c, 'Via GraphQL');
    const reply = await graphql(t.base, owner.auth, 'mutation($c: Long!) { publishCourse(courseKey: $c) { repoEntryStatus } }', { c: c.courseKey });
    expect(reply.body.data.publishCourse).toEqual({ repoEntryStatus: 'preparation' });
    expect((await trees(c)).runTree).toHaveLength(2);
  });
});

describe('trees on GraphQL', () => {
  it('refuses the trees of a course the caller only takes part in, field by field', async () => {
    const participant = await buildUser(t);
    // Participants see a course once it is published (src/courses/repository.ts, MEMBER_STATUSES).
    const published = await newCourse();
    expect((await call(t.base, 'POST', `/restapi/repo/courses/${published.courseKey}/publish?status=published`, { headers: asOwner() })).status).toBe(200);
    await addCourseMember(t, published.key, participant.key, EntryRole.participant);
    const reply = await graphql(t.base, participant.auth, 'query($c: Long!) { course(courseKey: $c) { key editorTree { id } } }', { c: published.courseKey });
    expect(reply.body.data.course).toEqual({ key: published.courseKey, editorTree: null });
    expect(reply.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('pages a tree in depth-first order, siblings by position: 20 nodes without a limit, a page with limit and offset', async () => {
    const c = await newCourse();
    const second = await addStructure(c, 'Second');
    const first = await addStructure(c, 'First', 0);
    const inner = new URLSearchParams({ parentNodeId: first, shortTitle: 'Inner' });
    const innerId = (await call(t.base, 'PUT', `${elements(c)}/structure?${inner}`, { headers: asOwner() })).json.id as string;
    for (let i = 0; i < 25; i++) await addStructure(c, `Later ${i}`);
    expect((await call(t.base, 'POST', `/restapi/repo/courses/${c.courseKey}/publish`, { headers: asOwner() })).status).toBe(200);
    const page = await graphql(
      t.base,
      owner.auth,
      'query($c: Long!) { course(courseKey: $c) { editorTree(limit: 3, offset: 1) { id } runTree(limit: 3, offset: 1) { id } all: editorTree { id } } }',
      { c: c.courseKey },
    );
    expect(page.body.errors).toBeUndefined();
    // root, First, Inner (First's child), Second, Later 0, …: the page after the root.
    expect(page.body.data.course.editorTree).toEqual([{ id: first }, { id: innerId }, { id: second }]);
    expect(page.body.data.course.runTree).toEqual([{ id: first }, { id: innerId }, { id: second }]);
    expect(page.body.data.course.all).toHaveLength(20);
  });

  it('reads the trees of a small and a large course in the same number of statements, a page of each', async () => {
    const PAGE = `query($courseKey: Long!) { course(courseKey: $courseKey) { editorTree(limit: 1000) { id } runTree(limit: 1000) { id } } }`;
    const statementsFor = async (c: TestCourse, nodes: number) => {
      // The nodes go straight into the database: a chain of structure nodes below the root, each with its siblings.
      await db.query(
        `insert into course_element (entry_id, ident, parent_id, position, type, short_title)
         select $1, (200000000000000 + g)::text, (select id from course_element where entry_id = $1 and ident = $2), g, 'st', 'Node ' || g
         from generate_series(1, $3) g`,
        [c.key, c.editorRootNodeId, nodes],
      );
      expect((await call(t.base, 'POST', `/restapi/repo/courses/${c.courseKey}/publish`, { headers: asOwner() })).status).toBe(200);
      let reply: Awaited<ReturnType<typeof graphql>> | undefined;
      const traced = await traceStatements(async () => (reply = await graphql(t.base, owner.auth, PAGE, { courseKey: c.courseKey })));
      expect(reply!.body.errors).toBeUndefined();
      expect(reply!.body.data.course.editorTree).toHaveLength(Math.min(nodes + 1, 1000));
      expect(reply!.body.data.course.runTree).toHaveLength(Math.min(nodes + 1, 1000));
      return traced.length;
    };
    const small = await statementsFor(await newCourse(), 3);
    const large = await statementsFor(await newCourse(), 2000);
    expect(small).toBeLessThanOrEqual(8);
    expect(large).toBe(small);
  });
});

describe('expert rules', () => {
  const conditionOf = (xml: string, ident: string, name: string) => {
    const node = xml.slice(xml.indexOf(`<ident>${ident}</ident>`));
    const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(node);
    return match?.[1].replace(/&quot;/g, '"') ?? null;
  };

  it('keeps visibility and access rules as expert conditions of the node, through updates, publishing, GraphQL and copies', async () => {
    const c = await newCourse();
    const query = new URLSearchParams({ parentNodeId: c.editorRootNodeId, shortTitle: 'Ruled', visibilityExpertRules: 'isInGroup("A")' });
    const created = await call(t.base, 'PUT', `${elements(c)}/structure?${query}`, { headers: asOwner() });
    expect(created.status).toBe(200);
    // The CourseVO fields of OpenOLAT only: the rules are not among them.
    expect(Object.keys(created.json)).not.toContain('visibilityExpertRules');
    const page = await call(t.base, 'POST', `${elements(c)}/singlepage`, {
      headers: asOwner(),
      body: form({ parentNodeId: created.json.id, shortTitle: 'Page', accessExpertRules: 'hasAttribute("role", "student")' }, { html: '<p>x</p>' }),
    });
    expect(page.status).toBe(200);
    const editor = (await call(t.base, 'GET', `/restapi/repo/courses/${c.courseKey}/editortreemodel`, { headers: owner.auth })).text;
    const visibility = conditionOf(editor, created.json.id, 'preConditionVisibility');
    expect(visibility).toContain('<conditionExpression>isInGroup("A")</conditionExpression>');
    expect(visibility).toContain('<expertMode>true</expertMode>');
    expect(conditionOf(editor, page.json.id, 'preConditionAccess')).toContain('<conditionExpression>hasAttribute("role", "student")</conditionExpression>');

    // An update changes the rule it names and leaves the other.
    const updated = await call(t.base, 'POST', `${elements(c)}/structure/${created.json.id}`, {
      headers: asOwner(),
      contentType: 'application/x-www-form-urlencoded',
      body: 'accessExpertRules=isGuest()',
    });
    expect(updated.status).toBe(200);
    const node = `query($courseKey: Long!) { course(courseKey: $courseKey) { editorTree { id visibilityExpertRules accessExpertRules } runTree { id visibilityExpertRules } } }`;
    const before = await graphql(t.base, owner.auth, node, { courseKey: c.courseKey });
    expect(before.body.data.course.editorTree.find((n: { id: string }) => n.id === created.json.id)).toEqual({
      id: created.json.id,
      visibilityExpertRules: 'isInGroup("A")',
      accessExpertRules: 'isGuest()',
    });

    expect((await call(t.base, 'POST', `/restapi/repo/courses/${c.courseKey}/publish`, { headers: asOwner() })).status).toBe(200);
    const run = (await call(t.base, 'GET', `/restapi/repo/courses/${c.courseKey}/runstructure`, { headers: owner.auth })).text;
    expect(conditionOf(run, created.json.id, 'preConditionVisibility')).toContain('isInGroup("A")');

    const copy = await call(t.base, 'PUT', `/restapi/repo/courses?copyFrom=${c.key}`, { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(copy.status).toBe(200);
    const copied = await graphql(t.base, adminAuth(), node, { courseKey: copy.json.key });
    expect(copied.body.data.course.runTree.find((n: { id: string }) => n.id === created.json.id).visibilityExpertRules).toBe('isInGroup("A")');
  });

  it('refuses a rule longer than 4,000 characters as invalid (406, as OpenOLAT answers invalid elements) and adds nothing', async () => {
    const c = await newCourse();
    const query = new URLSearchParams({ parentNodeId: c.editorRootNodeId, visibilityExpertRules: 'x'.repeat(4001) });
    const reply = await call(t.base, 'PUT', `${elements(c)}/structure?${query}`, { headers: asOwner() });
    expect(reply.status).toBe(406);
    expect(reply.json[0].code).toBe('org.olat.course:visibilityExpertRules.tooLong');
    expect((await trees(c)).editorTree).toHaveLength(1);
  });
});
