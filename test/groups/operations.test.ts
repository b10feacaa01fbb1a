import { GroupRole } from '../../src/entities/groups';
import { addGroupMember, buildCoachOfAnotherGroup, buildGroup, buildUser, type TestUser } from '../factories';
import { JSON_TYPE, call, graphql } from '../support/http';
import { graphqlOf, pathOf, refusals, routeNamed } from '../support/operations';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** Every group operation: its refusals and a success, on both transports where the success differs. */

let t: TestService;
let plain: TestUser;
let member: TestUser;
let groupKey: number;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestService();
  plain = await buildUser(t);
  member = await buildUser(t);
  groupKey = await buildGroup(t, { name: 'Operations' });
  await addGroupMember(t, groupKey, member.key, GroupRole.participant);
  stranger = await buildCoachOfAnotherGroup(t);
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const world =
  (values: Record<string, unknown> = {}) =>
  () => ({ t, values: { groupKey, identityKey: member.key, ...values }, forbidden: plain, stranger });

/** The same operation through GraphQL, as the administrator. */
async function viaGraphql(name: string, values: Record<string, unknown>) {
  const op = graphqlOf(routeNamed(name));
  const reply = await graphql(t.base, adminAuth(), op.document, op.variables(values));
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data[op.field];
}

describe('GET /groups', () => {
  refusals('GET /groups', world(), { everyCallerMay: true });
  it('lists every group to a group manager and only their own to a member', async () => {
    expect((await call(t.base, 'GET', '/restapi/groups', { headers: asAdmin })).json.map((g: { key: number }) => g.key)).toContain(groupKey);
    expect((await call(t.base, 'GET', '/restapi/groups', { headers: { ...plain.auth, ...JSON_TYPE } })).json).toEqual([]);
    expect((await viaGraphql('GET /groups', {})).map((g: { key: number }) => g.key)).toContain(groupKey);
  });
});

describe('PUT /groups', () => {
  refusals('PUT /groups', world());
  it('creates a group', async () => {
    const reply = await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { name: 'Created' } });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ name: 'Created', type: 'LearningGroup' });
    expect(await viaGraphql('PUT /groups', {})).toMatchObject({ name: 'Sample group' });
  });
});

describe('GET /groups/:groupKey', () => {
  refusals('GET /groups/:groupKey', world());
  it('answers the group to a member and to a group manager', async () => {
    const reply = await call(t.base, 'GET', `/restapi/groups/${groupKey}`, { headers: { ...member.auth, ...JSON_TYPE } });
    expect(reply.json).toMatchObject({ key: groupKey, name: 'Operations' });
    expect(await viaGraphql('GET /groups/:groupKey', { groupKey })).toMatchObject({ key: groupKey });
  });
});

describe('POST /groups/:groupKey', () => {
  refusals('POST /groups/:groupKey', world());
  it('updates the group', async () => {
    const key = await buildGroup(t);
    const reply = await call(t.base, 'POST', `/restapi/groups/${key}`, { headers: asAdmin, body: { name: 'Updated' } });
    expect(reply.json).toMatchObject({ key, name: 'Updated' });
  });
});

describe('DELETE /groups/:groupKey', () => {
  refusals('DELETE /groups/:groupKey', world());
  it('deletes the group', async () => {
    const key = await buildGroup(t);
    expect((await call(t.base, 'DELETE', `/restapi/groups/${key}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}`, { headers: asAdmin })).status).toBe(404);
  });
});

describe('GET /groups/:groupKey/infos', () => {
  refusals('GET /groups/:groupKey/infos', world());
  it('answers the group with its information to a member, on both transports', async () => {
    const reply = await call(t.base, 'GET', `/restapi/groups/${groupKey}/infos`, { headers: { ...member.auth, ...JSON_TYPE } });
    expect(reply.json).toMatchObject({ key: groupKey, name: 'Operations', forumKey: null, folderWrite: false });
    expect(await viaGraphql('GET /groups/:groupKey/infos', { groupKey })).toMatchObject({ key: groupKey, hasWiki: false });
  });
});

describe('GET /groups/:groupKey/configuration', () => {
  refusals('GET /groups/:groupKey/configuration', world());
  it('answers the configuration to a group manager, on both transports', async () => {
    const key = await buildGroup(t);
    const reply = await call(t.base, 'GET', `/restapi/groups/${key}/configuration`, { headers: asAdmin });
    expect(reply.json).toMatchObject({ tools: [], toolsAccess: {}, ownersVisible: false });
    expect(await viaGraphql('GET /groups/:groupKey/configuration', { groupKey: key })).toEqual(reply.json);
  });
});

describe('POST /groups/:groupKey/configuration', () => {
  refusals('POST /groups/:groupKey/configuration', world());
  it('sets the configuration, on both transports', async () => {
    const key = await buildGroup(t);
    const reply = await call(t.base, 'POST', `/restapi/groups/${key}/configuration`, { headers: asAdmin, body: { tools: ['hasWiki'] } });
    expect(reply.status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/configuration`, { headers: asAdmin })).json.tools).toEqual(['hasWiki']);
    expect(await viaGraphql('POST /groups/:groupKey/configuration', { groupKey: key })).toBe(true);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/configuration`, { headers: asAdmin })).json.tools).toEqual(['hasNews', 'hasFolder']);
  });
});

/** A group with the news tool on and news. */
async function groupWithNews(): Promise<number> {
  const key = await buildGroup(t);
  await addGroupMember(t, key, member.key, GroupRole.participant);
  await call(t.base, 'POST', `/restapi/groups/${key}/configuration`, { headers: asAdmin, body: { tools: ['hasNews'], news: 'Operations news' } });
  return key;
}

describe('GET /groups/:groupKey/news', () => {
  refusals('GET /groups/:groupKey/news', world());
  it('answers the news as text to a member, on both transports', async () => {
    const key = await groupWithNews();
    const reply = await call(t.base, 'GET', `/restapi/groups/${key}/news`, { headers: member.auth });
    expect({ status: reply.status, text: reply.text }).toEqual({ status: 200, text: 'Operations news' });
    expect(await viaGraphql('GET /groups/:groupKey/news', { groupKey: key })).toBe('Operations news');
  });
});

describe('POST /groups/:groupKey/news', () => {
  refusals('POST /groups/:groupKey/news', world());
  it('sets the news and answers it as text, on both transports', async () => {
    const key = await groupWithNews();
    const reply = await call(t.base, 'POST', `/restapi/groups/${key}/news`, {
      headers: adminAuth(),
      body: 'news=Changed',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect({ status: reply.status, text: reply.text }).toEqual({ status: 200, text: 'Changed' });
    expect(await viaGraphql('POST /groups/:groupKey/news', { groupKey: key })).toBe('Sample news');
  });
});

describe('DELETE /groups/:groupKey/news', () => {
  refusals('DELETE /groups/:groupKey/news', world());
  it('removes the news, on both transports', async () => {
    const key = await groupWithNews();
    expect((await call(t.base, 'DELETE', `/restapi/groups/${key}/news`, { headers: adminAuth() })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/news`, { headers: adminAuth() })).status).toBe(404);
    expect(await viaGraphql('DELETE /groups/:groupKey/news', { groupKey: key })).toBe(true);
  });
});

describe('GET /users/:identityKey/groups/infos', () => {
  refusals('GET /users/:identityKey/groups/infos', world());
  it("answers a page of the person's groups with their information, on both transports; 406 without pagingspec", async () => {
    const person = await buildUser(t);
    const key = await buildGroup(t);
    await addGroupMember(t, key, person.key, GroupRole.participant);
    const path = `/restapi/users/${person.key}/groups/infos`;
    const page = await call(t.base, 'GET', path, { headers: { ...person.auth, Accept: 'application/json; pagingspec=1.0' } });
    expect(page.json).toMatchObject({ totalCount: 1, groups: [{ key, folderWrite: false }] });
    expect((await call(t.base, 'GET', path, { headers: { ...person.auth, ...JSON_TYPE } })).status).toBe(406);
    expect(await viaGraphql('GET /users/:identityKey/groups/infos', { identityKey: person.key })).toEqual(page.json);
  });
});

for (const [list, role] of [
  ['owners', GroupRole.coach],
  ['participants', GroupRole.participant],
] as const) {
  describe(`GET /groups/:groupKey/${list}`, () => {
    refusals(`GET /groups/:groupKey/${list}`, world());
    it(`lists the ${list}`, async () => {
      const key = await buildGroup(t);
      await addGroupMember(t, key, member.key, role);
      const reply = await call(t.base, 'GET', `/restapi/groups/${key}/${list}`, { headers: asAdmin });
      expect(reply.json.map((user: { key: number }) => user.key)).toEqual([member.key]);
    });
  });

  describe(`PUT /groups/:groupKey/${list}/:identityKey`, () => {
    refusals(`PUT /groups/:groupKey/${list}/:identityKey`, world());
    it(`adds one of the ${list}`, async () => {
      const key = await buildGroup(t);
      expect((await call(t.base, 'PUT', `/restapi/groups/${key}/${list}/${member.key}`, { headers: asAdmin })).status).toBe(200);
      expect((await call(t.base, 'GET', `/restapi/groups/${key}/${list}`, { headers: asAdmin })).json).toHaveLength(1);
    });
  });

  describe(`DELETE /groups/:groupKey/${list}/:identityKey`, () => {
    refusals(`DELETE /groups/:groupKey/${list}/:identityKey`, world());
    it(`removes one of the ${list}`, async () => {
      const key = await buildGroup(t);
      await addGroupMember(t, key, member.key, role);
      expect((await call(t.base, 'DELETE', `/restapi/groups/${key}/${list}/${member.key}`, { headers: asAdmin })).status).toBe(200);
      expect((await call(t.base, 'GET', `/restapi/groups/${key}/${list}`, { headers: asAdmin })).json).toEqual([]);
    });
  });
}

describe('PUT /groups/:groupKey/users/:identityKey', () => {
  refusals('PUT /groups/:groupKey/users/:identityKey', world());
  it('adds the user as participant', async () => {
    const key = await buildGroup(t);
    const route = routeNamed('PUT /groups/:groupKey/users/:identityKey');
    expect((await call(t.base, 'PUT', pathOf(route, { groupKey: key, identityKey: member.key }), { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/groups/${key}/participants`, { headers: asAdmin })).json).toHaveLength(1);
  });
});

describe.each<[string, GroupRole[]]>([
  ['GET /users/:identityKey/groups', [GroupRole.participant, GroupRole.coach]],
  ['GET /users/:identityKey/groups/owner', [GroupRole.coach]],
  ['GET /users/:identityKey/groups/participant', [GroupRole.participant]],
])('%s', (name, roles) => {
  refusals(name, world());
  it("answers the person's groups in that role to the person, a group manager and their user manager, on both transports", async () => {
    const person = await buildUser(t);
    const owned = await buildGroup(t, { name: 'Owned' });
    const joined = await buildGroup(t, { name: 'Joined' });
    await addGroupMember(t, owned, person.key, GroupRole.coach);
    await addGroupMember(t, joined, person.key, GroupRole.participant);
    const expected = [...(roles.includes(GroupRole.coach) ? [owned] : []), ...(roles.includes(GroupRole.participant) ? [joined] : [])].sort((a, b) => a - b);
    const path = pathOf(routeNamed(name), { identityKey: person.key });
    for (const caller of [person.auth, (await buildUser(t, { groupManager: true })).auth, (await buildUser(t, { userManager: true })).auth]) {
      const reply = await call(t.base, 'GET', path, { headers: { ...caller, ...JSON_TYPE } });
      expect(reply.json.map((g: { key: number }) => g.key)).toEqual(expected);
    }
    const page = await viaGraphql(name, { identityKey: person.key });
    expect({ totalCount: page.totalCount, keys: page.groups.map((g: { key: number }) => g.key) }).toEqual({ totalCount: expected.length, keys: expected });
  });
});
