import { buildRelation, buildRelationRole, buildRoleInAnotherOrganisation, buildUser, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql, type Headers } from '../support/http';
import { SAMPLE_BODIES, graphqlOf, pathOf, refusals, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Every relation operation: its refusals and a success, on both transports for the reads. */

let t: TestService;
let plain: TestUser;
let member: TestUser;
let relationRoleKey: number;
let relationKey: number;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  member = await buildUser(t);
  relationRoleKey = await buildRelationRole(t, { role: 'Operations' });
  relationKey = await buildRelation(t, member.key, (await buildUser(t)).key, relationRoleKey);
  stranger = await buildRoleInAnotherOrganisation(t, 'usermanager');
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const as = (user: TestUser) => ({ ...user.auth, ...JSON_TYPE });
/** The refused caller is a plain user: neither a relation role administrator nor a manager of `member`. */
const world =
  (values: Record<string, unknown> = {}) =>
  () => ({ t, values: { identityKey: member.key, relationRoleKey, relationKey, ...values }, forbidden: plain, stranger });

/** The route through REST, as the administrator unless told otherwise. */
function rest(name: string, values: Record<string, unknown>, options: { headers?: Headers; body?: unknown } = {}) {
  const route = routeNamed(name);
  return call(t.base, route.method, pathOf(route, values), { headers: options.headers ?? asAdmin, body: options.body });
}

/** The same operation through GraphQL, as the administrator. */
async function viaGraphql(name: string, values: Record<string, unknown>) {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(t.base, adminAuth(), op.document, op.variables(values));
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

const keysOf = (list: { key: number }[]) => list.map((item) => item.key);
const listRoles = async () => (await rest('GET /users/relations/roles', {})).json as { key: number; role: string }[];

describe('GET /users/relations/roles', () => {
  refusals('GET /users/relations/roles', world());
  it('lists the relation roles to an administrator', async () => {
    const reply = await rest('GET /users/relations/roles', {});
    expect(reply.status).toBe(200);
    expect(reply.json).toContainEqual(expect.objectContaining({ key: relationRoleKey, role: 'Operations' }));
    expect(keysOf(await viaGraphql('GET /users/relations/roles', {}))).toContain(relationRoleKey);
  });
});

for (const method of ['PUT', 'POST'] as const) {
  const name = `${method} /users/relations/roles`;
  describe(name, () => {
    refusals(name, world());
    it('the refused caller created no role', async () => {
      expect((await listRoles()).map((role) => role.role)).not.toContain((SAMPLE_BODIES.relationRole as { role: string }).role);
    });
    it('creates a relation role, and updates the role a key in the body names', async () => {
      const created = await rest(name, {}, { body: { role: ` Created by ${method} `, rights: ['showContactform', 'noSuchRight'] } });
      expect(created.status).toBe(200);
      expect(created.json).toMatchObject({ key: expect.any(Number), role: `Created by ${method}`, rights: ['showContactform'] });
      expect(keysOf(await listRoles())).toContain(created.json.key);
      const updated = await rest(name, {}, { body: { key: created.json.key, role: `Renamed by ${method}` } });
      expect(updated.status).toBe(200);
      expect(updated.json).toMatchObject({ key: created.json.key, role: `Renamed by ${method}`, rights: [] });
    });
  });
}

describe('POST /users/relations/roles/:relationRoleKey', () => {
  refusals('POST /users/relations/roles/:relationRoleKey', world());
  it('updates the role from the whole body, as OpenOLAT: absent fields are cleared', async () => {
    const key = await buildRelationRole(t, { role: 'Before', externalId: 'EXT-1' });
    const reply = await rest('POST /users/relations/roles/:relationRoleKey', { relationRoleKey: key }, { body: { role: 'After', rights: ['resetPassword'] } });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key, role: 'After', externalId: null, rights: ['resetPassword'] });
    expect((await listRoles()).find((role) => role.key === key)).toMatchObject({ role: 'After' });
  });
});

describe('DELETE /users/relations/roles/:relationRoleKey', () => {
  refusals('DELETE /users/relations/roles/:relationRoleKey', world());
  it('the refused callers left the role', async () => {
    expect(keysOf(await listRoles())).toContain(relationRoleKey);
  });
  it('deletes the role and the relations of that role', async () => {
    const key = await buildRelationRole(t);
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await buildRelation(t, a.key, b.key, key);
    expect((await rest('DELETE /users/relations/roles/:relationRoleKey', { relationRoleKey: key })).status).toBe(200);
    expect(keysOf(await listRoles())).not.toContain(key);
    expect((await rest('GET /users/:identityKey/relations/source', { identityKey: a.key })).json).toEqual([]);
    expect((await rest('DELETE /users/relations/roles/:relationRoleKey', { relationRoleKey: key })).status).toBe(404);
  });
});

for (const [side, from, other] of [
  ['source', 'identitySourceKey', 'identityTargetKey'],
  ['target', 'identityTargetKey', 'identitySourceKey'],
] as const) {
  const name = `GET /users/:identityKey/relations/${side}`;
  describe(name, () => {
    refusals(name, world());
    it(`lists the relations in which the user is the ${side}, to an administrator and to a user manager`, async () => {
      const [a, b] = [await buildUser(t), await buildUser(t)];
      const key = await buildRelation(t, a.key, b.key, relationRoleKey);
      const user = side === 'source' ? a : b;
      const expected = { key, [from]: user.key, [other]: (side === 'source' ? b : a).key, relationRoleKey, relationRole: 'Operations' };
      const reply = await rest(name, { identityKey: user.key });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual([expect.objectContaining(expected)]);
      const manager = await buildUser(t, { userManager: true });
      expect((await rest(name, { identityKey: user.key }, { headers: as(manager) })).json).toEqual(reply.json);
      expect(await viaGraphql(name, { identityKey: user.key })).toEqual([expect.objectContaining(expected)]);
    });
  });
}

for (const method of ['PUT', 'POST'] as const) {
  const name = `${method} /users/:identityKey/relations`;
  describe(name, () => {
    refusals(name, world());
    it('relates the path user to another user', async () => {
      const [a, b] = [await buildUser(t), await buildUser(t)];
      const body = { identitySourceKey: a.key, identityTargetKey: b.key, relationRoleKey };
      const reply = await rest(name, { identityKey: b.key }, { body });
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ key: expect.any(Number), ...body, relationRole: 'Operations' });
      expect(keysOf((await rest('GET /users/:identityKey/relations/source', { identityKey: a.key })).json)).toEqual([reply.json.key]);
      expect((await rest(name, { identityKey: a.key }, { body })).json).toEqual(reply.json);
    });
  });
}

describe('DELETE /users/:identityKey/relations/:relationKey', () => {
  refusals('DELETE /users/:identityKey/relations/:relationKey', world());
  it('the refused callers left the relation', async () => {
    expect(keysOf((await rest('GET /users/:identityKey/relations/source', { identityKey: member.key })).json)).toEqual([relationKey]);
  });
  it('removes a relation of the path user', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const key = await buildRelation(t, a.key, b.key, relationRoleKey);
    const name = 'DELETE /users/:identityKey/relations/:relationKey';
    expect((await rest(name, { identityKey: b.key, relationKey: key })).status).toBe(200);
    expect((await rest('GET /users/:identityKey/relations/source', { identityKey: a.key })).json).toEqual([]);
    expect((await rest(name, { identityKey: b.key, relationKey: key })).status).toBe(409);
  });
});
