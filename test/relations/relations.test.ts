import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { type TestUser, buildUser } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql, type Headers } from '../support/http';
import { startTestService, type TestService, adminAuth } from '../support/service';
import type { IdentityToIdentityRelationVo, RelationRoleVo } from '../support/graphql-types';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const XML_PROLOG = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const ROLES = '/restapi/users/relations/roles';

const ROLE_FIELDS = 'key role externalId externalRef managedFlags rights';
const RELATION_FIELDS = 'key identitySourceKey identityTargetKey externalId managedFlagsString relationRoleKey relationRole';
const LIST_ROLES = `{ relationRoles { ${ROLE_FIELDS} } }`;
const CREATE_ROLE = `mutation($r: RelationRoleVOInput!) { createRelationRole(relationRole: $r) { ${ROLE_FIELDS} } }`;
const UPDATE_ROLE = `mutation($k: Long!, $r: RelationRoleVOInput!) { updateRelationRole(relationRoleKey: $k, relationRole: $r) { ${ROLE_FIELDS} } }`;
const DELETE_ROLE = `mutation($k: Long!) { deleteRelationRole(relationRoleKey: $k) }`;
const AS_SOURCE = `query($k: Long!) { identityRelationsAsSource(identityKey: $k) { ${RELATION_FIELDS} } }`;
const AS_TARGET = `query($k: Long!) { identityRelationsAsTarget(identityKey: $k) { ${RELATION_FIELDS} } }`;
const ADD_RELATION = `mutation($k: Long!, $r: IdentityToIdentityRelationVOInput!) { addIdentityRelation(identityKey: $k, relation: $r) { ${RELATION_FIELDS} } }`;
const DELETE_RELATION = `mutation($k: Long!, $rk: Long!) { deleteIdentityRelation(identityKey: $k, relationKey: $rk) }`;

const errorOf = (reply: { body: { errors?: { extensions?: { code?: string; flag?: string } }[] } }) => reply.body.errors?.[0]?.extensions;

async function createRole(body: Record<string, unknown> = {}): Promise<RelationRoleVo> {
  const reply = await call(t.base, 'PUT', ROLES, { headers: asAdmin, body: { role: `Role ${randomUUID().slice(0, 8)}`, ...body } });
  if (reply.status !== 200) throw new Error(`createRole: ${reply.status} ${reply.text}`);
  return reply.json;
}

async function relate(identityKey: number, body: Record<string, unknown>, headers: Headers = asAdmin) {
  return call(t.base, 'PUT', `/restapi/users/${identityKey}/relations`, { headers, body });
}

/** Moves a user out of the default organisation into a new one of their own (direct SQL: organisations are another family). */
async function isolateInNewOrganisation(identityKey: number) {
  const db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  try {
    const identifier = `elsewhere-${randomUUID().slice(0, 8)}`;
    const { rows } = await db.query('insert into organisation (identifier, display_name) values ($1, $1) returning id', [identifier]);
    await db.query('update organisation set path = $1 where id = $2', [`/${rows[0].id}/`, rows[0].id]);
    await db.query('update organisation_role set organisation_id = $1 where identity_id = $2', [rows[0].id, identityKey]);
  } finally {
    await db.end();
  }
}

describe('relation roles through REST', () => {
  it('is reached at /users/relations/roles, not taken by /users/{identityKey}/roles', async () => {
    const role = await createRole();
    const json = await call(t.base, 'GET', ROLES, { headers: asAdmin });
    expect(json.status).toBe(200);
    expect(json.json.map((r: RelationRoleVo) => r.key)).toContain(role.key);
    const xml = await call(t.base, 'GET', ROLES, { headers: adminAuth() });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(xml.text).toMatch(/^<\?xml[^>]*\?><relationRoleVOs><relationRoleVO><key>/);
  });

  it('creates a role in JSON: managed flags and rights normalised, unknown rights dropped', async () => {
    const reply = await call(t.base, 'PUT', ROLES, {
      headers: asAdmin,
      body: {
        role: ' Supervisor ',
        externalId: 'HR-SUP',
        managedFlags: 'rights,bogus,name',
        rights: ['certificateEmail', 'noSuchRight', 'showContactform', 'certificateEmail'],
      },
    });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json)).toEqual(['key', 'role', 'externalId', 'externalRef', 'managedFlags', 'rights']);
    expect(reply.json).toEqual({
      key: expect.any(Number),
      role: 'Supervisor',
      externalId: 'HR-SUP',
      externalRef: null,
      managedFlags: 'name,rights',
      rights: ['showContactform', 'certificateEmail'],
    });
  });

  it('reads and writes rights as repeated <rights> elements in XML, and "" for no managed flags', async () => {
    const body =
      '<relationRoleVO><role>Mentor</role><externalRef>REF &amp; 1</externalRef><rights>showContactform</rights><rights>unknownRight</rights><rights>resetPassword</rights></relationRoleVO>';
    const created = await call(t.base, 'POST', ROLES, { headers: { ...adminAuth(), ...XML_TYPE }, body, contentType: 'application/xml' });
    expect(created.status).toBe(200);
    const key = /<key>(\d+)<\/key>/.exec(created.text)![1];
    expect(created.text).toBe(
      `${XML_PROLOG}<relationRoleVO><key>${key}</key><role>Mentor</role><externalRef>REF &amp; 1</externalRef><managedFlags></managedFlags><rights>resetPassword</rights><rights>showContactform</rights></relationRoleVO>`,
    );
    const json = await call(t.base, 'GET', ROLES, { headers: asAdmin });
    expect(json.json.find((role: RelationRoleVo) => role.key === Number(key))).toMatchObject({
      managedFlags: '',
      rights: ['resetPassword', 'showContactform'],
      externalRef: 'REF & 1',
    });

    const single = await call(t.base, 'POST', `${ROLES}/${key}`, {
      headers: { ...adminAuth(), ...XML_TYPE },
      body: `<relationRoleVO><key>${key}</key><rights>certificateEmail</rights></relationRoleVO>`,
      contentType: 'application/xml',
    });
    expect(single.text).toContain('<role>Mentor</role><managedFlags></managedFlags><rights>certificateEmail</rights></relationRoleVO>');

    const cleared = await call(t.base, 'POST', `${ROLES}/${key}`, {
      headers: adminAuth(),
      body: '<relationRoleVO><rights/></relationRoleVO>',
      contentType: 'application/xml',
    });
    expect(cleared.text).toContain('<managedFlags></managedFlags></relationRoleVO>');
  });

  it('updates with POST /roles/{key} from the whole body, as OpenOLAT: absent fields are cleared (a role keeps its name), in JSON and XML', async () => {
    const role = await createRole({ externalId: 'E-1', externalRef: 'R-1', managedFlags: 'delete', rights: ['showContactform', 'resetPassword'] });
    const renamed = await call(t.base, 'POST', `${ROLES}/${role.key}`, { headers: asAdmin, body: { role: 'Line manager' } });
    expect(renamed.json).toEqual({ key: role.key, role: 'Line manager', externalId: null, externalRef: null, managedFlags: '', rights: [] });
    const xml = await call(t.base, 'POST', `${ROLES}/${role.key}`, {
      headers: { ...adminAuth(), Accept: 'application/xml' },
      body: '<relationRoleVO><externalId>E-2</externalId><rights>viewAndEditProfile</rights></relationRoleVO>',
      contentType: 'application/xml',
    });
    expect(xml.status).toBe(200);
    expect(xml.text).toContain('<role>Line manager</role><externalId>E-2</externalId>');
    expect(xml.text).toContain('<rights>viewAndEditProfile</rights>');
    const again = await call(t.base, 'POST', `${ROLES}/${role.key}`, { headers: asAdmin, body: { key: role.key, externalRef: 'R-2' } });
    expect(again.json).toEqual({ key: role.key, role: 'Line manager', externalId: null, externalRef: 'R-2', managedFlags: '', rights: [] });
  });

  it('updates through GraphQL field by field: absent fields keep their value', async () => {
    const role = await createRole({ externalId: 'E-1', externalRef: 'R-1', rights: ['showContactform'] });
    const renamed = await graphql(t.base, adminAuth(), UPDATE_ROLE, { k: role.key, r: { role: 'Mentor' } });
    expect(renamed.body.data.updateRelationRole).toEqual({ ...role, role: 'Mentor' });
    const rights = await graphql(t.base, adminAuth(), UPDATE_ROLE, { k: role.key, r: { rights: ['resetPassword'], externalRef: null } });
    expect(rights.body.data.updateRelationRole).toEqual({ ...role, role: 'Mentor', externalRef: null, rights: ['resetPassword'] });
  });

  it('PUT and POST on /roles with a key update that role, 404 when there is none', async () => {
    const role = await createRole();
    const viaPut = await call(t.base, 'PUT', ROLES, { headers: asAdmin, body: { key: role.key, role: 'Renamed by PUT' } });
    expect(viaPut.json).toMatchObject({ key: role.key, role: 'Renamed by PUT' });
    const viaPost = await call(t.base, 'POST', ROLES, { headers: asAdmin, body: { key: role.key, role: 'Renamed by POST' } });
    expect(viaPost.json).toMatchObject({ key: role.key, role: 'Renamed by POST' });
    expect((await call(t.base, 'PUT', ROLES, { headers: asAdmin, body: { key: 99999999, role: 'Nobody' } })).status).toBe(404);
  });

  it('answers 409 when the body names another key, 404 for unknown or non-numeric keys', async () => {
    const role = await createRole();
    const other = await createRole();
    expect((await call(t.base, 'POST', `${ROLES}/${role.key}`, { headers: asAdmin, body: { key: other.key, role: 'x' } })).status).toBe(409);
    expect((await call(t.base, 'POST', `${ROLES}/99999999`, { headers: asAdmin, body: { role: 'x' } })).status).toBe(404);
    expect((await call(t.base, 'POST', `${ROLES}/abc`, { headers: asAdmin, body: { role: 'x' } })).status).toBe(404);
    expect((await call(t.base, 'DELETE', `${ROLES}/99999999`, { headers: asAdmin })).status).toBe(404);
  });

  it('refuses a role without name with 406 and an ErrorVO list, in JSON and XML', async () => {
    const json = await call(t.base, 'PUT', ROLES, { headers: asAdmin, body: { externalId: 'no name', role: '  ' } });
    expect(json.status).toBe(406);
    expect(json.json).toEqual([{ code: 'org.olat.basesecurity:relation.role.mandatory', translation: expect.any(String) }]);
    const xml = await call(t.base, 'PUT', ROLES, {
      headers: adminAuth(),
      body: '<relationRoleVO><externalId>x</externalId></relationRoleVO>',
      contentType: 'application/xml',
    });
    expect(xml.status).toBe(406);
    expect(xml.text).toContain('<errorVOs><errorVO><code>org.olat.basesecurity:relation.role.mandatory</code>');
    const role = await createRole();
    expect((await call(t.base, 'POST', `${ROLES}/${role.key}`, { headers: asAdmin, body: { role: '' } })).status).toBe(406);
    expect((await call(t.base, 'PUT', ROLES, { headers: asAdmin, body: { role: 'x'.repeat(256) } })).status).toBe(406);
  });

  it('deletes a role and the relations of that role', async () => {
    const role = await createRole();
    const [source, target] = [await buildUser(t), await buildUser(t)];
    expect((await relate(source.key, { identitySourceKey: source.key, identityTargetKey: target.key, relationRoleKey: role.key })).status).toBe(200);
    const deleted = await call(t.base, 'DELETE', `${ROLES}/${role.key}`, { headers: asAdmin });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await call(t.base, 'DELETE', `${ROLES}/${role.key}`, { headers: asAdmin })).status).toBe(404);
    expect((await call(t.base, 'GET', `/restapi/users/${source.key}/relations/source`, { headers: asAdmin })).json).toEqual([]);
  });

  it('is for administrators only: a user manager and a plain user get 403', async () => {
    const manager = await buildUser(t, { userManager: true });
    const plain = await buildUser(t);
    for (const user of [manager, plain]) {
      expect((await call(t.base, 'GET', ROLES, { headers: { ...user.auth, ...JSON_TYPE } })).status).toBe(403);
      expect((await call(t.base, 'PUT', ROLES, { headers: { ...user.auth, ...JSON_TYPE }, body: { role: 'Mine' } })).status).toBe(403);
    }
  });
});

describe('relation roles through GraphQL', () => {
  it('creates, updates, lists and deletes with the same rules', async () => {
    const created = await graphql(t.base, adminAuth(), CREATE_ROLE, { r: { role: 'Coach', managedFlags: 'nonsense', rights: ['showContactform', 'x'] } });
    expect(created.body.errors).toBeUndefined();
    const role = created.body.data.createRelationRole as RelationRoleVo;
    expect(role).toMatchObject({ role: 'Coach', managedFlags: '', rights: ['showContactform'], externalId: null });

    const updated = await graphql(t.base, adminAuth(), UPDATE_ROLE, { k: role.key, r: { externalId: 'C-1', rights: [] } });
    expect(updated.body.data.updateRelationRole).toEqual({ ...role, externalId: 'C-1', rights: [] });
    const listed = await graphql(t.base, adminAuth(), LIST_ROLES);
    expect(listed.body.data.relationRoles).toContainEqual({ ...role, externalId: 'C-1', rights: [] });

    expect(errorOf(await graphql(t.base, adminAuth(), CREATE_ROLE, { r: { externalId: 'nameless' } }))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(errorOf(await graphql(t.base, adminAuth(), UPDATE_ROLE, { k: role.key, r: { key: role.key + 1 } }))).toMatchObject({ code: 'CONFLICT' });
    expect(errorOf(await graphql(t.base, adminAuth(), DELETE_ROLE, { k: 99999999 }))).toMatchObject({ code: 'NOT_FOUND' });

    const manager = await buildUser(t, { userManager: true });
    expect(errorOf(await graphql(t.base, manager.auth, LIST_ROLES))).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await graphql(t.base, manager.auth, DELETE_ROLE, { k: role.key }))).toMatchObject({ code: 'FORBIDDEN' });

    const deleted = await graphql(t.base, adminAuth(), DELETE_ROLE, { k: role.key });
    expect(deleted.body.data.deleteRelationRole).toBe(true);
    expect((await graphql(t.base, adminAuth(), LIST_ROLES)).body.data.relationRoles).not.toContainEqual(expect.objectContaining({ key: role.key }));
  });
});

describe('identity-to-identity relations through REST', () => {
  let role: RelationRoleVo;
  let source: TestUser;
  let target: TestUser;
  beforeAll(async () => {
    role = await createRole({ role: 'Supervisor' });
    source = await buildUser(t);
    target = await buildUser(t);
  });

  it('relates two users and lists the relation from both sides, in JSON and XML', async () => {
    const created = await relate(source.key, {
      identitySourceKey: source.key,
      identityTargetKey: target.key,
      relationRoleKey: role.key,
      externalId: 'HR-REL-1',
      managedFlagsString: 'bogus,delete',
      relationRole: 'ignored',
    });
    expect(created.status).toBe(200);
    expect(Object.keys(created.json)).toEqual([
      'key',
      'identitySourceKey',
      'identityTargetKey',
      'externalId',
      'managedFlagsString',
      'relationRoleKey',
      'relationRole',
    ]);
    const relation: IdentityToIdentityRelationVo = created.json;
    expect(relation).toEqual({
      key: expect.any(Number),
      identitySourceKey: source.key,
      identityTargetKey: target.key,
      externalId: 'HR-REL-1',
      managedFlagsString: 'delete',
      relationRoleKey: role.key,
      relationRole: 'Supervisor',
    });
    const asSource = await call(t.base, 'GET', `/restapi/users/${source.key}/relations/source`, { headers: asAdmin });
    expect(asSource.json).toEqual([relation]);
    expect((await call(t.base, 'GET', `/restapi/users/${source.key}/relations/target`, { headers: asAdmin })).json).toEqual([]);
    const asTarget = await call(t.base, 'GET', `/restapi/users/${target.key}/relations/target`, { headers: adminAuth() });
    expect(asTarget.text).toBe(
      `${XML_PROLOG}<identityToIdentityRelationVOs><identityToIdentityRelationVO><key>${relation.key}</key><identitySourceKey>${source.key}</identitySourceKey><identityTargetKey>${target.key}</identityTargetKey><externalId>HR-REL-1</externalId><managedFlagsString>delete</managedFlagsString><relationRoleKey>${role.key}</relationRoleKey><relationRole>Supervisor</relationRole></identityToIdentityRelationVO></identityToIdentityRelationVOs>`,
    );
  });

  it('takes an XML body, from the target side too; no managed flags are ""', async () => {
    const other = await buildUser(t);
    const reply = await call(t.base, 'POST', `/restapi/users/${target.key}/relations`, {
      headers: { ...adminAuth(), ...XML_TYPE },
      contentType: 'application/xml',
      body: `<identityToIdentityRelationVO><identitySourceKey>${other.key}</identitySourceKey><identityTargetKey>${target.key}</identityTargetKey><relationRoleKey>${role.key}</relationRoleKey><relationRole>whatever</relationRole></identityToIdentityRelationVO>`,
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(
      new RegExp(
        `<identityToIdentityRelationVO><key>\\d+</key><identitySourceKey>${other.key}</identitySourceKey><identityTargetKey>${target.key}</identityTargetKey><managedFlagsString></managedFlagsString><relationRoleKey>${role.key}</relationRoleKey><relationRole>Supervisor</relationRole></identityToIdentityRelationVO>$`,
      ),
    );
    const sources = await call(t.base, 'GET', `/restapi/users/${target.key}/relations/target`, { headers: asAdmin });
    expect(sources.json.map((r: IdentityToIdentityRelationVo) => r.identitySourceKey)).toEqual([source.key, other.key]);
  });

  it('returns the stored relation unchanged when the same relation is sent again, also concurrently', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const body = { identitySourceKey: a.key, identityTargetKey: b.key, relationRoleKey: role.key, externalId: 'first' };
    const first = await relate(a.key, body);
    const again = await relate(b.key, { ...body, externalId: 'second' });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const [c, d] = [await buildUser(t), await buildUser(t)];
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => relate(c.key, { identitySourceKey: c.key, identityTargetKey: d.key, relationRoleKey: role.key })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(200));
    expect(new Set(replies.map((reply) => reply.json.key)).size).toBe(1);
    expect((await call(t.base, 'GET', `/restapi/users/${c.key}/relations/source`, { headers: asAdmin })).json).toHaveLength(1);
  });

  it('validates: 406 for missing keys, 409 for a key in the body or a relation not of the path user, 404 for unknown users or roles', async () => {
    const missing = await relate(source.key, { identitySourceKey: source.key });
    expect(missing.status).toBe(406);
    expect(missing.json.map((e: { code: string }) => e.code)).toEqual([
      'org.olat.user.restapi:relation.mandatory:identityTargetKey',
      'org.olat.user.restapi:relation.mandatory:relationRoleKey',
    ]);
    const xmlMissing = await call(t.base, 'PUT', `/restapi/users/${source.key}/relations`, {
      headers: adminAuth(),
      body: '<identityToIdentityRelationVO/>',
      contentType: 'application/xml',
    });
    expect(xmlMissing.status).toBe(406);
    expect(xmlMissing.text).toContain('<errorVOs><errorVO><code>org.olat.user.restapi:relation.mandatory:identitySourceKey</code>');

    const valid = { identitySourceKey: source.key, identityTargetKey: target.key, relationRoleKey: role.key };
    expect((await relate(source.key, { ...valid, key: 5 })).status).toBe(409);
    expect((await relate(source.key, { ...valid, identitySourceKey: 99999999 })).status).toBe(404);
    expect((await relate(source.key, { ...valid, identityTargetKey: 99999999 })).status).toBe(404);
    expect((await relate(source.key, { ...valid, relationRoleKey: 99999999 })).status).toBe(404);
    expect((await relate(99999999, valid)).status).toBe(404);
    const bystander = await buildUser(t);
    expect((await relate(bystander.key, valid)).status).toBe(409);
    expect((await call(t.base, 'GET', '/restapi/users/99999999/relations/source', { headers: asAdmin })).status).toBe(404);
  });

  it("deletes a relation of the path user: 200, then 409 as OpenOLAT; another user's relation is 409 too", async () => {
    const [a, b, bystander] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const relation = (await relate(a.key, { identitySourceKey: a.key, identityTargetKey: b.key, relationRoleKey: role.key }))
      .json as IdentityToIdentityRelationVo;
    expect((await call(t.base, 'DELETE', `/restapi/users/${bystander.key}/relations/${relation.key}`, { headers: asAdmin })).status).toBe(409);
    const deleted = await call(t.base, 'DELETE', `/restapi/users/${b.key}/relations/${relation.key}`, { headers: asAdmin });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await call(t.base, 'DELETE', `/restapi/users/${b.key}/relations/${relation.key}`, { headers: asAdmin })).status).toBe(409);
    expect((await call(t.base, 'GET', `/restapi/users/${a.key}/relations/source`, { headers: asAdmin })).json).toEqual([]);
  });

  it('lets a user manager manage the relations of users they manage; a plain user gets 403', async () => {
    const manager = await buildUser(t, { userManager: true });
    const asManager = { ...manager.auth, ...JSON_TYPE };
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const created = await relate(a.key, { identitySourceKey: a.key, identityTargetKey: b.key, relationRoleKey: role.key }, asManager);
    expect(created.status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/users/${b.key}/relations/target`, { headers: asManager })).json).toEqual([created.json]);
    expect((await call(t.base, 'DELETE', `/restapi/users/${a.key}/relations/${created.json.key}`, { headers: asManager })).status).toBe(200);

    const plain = await buildUser(t);
    const asPlain = { ...plain.auth, ...JSON_TYPE };
    expect((await call(t.base, 'GET', `/restapi/users/${plain.key}/relations/source`, { headers: asPlain })).status).toBe(403);
    expect((await relate(plain.key, { identitySourceKey: plain.key, identityTargetKey: a.key, relationRoleKey: role.key }, asPlain)).status).toBe(403);
  });

  it('refuses a user manager who does not manage both sides (403)', async () => {
    const manager = await buildUser(t, { userManager: true });
    const asManager = { ...manager.auth, ...JSON_TYPE };
    const [mine, elsewhere] = [await buildUser(t), await buildUser(t)];
    await isolateInNewOrganisation(elsewhere.key);
    expect((await relate(mine.key, { identitySourceKey: elsewhere.key, identityTargetKey: mine.key, relationRoleKey: role.key }, asManager)).status).toBe(403);
    expect((await relate(elsewhere.key, { identitySourceKey: elsewhere.key, identityTargetKey: mine.key, relationRoleKey: role.key }, asManager)).status).toBe(
      403,
    );
    expect((await call(t.base, 'GET', `/restapi/users/${elsewhere.key}/relations/source`, { headers: asManager })).status).toBe(403);
  });
});

describe('identity-to-identity relations through GraphQL', () => {
  it('adds, lists and deletes with the same rules', async () => {
    const role = await createRole({ role: 'Mentor' });
    const manager = await buildUser(t, { userManager: true });
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const added = await graphql(t.base, manager.auth, ADD_RELATION, {
      k: b.key,
      r: { identitySourceKey: a.key, identityTargetKey: b.key, relationRoleKey: role.key },
    });
    expect(added.body.errors).toBeUndefined();
    const relation = added.body.data.addIdentityRelation as IdentityToIdentityRelationVo;
    expect(relation).toMatchObject({ identitySourceKey: a.key, identityTargetKey: b.key, relationRole: 'Mentor', managedFlagsString: '', externalId: null });
    expect((await graphql(t.base, manager.auth, AS_SOURCE, { k: a.key })).body.data.identityRelationsAsSource).toEqual([relation]);
    expect((await graphql(t.base, manager.auth, AS_TARGET, { k: b.key })).body.data.identityRelationsAsTarget).toEqual([relation]);

    expect(errorOf(await graphql(t.base, manager.auth, ADD_RELATION, { k: a.key, r: { identitySourceKey: a.key } }))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(errorOf(await graphql(t.base, manager.auth, ADD_RELATION, { k: a.key, r: { ...relation, relationRole: undefined } }))).toMatchObject({
      code: 'CONFLICT',
    });
    const plain = await buildUser(t);
    expect(errorOf(await graphql(t.base, plain.auth, AS_SOURCE, { k: a.key }))).toMatchObject({ code: 'FORBIDDEN' });

    expect((await graphql(t.base, manager.auth, DELETE_RELATION, { k: a.key, rk: relation.key })).body.data.deleteIdentityRelation).toBe(true);
    expect(errorOf(await graphql(t.base, manager.auth, DELETE_RELATION, { k: a.key, rk: relation.key }))).toMatchObject({ code: 'CONFLICT' });
  });
});

describe('managed relation roles and relations', () => {
  it('GraphQL cannot rename a role managed by name; unchanged values, other fields and REST may', async () => {
    const role = await createRole({ role: 'HR supervisor', managedFlags: 'name', rights: ['showContactform'] });
    const renamed = await graphql(t.base, adminAuth(), UPDATE_ROLE, { k: role.key, r: { role: 'Edited in a tool' } });
    expect(errorOf(renamed)).toMatchObject({ code: 'MANAGED', flag: 'name' });
    expect(renamed.body.data).toBeNull();
    expect(errorOf(await graphql(t.base, adminAuth(), CREATE_ROLE, { r: { key: role.key, role: 'Via create' } }))).toMatchObject({
      code: 'MANAGED',
      flag: 'name',
    });

    const rights = await graphql(t.base, adminAuth(), UPDATE_ROLE, { k: role.key, r: { role: 'HR supervisor', rights: ['resetPassword', 'showContactform'] } });
    expect(rights.body.errors).toBeUndefined();
    expect(rights.body.data.updateRelationRole.rights).toEqual(['resetPassword', 'showContactform']);

    const rest = await call(t.base, 'POST', `${ROLES}/${role.key}`, { headers: asAdmin, body: { role: 'Renamed by the HR system' } });
    expect(rest.status).toBe(200);
    expect(rest.json.role).toBe('Renamed by the HR system');
  });

  it('guards rights by the rights flag, comparing them as a set', async () => {
    const role = await createRole({ managedFlags: 'rights', rights: ['showContactform', 'certificateEmail'] });
    expect(errorOf(await graphql(t.base, adminAuth(), UPDATE_ROLE, { k: role.key, r: { rights: ['showContactform'] } }))).toMatchObject({
      code: 'MANAGED',
      flag: 'rights',
    });
    const same = await graphql(t.base, adminAuth(), UPDATE_ROLE, {
      k: role.key,
      r: { rights: ['certificateEmail', 'showContactform', 'unknown'], managedFlags: 'rights' },
    });
    expect(same.body.errors).toBeUndefined();
    expect((await graphql(t.base, adminAuth(), UPDATE_ROLE, { k: role.key, r: { role: 'Renamed' } })).body.errors).toBeUndefined();
    expect((await call(t.base, 'POST', `${ROLES}/${role.key}`, { headers: asAdmin, body: { rights: [] } })).json.rights).toEqual([]);
  });

  it('keeps externalId, externalRef and the flags of a managed role from GraphQL callers, and all covers delete', async () => {
    const role = await createRole({ managedFlags: 'all', externalId: 'HR-9' });
    for (const change of [{ externalId: 'other' }, { externalRef: 'other' }, { managedFlags: '' }]) {
      expect(errorOf(await graphql(t.base, adminAuth(), UPDATE_ROLE, { k: role.key, r: change }))).toMatchObject({ code: 'MANAGED' });
    }
    expect(errorOf(await graphql(t.base, adminAuth(), DELETE_ROLE, { k: role.key }))).toMatchObject({ code: 'MANAGED', flag: 'delete' });
    expect((await call(t.base, 'POST', `${ROLES}/${role.key}`, { headers: asAdmin, body: { managedFlags: '' } })).json.managedFlags).toBe('');
    const managedAgain = await createRole({ managedFlags: 'delete' });
    expect((await call(t.base, 'DELETE', `${ROLES}/${managedAgain.key}`, { headers: asAdmin })).status).toBe(200);
  });

  it('GraphQL cannot delete a relation managed by delete; REST may; authorisation is decided first', async () => {
    const role = await createRole();
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const relation = (await relate(a.key, { identitySourceKey: a.key, identityTargetKey: b.key, relationRoleKey: role.key, managedFlagsString: 'all' })).json;
    expect(relation.managedFlagsString).toBe('all');
    expect(errorOf(await graphql(t.base, adminAuth(), DELETE_RELATION, { k: a.key, rk: relation.key }))).toMatchObject({ code: 'MANAGED', flag: 'delete' });

    const outsider = await buildUser(t, { userManager: true });
    await isolateInNewOrganisation(outsider.key);
    expect(errorOf(await graphql(t.base, outsider.auth, DELETE_RELATION, { k: a.key, rk: relation.key }))).toMatchObject({ code: 'FORBIDDEN' });

    expect((await call(t.base, 'DELETE', `/restapi/users/${a.key}/relations/${relation.key}`, { headers: asAdmin })).status).toBe(200);
  });
});
