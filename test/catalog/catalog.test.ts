import { Client } from 'pg';
import { traceStatements } from '../../scripts/trace-statements';
import { buildCourse, buildUser, type TestUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';
import { ROOT_KEY, buildCatalogEntry } from './support';

/** The catalog tree (catalog-v1.md): creating, updating, moving and deleting entries, orders, paths, the GraphQL tree. */

let t: TestService;
let plain: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const keysOf = (list: { key: number }[]) => list.map((item) => item.key);
const get = async (path: string) => (await call(t.base, 'GET', `/restapi/catalog/${path}`, { headers: asAdmin })).json;

describe('creating entries', () => {
  it('takes query parameters without a body, a form, a JSON and an XML CatalogEntryVO; node or leaf by the linked course unless a type is given', async () => {
    const course = await buildCourse(t);
    const parent = await buildCatalogEntry(t, { name: 'Create here' });
    const query = await call(t.base, 'PUT', `/restapi/catalog/${parent}?name=Leaf&repoEntryKey=${course.key}`, { headers: asAdmin });
    expect(query.json).toMatchObject({ name: 'Leaf', type: 1, repositoryEntryKey: course.key, parentKey: parent });
    const form = await call(t.base, 'PUT', `/restapi/catalog/${parent}`, {
      headers: asAdmin,
      body: 'name=Form%20node&description=%3Cp%3EHTML%3C%2Fp%3E',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.json).toMatchObject({ name: 'Form node', description: '<p>HTML</p>', type: 0 });
    const xml = await call(t.base, 'PUT', `/restapi/catalog/${parent}`, {
      headers: adminAuth(),
      body: `<catalogEntryVO><name>XML node</name><type>0</type><repositoryEntryKey>${course.key}</repositoryEntryKey></catalogEntryVO>`,
      contentType: 'application/xml',
    });
    expect(xml.status).toBe(200);
    expect(xml.text).toMatch(
      new RegExp(`<name>XML node</name><type>0</type><repositoryEntryKey>${course.key}</repositoryEntryKey><parentKey>${parent}</parentKey><link rel="self"`),
    );
    const json = await call(t.base, 'PUT', `/restapi/catalog/${ROOT_KEY}/${parent}`, { headers: asAdmin, body: { name: 'JSON node', link: [] } });
    expect(json.json).toMatchObject({ name: 'JSON node', type: 0, parentKey: parent });
  });

  it('refuses a missing name (406 with its ErrorVO), an unknown course (404), a malformed body (400), and a caller who is no catalog manager (403)', async () => {
    const missing = await call(t.base, 'PUT', `/restapi/catalog/${ROOT_KEY}`, { headers: asAdmin, body: { description: 'no name' } });
    expect(missing.status).toBe(406);
    expect(missing.json[0].code).toBe('org.olat.core:new.form.mandatory:name');
    expect((await call(t.base, 'PUT', `/restapi/catalog/${ROOT_KEY}?name=X&repoEntryKey=2000000000`, { headers: asAdmin })).status).toBe(404);
    expect((await call(t.base, 'PUT', `/restapi/catalog/${ROOT_KEY}`, { headers: asAdmin, body: '{"name":' })).status).toBe(400);
    expect((await call(t.base, 'PUT', `/restapi/catalog/${ROOT_KEY}?name=X`, { headers: plain.auth })).status).toBe(403);
  });
});

describe('children', () => {
  it('come in stored order (categories before leaves) unpaged, and by name in pages', async () => {
    const course = await buildCourse(t);
    const parent = await buildCatalogEntry(t, { name: 'Ordered' });
    const zebra = await buildCatalogEntry(t, { name: 'Zebra', parentKey: parent });
    const leaf = await buildCatalogEntry(t, { name: 'Apple leaf', parentKey: parent, entryKey: course.key });
    const mango = await buildCatalogEntry(t, { name: 'Mango', parentKey: parent });
    expect(keysOf(await get(`${parent}/children`))).toEqual([zebra, mango, leaf]);
    const paged = await call(t.base, 'GET', `/restapi/catalog/${parent}/children?start=0&limit=2`, {
      headers: { ...adminAuth(), Accept: 'application/json; pagingspec=1.0' },
    });
    expect(paged.json.totalCount).toBe(3);
    expect(keysOf(paged.json.catalogEntries)).toEqual([leaf, mango]);
    expect(await get(`${leaf}/children`)).toEqual([]);
  });

  it('a chain of ancestor keys addresses the last one, for every sub-resource', async () => {
    const a = await buildCatalogEntry(t, { name: 'A' });
    const b = await buildCatalogEntry(t, { name: 'B', parentKey: a });
    expect(keysOf(await get(`${ROOT_KEY}/${a}/children`))).toEqual([b]);
    expect(await get(`${ROOT_KEY}/${a}/${b}/owners`)).toEqual([]);
    expect((await call(t.base, 'PUT', `/restapi/catalog/${ROOT_KEY}/${a}/${b}/owners/${plain.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await get(`${ROOT_KEY}/${a}/${b}/owners/${plain.key}`)).key).toBe(plain.key);
    expect((await call(t.base, 'GET', `/restapi/catalog/${ROOT_KEY}/${a}/x`, { headers: asAdmin })).status).toBe(406);
  });
});

describe('updating and moving', () => {
  it('changes name and description when not blank, type from a body, and moves with newParentKey in the query', async () => {
    const target = await buildCatalogEntry(t, { name: 'Target' });
    const entry = await buildCatalogEntry(t, { name: 'Before', description: 'Kept' });
    const child = await buildCatalogEntry(t, { name: 'Comes along', parentKey: entry });
    const reply = await call(t.base, 'POST', `/restapi/catalog/${entry}?newParentKey=${target}`, {
      headers: asAdmin,
      body: { name: 'After', description: ' ', type: 0 },
    });
    expect(reply.json).toMatchObject({ key: entry, name: 'After', description: 'Kept', parentKey: target });
    expect((await get(String(child))).parentKey).toBe(entry);
    const query = await call(t.base, 'POST', `/restapi/catalog/${entry}?name=Renamed`, { headers: adminAuth() });
    expect(query.text).toContain('<name>Renamed</name>');
  });

  it('refuses a move under the entry itself, its subtree or a leaf (409), and to an unknown parent (404)', async () => {
    const course = await buildCourse(t);
    const entry = await buildCatalogEntry(t, { name: 'Mover' });
    const grandchild = await buildCatalogEntry(t, { name: 'Deep', parentKey: await buildCatalogEntry(t, { parentKey: entry }) });
    const leaf = await buildCatalogEntry(t, { entryKey: course.key });
    const move = (to: number) => call(t.base, 'POST', `/restapi/catalog/${entry}?newParentKey=${to}`, { headers: asAdmin });
    expect((await move(entry)).status).toBe(409);
    expect((await move(grandchild)).status).toBe(409);
    expect((await move(leaf)).status).toBe(409);
    expect((await move(2_000_000_000)).status).toBe(404);
    expect((await get(String(entry))).parentKey).toBe(ROOT_KEY);
  });

  it('two crossing moves at once leave a tree: one of them is refused', async () => {
    const a = await buildCatalogEntry(t, { name: 'Crossing A' });
    const b = await buildCatalogEntry(t, { name: 'Crossing B' });
    const replies = await Promise.all([
      call(t.base, 'POST', `/restapi/catalog/${a}?newParentKey=${b}`, { headers: asAdmin }),
      call(t.base, 'POST', `/restapi/catalog/${b}?newParentKey=${a}`, { headers: asAdmin }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const parents = [(await get(String(a))).parentKey, (await get(String(b))).parentKey];
    expect(parents.filter((parent) => parent === ROOT_KEY)).toHaveLength(1);
  });
});

describe('deleting', () => {
  it('removes the whole subtree; the root stays (409)', async () => {
    const node = await buildCatalogEntry(t, { name: 'Subtree' });
    const child = await buildCatalogEntry(t, { parentKey: node });
    const grandchild = await buildCatalogEntry(t, { parentKey: child });
    expect((await call(t.base, 'DELETE', `/restapi/catalog/${node}`, { headers: asAdmin })).status).toBe(200);
    for (const key of [node, child, grandchild]) expect((await call(t.base, 'GET', `/restapi/catalog/${key}`, { headers: asAdmin })).status).toBe(404);
    expect((await call(t.base, 'DELETE', `/restapi/catalog/${ROOT_KEY}`, { headers: asAdmin })).status).toBe(409);
  });

  it('deleting a course removes its leaves, and only them', async () => {
    const course = await buildCourse(t);
    const node = await buildCatalogEntry(t, { name: 'Holds a course' });
    const leaf = await buildCatalogEntry(t, { parentKey: node, entryKey: course.key });
    expect((await call(t.base, 'DELETE', `/restapi/repo/courses/${course.courseKey}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/catalog/${leaf}`, { headers: asAdmin })).status).toBe(404);
    expect((await get(String(node))).key).toBe(node);
  });

  it('every write leaves its audit row', async () => {
    const created = await call(t.base, 'PUT', `/restapi/catalog/${ROOT_KEY}?name=Audited`, { headers: asAdmin });
    await call(t.base, 'POST', `/restapi/catalog/${created.json.key}?name=Audited%20again`, { headers: asAdmin });
    await call(t.base, 'PUT', `/restapi/catalog/${created.json.key}/owners/${plain.key}`, { headers: asAdmin });
    await call(t.base, 'DELETE', `/restapi/catalog/${created.json.key}/owners/${plain.key}`, { headers: asAdmin });
    await graphql(t.base, adminAuth(), 'mutation($p: String!) { deleteCatalogEntry(path: $p) }', { p: String(created.json.key) });
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(`select operation, transport from audit_log where operation like '%Catalog%' and changes::text like $1 order by id`, [
        `%${created.json.key}%`,
      ]);
      expect(rows).toEqual([
        { operation: 'updateCatalogEntry', transport: 'rest' },
        { operation: 'addCatalogEntryOwner', transport: 'rest' },
        { operation: 'removeCatalogEntryOwner', transport: 'rest' },
        { operation: 'deleteCatalogEntry', transport: 'graphql' },
      ]);
      const { rows: creations } = await db.query(`select count(*)::int as count from audit_log where operation = 'createCatalogEntry'`);
      expect(creations[0].count).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  });
});

describe('the GraphQL tree', () => {
  const TREE = `query($path: String!) { catalogTree(path: $path) { key name type parentKey repositoryEntryKey repositoryEntry { key displayname } owners { key } } }`;

  /** A node with `width` child nodes, each with `width` leaves of its own course and one owner. */
  async function buildTree(width: number): Promise<{ top: number; size: number }> {
    const top = await buildCatalogEntry(t, { name: `Tree ${width}` });
    for (let i = 0; i < width; i++) {
      const node = await buildCatalogEntry(t, { name: `Node ${i}`, parentKey: top });
      await call(t.base, 'PUT', `/restapi/catalog/${node}/owners/${plain.key}`, { headers: asAdmin });
      for (let j = 0; j < width; j++) await buildCatalogEntry(t, { parentKey: node, entryKey: (await buildCourse(t, { title: `Leaf ${i}.${j}` })).key });
    }
    return { top, size: 1 + width + width * width };
  }

  async function statementsFor(top: number, expectedSize: number): Promise<number> {
    let reply: Awaited<ReturnType<typeof graphql>> | undefined;
    const statements = await traceStatements(async () => (reply = await graphql(t.base, adminAuth(), TREE, { path: String(top) })));
    expect(reply!.body.errors).toBeUndefined();
    const tree = reply!.body.data.catalogTree;
    expect(tree).toHaveLength(expectedSize);
    expect(tree.filter((entry: { type: number }) => entry.type === 1).every((leaf: { repositoryEntry: { key: number } }) => leaf.repositoryEntry.key > 0)).toBe(
      true,
    );
    return statements.filter((statement) => /^\s*(select|with|insert|update|delete)\b/i.test(statement.text)).length;
  }

  it('answers the subtree with its courses and owners in the same number of statements at small and large size', async () => {
    const small = await buildTree(2);
    const large = await buildTree(8);
    // The administrator's principal is cached by a first request; then the login throttle's read for the basic
    // credentials (counted cluster-wide in PostgreSQL), and the tree, the owners and the courses: one statement each.
    expect((await call(t.base, 'GET', '/restapi/catalog', { headers: asAdmin })).status).toBe(200);
    const atSmall = await statementsFor(small.top, small.size);
    const atLarge = await statementsFor(large.top, large.size);
    expect(atLarge).toBe(atSmall);
    expect(atSmall).toBe(4);
  });

  it('every caller reads the tree; a leaf whose course the caller does not see has no repositoryEntry, and owners are for managers and owners', async () => {
    const course = await buildCourse(t);
    const top = await buildCatalogEntry(t, { name: 'Visible tree' });
    await buildCatalogEntry(t, { parentKey: top, entryKey: course.key });
    const reply = await graphql(t.base, plain.auth, TREE, { path: String(top) });
    expect(reply.body.errors).toBeUndefined();
    expect(
      reply.body.data.catalogTree.map((entry: { repositoryEntryKey: number | null; repositoryEntry: unknown }) => [
        entry.repositoryEntryKey,
        entry.repositoryEntry,
      ]),
    ).toEqual([
      [null, null],
      [course.key, null],
    ]);
    expect((await graphql(t.base, plain.auth, TREE, { path: '2000000000' })).body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('XML', () => {
  it('pages of children have the catalogEntries wrapper with catalogEntry items', async () => {
    const parent = await buildCatalogEntry(t, { name: 'XML parent' });
    const child = await buildCatalogEntry(t, { name: 'XML child', parentKey: parent });
    const reply = await call(t.base, 'GET', `/restapi/catalog/${parent}/children`, { headers: { ...adminAuth(), Accept: 'application/xml; pagingspec=1.0' } });
    expect(reply.text).toContain(
      `<catalogEntries totalCount="1"><catalogEntries><catalogEntry><key>${child}</key><name>XML child</name><type>0</type><parentKey>${parent}</parentKey></catalogEntry></catalogEntries></catalogEntries>`,
    );
    expect((await call(t.base, 'GET', `/restapi/catalog/${parent}`, { headers: XML_TYPE })).status).toBe(401);
  });
});
