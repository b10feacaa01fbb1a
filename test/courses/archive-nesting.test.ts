import { Client } from 'pg';
import yazl from 'yazl';
import { buildUser, type TestUser } from '../factories';
import { archiveForm, treeOfXml, unzip } from '../support/course-archives';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { startTestService, type TestService } from '../support/service';

/**
 * Course archives nested deeply: a course tree of more than 200 levels, or an XML file of an archive
 * that nests elements deeper than 512, is refused with 400 before anything is stored; an archive at
 * both limits imports, exports, and its export imports again with the same trees.
 */

const TREE_LEVELS = 200;
const XML_DEPTH = 512;

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

function zip(files: Record<string, string | Buffer>): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) archive.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  archive.end();
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    archive.outputStream.on('data', (part: Buffer) => parts.push(part));
    archive.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    archive.outputStream.on('error', reject);
  });
}

/** The deepest nesting of elements of a generated XML text (no comments, no `>` in attribute values). */
function depthOf(xml: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [tag] of xml.matchAll(/<[^>?]+>/g)) {
    if (tag.startsWith('</')) depth -= 1;
    else if (!tag.endsWith('/>')) deepest = Math.max(deepest, ++depth);
    else deepest = Math.max(deepest, depth + 1);
  }
  return deepest;
}

const ident = (level: number) => `9${String(level).padStart(13, '0')}`;
const nested = (levels: number) => '<entry>'.repeat(levels) + '</entry>'.repeat(levels);

/**
 * A course whose trees are a chain of `levels` structure nodes; the configuration of the last node
 * of the run structure nests `configNesting` more elements.
 */
function course(levels: number, configNesting = 0): { runstructure: string; editortreemodel: string } {
  let run = '';
  let editor = '';
  for (let level = levels - 1; level >= 0; level--) {
    const parent = (cls: string) => (level ? `<parent class="${cls}" reference="../../.."/>` : '');
    const fields = `<type>st</type><shortTitle>L${level}</shortTitle><longTitle>Level ${level}</longTitle>`;
    const config = level === levels - 1 ? nested(configNesting) : '';
    run =
      `<ident>${ident(level)}</ident>${parent('org.olat.course.nodes.STCourseNode')}` +
      (run ? `<children><org.olat.course.nodes.STCourseNode>${run}</org.olat.course.nodes.STCourseNode></children>` : '') +
      `${fields}<moduleConfiguration><config>${config}</config></moduleConfiguration>`;
    editor =
      `<ident>${ident(level)}</ident>${parent('org.olat.course.tree.CourseEditorTreeNode')}` +
      (editor ? `<children><org.olat.course.tree.CourseEditorTreeNode>${editor}</org.olat.course.tree.CourseEditorTreeNode></children>` : '') +
      `<cn class="org.olat.course.nodes.STCourseNode"><ident>${ident(level)}</ident>${fields}<moduleConfiguration><config/></moduleConfiguration></cn>`;
  }
  return {
    runstructure: `<?xml version="1.0" encoding="UTF-8"?><org.olat.course.Structure><rootNode class="org.olat.course.nodes.STCourseNode">${run}</rootNode><version>3</version></org.olat.course.Structure>`,
    editortreemodel: `<?xml version="1.0" encoding="UTF-8"?><org.olat.course.tree.CourseEditorTreeModel><rootNode class="org.olat.course.tree.CourseEditorTreeNode">${editor}</rootNode><latestPublishTimestamp>-1</latestPublishTimestamp><version>3</version></org.olat.course.tree.CourseEditorTreeModel>`,
  };
}

const archiveOf = (trees: { runstructure: string; editortreemodel: string }) =>
  zip({
    'runstructure.xml': trees.runstructure,
    'editortreemodel.xml': trees.editortreemodel,
    'export/repo.xml': '<RepositoryEntryProperties><DisplayName>Deep course</DisplayName></RepositoryEntryProperties>',
  });

const TABLES = ['repository_entry', 'course_element', 'course_run_element', 'stored_file'];
const counts = async () =>
  Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, (await db.query(`select count(*)::int as n from ${table}`)).rows[0].n])));

/** Refused on both import routes (XML and JSON answers) and through GraphQL with `message`; nothing stored. */
async function refused(archive: Buffer, message: string) {
  const before = await counts();
  const xml = await call(t.base, 'POST', '/restapi/repo/courses', { headers: { ...author.auth, ...XML_TYPE }, body: archiveForm(archive, 'deep.zip') });
  expect(xml.status).toBe(400);
  expect(xml.text).toContain(`<translation>${message}</translation>`);
  const json = await call(t.base, 'PUT', '/restapi/repo/entries', { headers: { ...author.auth, ...JSON_TYPE }, body: archiveForm(archive, 'deep.zip') });
  expect(json.status).toBe(400);
  expect(json.json).toEqual({ code: 'BAD_REQUEST', translation: message });
  const reply = await graphql(t.base, author.auth, 'mutation ($a: CourseImportInput!) { importCourse(courseArchive: $a) { key } }', {
    a: { file: archive.toString('base64') },
  });
  expect(reply.body.errors[0]).toMatchObject({ message, extensions: { code: 'BAD_REQUEST' } });
  expect(await counts()).toEqual(before);
}

const readTree = async (courseKey: number, file: 'runstructure' | 'editortreemodel') => {
  const reply = await call(t.base, 'GET', `/restapi/repo/courses/${courseKey}/${file}`, { headers: { ...author.auth, Accept: 'application/xml' } });
  expect(reply.status).toBe(200);
  return treeOfXml(reply.text, file === 'editortreemodel');
};

it('an archive at both limits imports, exports, and its export imports again with the same trees', async () => {
  const trees = course(TREE_LEVELS, XML_DEPTH - depthOf(course(TREE_LEVELS).runstructure));
  expect(depthOf(trees.runstructure)).toBe(XML_DEPTH);
  const imported = await call(t.base, 'POST', '/restapi/repo/courses', {
    headers: { ...author.auth, ...JSON_TYPE },
    body: archiveForm(await archiveOf(trees), 'deep.zip'),
  });
  expect(imported.status).toBe(200);
  const editor = await readTree(imported.json.key, 'editortreemodel');
  const run = await readTree(imported.json.key, 'runstructure');
  expect(editor).toEqual(treeOfXml(trees.editortreemodel, true));
  expect(run).toEqual(treeOfXml(trees.runstructure, false));
  expect(editor).toHaveLength(TREE_LEVELS);

  const exported = await fetch(`${t.base}/restapi/repo/courses/${imported.json.key}/file`, { headers: author.auth });
  expect(exported.status).toBe(200);
  const content = Buffer.from(await exported.arrayBuffer());
  const files = await unzip(content);
  expect(depthOf(files.get('runstructure.xml')!.toString('utf8'))).toBeLessThanOrEqual(XML_DEPTH);
  const again = await call(t.base, 'POST', '/restapi/repo/courses', { headers: { ...author.auth, ...JSON_TYPE }, body: archiveForm(content, 'again.zip') });
  expect(again.status).toBe(200);
  expect(await readTree(again.json.key, 'editortreemodel')).toEqual(editor);
  expect(await readTree(again.json.key, 'runstructure')).toEqual(run);

  // No element is added below the last level; on the level above it one is.
  const deepest = ident(TREE_LEVELS - 1);
  const below = await call(t.base, 'PUT', `/restapi/repo/courses/${imported.json.key}/elements/structure?parentNodeId=${deepest}&shortTitle=Deeper`, {
    headers: { ...author.auth, ...JSON_TYPE },
  });
  expect(below.status).toBe(400);
  expect(below.json).toEqual({ code: 'BAD_REQUEST', translation: 'course trees hold at most 200 levels: the parent element is on the last' });
  const graphqlBelow = await graphql(
    t.base,
    author.auth,
    'mutation ($k: Long!, $e: CourseNodeInput!) { addStructureElement(courseKey: $k, element: $e) { id } }',
    { k: imported.json.key, e: { parentNodeId: deepest, shortTitle: 'Deeper' } },
  );
  expect(graphqlBelow.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  const beside = await call(
    t.base,
    'PUT',
    `/restapi/repo/courses/${imported.json.key}/elements/structure?parentNodeId=${ident(TREE_LEVELS - 2)}&shortTitle=Beside`,
    {
      headers: { ...author.auth, ...JSON_TYPE },
    },
  );
  expect(beside.status).toBe(200);
}, 60_000);

it('an XML file nesting elements one level deeper than the limit: 400, nothing stored', async () => {
  const trees = course(3, XML_DEPTH + 1 - depthOf(course(3).runstructure));
  expect(depthOf(trees.runstructure)).toBe(XML_DEPTH + 1);
  await refused(await archiveOf(trees), 'runstructure.xml nests elements deeper than 512 levels');
});

it('10,000 nested elements (which overflowed the stack while parsing): 400, nothing stored', async () => {
  await refused(await archiveOf(course(1, 10_000)), 'runstructure.xml nests elements deeper than 512 levels');
  await refused(
    await zip({ ...Object.fromEntries(await unzip(await archiveOf(course(2)))), 'CourseConfig.xml': nested(10_000) }),
    'CourseConfig.xml nests elements deeper than 512 levels',
  );
});

it('a course tree of one level more than the limit: 400, nothing stored', async () => {
  await refused(await archiveOf(course(TREE_LEVELS + 1)), 'runstructure.xml has a course tree of more than 200 levels');
});
