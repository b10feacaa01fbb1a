import { buildCourse, buildUser, type TestCourse, type TestUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { UNKNOWN_KEY, graphqlOf, pathOf, refusals, restBody, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';
import { ROOT_KEY, addCatalogOwner, buildCatalogEntry } from './support';

/** The catalog (catalog-v1.md): each operation's refusals and a success, on both transports. */

let t: TestService;
let plain: TestUser;
let owner: TestUser;
let manager: TestUser;
let other: TestUser;
let course: TestCourse;
/** The owner of another catalog entry. */
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  owner = await buildUser(t);
  other = await buildUser(t);
  manager = await buildUser(t, { institutionalResourceManager: true });
  course = await buildCourse(t, { title: 'Catalogued' });
  stranger = await buildUser(t);
  await addCatalogOwner(t, await buildCatalogEntry(t), stranger.key);
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const world =
  (values: () => Record<string, unknown> = () => ({})) =>
  () => ({ t, values: { path: String(ROOT_KEY), identityKey: other.key, ...values() }, forbidden: plain, stranger });

/** The same operation through GraphQL, as the administrator. */
async function viaGraphql(name: string, values: Record<string, unknown>) {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(t.base, adminAuth(), op.document, op.variables(values));
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

/** An unknown entry key in the path is 404 on REST and NOT_FOUND on GraphQL (the path is no `…Key` parameter: it may be a chain of keys). */
function unknownEntry(name: string, values: () => Record<string, unknown> = () => ({})) {
  it('404 for an unknown entry', async () => {
    const route = routeNamed(name);
    const all = { identityKey: other.key, ...values(), path: String(UNKNOWN_KEY) };
    const reply = await call(t.base, route.method, pathOf(route, all), { headers: asAdmin, body: restBody(route) });
    expect(reply.status).toBe(404);
    const op = graphqlOf(route);
    const answer = await graphql(t.base, adminAuth(), op.document, op.variables(all));
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
}

describe('GET /catalog', () => {
  refusals('GET /catalog', world(), { everyCallerMay: true });
  it('answers the root to every caller, as XML by default', async () => {
    const reply = await call(t.base, 'GET', '/restapi/catalog', { headers: plain.auth });
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(/^<\?xml[^>]*\?><catalogEntryVOs><catalogEntryVO><key>1<\/key><name>CATALOG ROOT<\/name><type>0<\/type><\/catalogEntryVO>/);
    const json = await call(t.base, 'GET', '/restapi/catalog/', { headers: { ...plain.auth, ...JSON_TYPE } });
    expect(json.json).toEqual([
      { key: 1, name: 'CATALOG ROOT', description: null, externalURL: null, type: 0, repositoryEntryKey: null, parentKey: null, link: [] },
    ]);
    expect((await viaGraphql('GET /catalog', {})).catalogEntries.map((entry: { key: number }) => entry.key)).toEqual([ROOT_KEY]);
  });
});

describe('GET /catalog/:path', () => {
  refusals('GET /catalog/:path', world(), { everyCallerMay: true });
  unknownEntry('GET /catalog/:path');
  it('answers the entry with its links, by key or by a chain of keys; a last segment that is no key is 406', async () => {
    const node = await buildCatalogEntry(t, { name: 'Sciences' });
    const reply = await call(t.base, 'GET', `/restapi/catalog/${node}`, { headers: { ...plain.auth, ...JSON_TYPE } });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: node, name: 'Sciences', type: 0, parentKey: ROOT_KEY });
    expect(reply.json.link.map((link: { rel: string }) => link.rel)).toEqual(['self', 'jumpin', 'edit', 'delete', 'children']);
    expect((await call(t.base, 'GET', `/restapi/catalog/${ROOT_KEY}/${node}`, { headers: { ...plain.auth, ...JSON_TYPE } })).json.key).toBe(node);
    expect((await call(t.base, 'GET', '/restapi/catalog/sciences', { headers: plain.auth })).status).toBe(406);
    expect(await viaGraphql('GET /catalog/:path', { path: `${ROOT_KEY}/${node}` })).toMatchObject({ key: node, name: 'Sciences' });
  });
});

describe('GET /catalog/:path/children', () => {
  refusals('GET /catalog/:path/children', world(), { everyCallerMay: true });
  unknownEntry('GET /catalog/:path/children');
  it('lists the direct children to every caller', async () => {
    const node = await buildCatalogEntry(t, { name: 'Parent' });
    const child = await buildCatalogEntry(t, { name: 'Child', parentKey: node });
    const reply = await call(t.base, 'GET', `/restapi/catalog/${node}/children`, { headers: { ...plain.auth, ...XML_TYPE } });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain(
      `<catalogEntryVOs><catalogEntryVO><key>${child}</key><name>Child</name><type>0</type><parentKey>${node}</parentKey></catalogEntryVO></catalogEntryVOs>`,
    );
    expect((await viaGraphql('GET /catalog/:path/children', { path: String(node) })).catalogEntries.map((entry: { key: number }) => entry.key)).toEqual([
      child,
    ]);
  });
});

describe('PUT /catalog/:path', () => {
  refusals('PUT /catalog/:path', world());
  unknownEntry('PUT /catalog/:path');
  it('creates a node or a leaf under the entry for a catalog manager', async () => {
    const node = await call(t.base, 'PUT', `/restapi/catalog/${ROOT_KEY}?name=Languages&description=All%20languages`, {
      headers: { ...manager.auth, ...JSON_TYPE },
    });
    expect(node.status).toBe(200);
    expect(node.json).toMatchObject({ name: 'Languages', description: 'All languages', type: 0, parentKey: ROOT_KEY, repositoryEntryKey: null });
    const leaf = await call(t.base, 'PUT', `/restapi/catalog/${node.json.key}`, { headers: asAdmin, body: { name: 'French', repositoryEntryKey: course.key } });
    expect(leaf.json).toMatchObject({ name: 'French', type: 1, repositoryEntryKey: course.key, parentKey: node.json.key });
    expect(await viaGraphql('PUT /catalog/:path', { path: String(node.json.key) })).toMatchObject({ name: 'Sample catalog entry', type: 0 });
  });
});

describe('POST /catalog/:path', () => {
  refusals(
    'POST /catalog/:path',
    world(() => ({ path: String(ROOT_KEY) })),
  );
  unknownEntry('POST /catalog/:path');
  it('updates and moves an entry for a catalog manager', async () => {
    const from = await buildCatalogEntry(t, { name: 'From' });
    const to = await buildCatalogEntry(t, { name: 'To' });
    const entry = await buildCatalogEntry(t, { name: 'Moving', parentKey: from });
    const reply = await call(t.base, 'POST', `/restapi/catalog/${entry}`, {
      headers: { ...manager.auth, ...JSON_TYPE },
      body: `name=Moved&newParentKey=${to}`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: entry, name: 'Moved', parentKey: to });
    expect(await viaGraphql('POST /catalog/:path', { path: String(entry) })).toMatchObject({ key: entry, name: 'Sample catalog entry', parentKey: to });
  });
});

describe('DELETE /catalog/:path', () => {
  let entry: number;
  beforeAll(async () => (entry = await buildCatalogEntry(t, { name: 'Doomed' })));
  refusals(
    'DELETE /catalog/:path',
    world(() => ({ path: String(entry) })),
  );
  unknownEntry('DELETE /catalog/:path');
  it('deletes the entry for its owner and for a catalog manager', async () => {
    await addCatalogOwner(t, entry, owner.key);
    expect((await call(t.base, 'DELETE', `/restapi/catalog/${entry}`, { headers: owner.auth })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/catalog/${entry}`, { headers: asAdmin })).status).toBe(404);
    const another = await buildCatalogEntry(t, { name: 'Doomed too' });
    expect(await viaGraphql('DELETE /catalog/:path', { path: String(another) })).toBe(true);
  });
});

describe('GET /catalog/:path/owners', () => {
  refusals('GET /catalog/:path/owners', world());
  unknownEntry('GET /catalog/:path/owners');
  it('lists the owners to an owner and to a catalog manager', async () => {
    const entry = await buildCatalogEntry(t);
    await addCatalogOwner(t, entry, owner.key);
    const reply = await call(t.base, 'GET', `/restapi/catalog/${entry}/owners`, { headers: { ...owner.auth, ...JSON_TYPE } });
    expect(reply.status).toBe(200);
    expect(reply.json.map((user: { key: number }) => user.key)).toEqual([owner.key]);
    expect((await viaGraphql('GET /catalog/:path/owners', { path: String(entry) })).map((user: { key: number }) => user.key)).toEqual([owner.key]);
  });
});

describe('GET /catalog/:path/owners/:identityKey', () => {
  let entry: number;
  beforeAll(async () => {
    entry = await buildCatalogEntry(t);
    await addCatalogOwner(t, entry, other.key);
  });
  refusals(
    'GET /catalog/:path/owners/:identityKey',
    world(() => ({ path: String(entry) })),
  );
  unknownEntry('GET /catalog/:path/owners/:identityKey');
  it('answers an owner, and 404 for someone who owns nothing here', async () => {
    const reply = await call(t.base, 'GET', `/restapi/catalog/${entry}/owners/${other.key}`, { headers: asAdmin });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: other.key, login: other.login });
    expect((await call(t.base, 'GET', `/restapi/catalog/${entry}/owners/${plain.key}`, { headers: asAdmin })).status).toBe(404);
    expect(await viaGraphql('GET /catalog/:path/owners/:identityKey', { path: String(entry), identityKey: other.key })).toMatchObject({ key: other.key });
  });
});

describe('PUT /catalog/:path/owners/:identityKey', () => {
  let entry: number;
  beforeAll(async () => (entry = await buildCatalogEntry(t)));
  refusals(
    'PUT /catalog/:path/owners/:identityKey',
    world(() => ({ path: String(entry) })),
  );
  unknownEntry('PUT /catalog/:path/owners/:identityKey');
  it('adds an owner (twice is still one), for a catalog manager and for an owner', async () => {
    expect((await call(t.base, 'PUT', `/restapi/catalog/${entry}/owners/${owner.key}`, { headers: manager.auth })).status).toBe(200);
    expect((await call(t.base, 'PUT', `/restapi/catalog/${entry}/owners/${owner.key}`, { headers: manager.auth })).status).toBe(200);
    expect((await call(t.base, 'PUT', `/restapi/catalog/${entry}/owners/${other.key}`, { headers: owner.auth })).status).toBe(200);
    expect((await call(t.base, 'PUT', `/restapi/catalog/${entry}/owners/${UNKNOWN_KEY}`, { headers: asAdmin })).status).toBe(404);
    const owners = await call(t.base, 'GET', `/restapi/catalog/${entry}/owners`, { headers: asAdmin });
    expect(owners.json.map((user: { key: number }) => user.key)).toEqual([owner.key, other.key]);
    expect(await viaGraphql('PUT /catalog/:path/owners/:identityKey', { path: String(entry), identityKey: plain.key })).toBe(true);
  });
});

describe('DELETE /catalog/:path/owners/:identityKey', () => {
  let entry: number;
  beforeAll(async () => (entry = await buildCatalogEntry(t)));
  refusals(
    'DELETE /catalog/:path/owners/:identityKey',
    world(() => ({ path: String(entry) })),
    { unknownKeysChangeNothing: true },
  );
  unknownEntry('DELETE /catalog/:path/owners/:identityKey');
  it('removes an owner; removing someone who is none, or no one at all, is 200 too (as in OpenOLAT)', async () => {
    await addCatalogOwner(t, entry, owner.key);
    expect((await call(t.base, 'DELETE', `/restapi/catalog/${entry}/owners/${owner.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `/restapi/catalog/${entry}/owners/${owner.key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'DELETE', `/restapi/catalog/${entry}/owners/${UNKNOWN_KEY}`, { headers: asAdmin })).status).toBe(200);
    expect(await viaGraphql('DELETE /catalog/:path/owners/:identityKey', { path: String(entry), identityKey: UNKNOWN_KEY })).toBe(true);
    expect((await call(t.base, 'GET', `/restapi/catalog/${entry}/owners`, { headers: asAdmin })).json).toEqual([]);
    expect(await viaGraphql('DELETE /catalog/:path/owners/:identityKey', { path: String(entry), identityKey: other.key })).toBe(true);
  });
});
