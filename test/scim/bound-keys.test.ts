import { addOrganisationMember, buildOrganisation, buildUser, defaultOrganisationKey, uniqueLogin, type TestUser } from '../factories';
import { JSON_TYPE, basic, call, graphql, type Headers } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/**
 * API keys bound to an organisation (an identity provider's "secret token" per tenant): one provider account, an
 * administrator of the whole tree, holds a key for organisation A and one for B; each key provisions into its
 * organisation and sees and touches nothing of the other's, on SCIM, REST and GraphQL alike.
 */

let t: TestService;
let provider: TestUser;
let orgA: number;
let orgB: number;
let keyA: Headers;
let keyB: Headers;
beforeAll(async () => {
  t = await startTestService();
  [orgA, orgB] = [await buildOrganisation(t), await buildOrganisation(t)];
  provider = await buildUser(t);
  await addOrganisationMember(t, await defaultOrganisationKey(t), provider.key, 'administrator', 'root');
  keyA = await boundKey(orgA);
  keyB = await boundKey(orgB);
});
afterAll(() => t.stop());

type Json = Record<string, any>;
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

const CREATE_KEY = `mutation($k: Long!, $o: Long) { createApiKey(identityKey: $k, boundOrganisationKey: $o) { clientId secret boundOrganisationKey } }`;

/** A key of the provider bound to the organisation, made by the administrator through GraphQL; as `Bearer clientId:secret`. */
async function boundKey(organisationKey: number): Promise<Headers> {
  const reply = await graphql(t.base, adminAuth(), CREATE_KEY, { k: provider.key, o: organisationKey });
  expect(reply.body.data.createApiKey.boundOrganisationKey).toBe(organisationKey);
  const { clientId, secret } = reply.body.data.createApiKey;
  return { Authorization: `Bearer ${clientId}:${secret}` };
}

async function scim(method: string, path: string, auth: Headers, body?: unknown) {
  const response = await fetch(`${t.base}/scim/v2${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/scim+json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as Json };
}

const userBody = (login: string) => ({
  userName: login,
  name: { givenName: 'Ada', familyName: 'Bound' },
  emails: [{ value: `${login}@example.org`, type: 'work' }],
});

async function organisationsOf(identityKey: number): Promise<{ organisation_id: number; role: string }[]> {
  return t.service.orm.em
    .fork()
    .getConnection()
    .execute('select organisation_id, role from organisation_role where identity_id = ? order by organisation_id, role', [identityKey]);
}

it('a bound key provisions people into its organisation only, and sees, changes and deletes nobody of the other', async () => {
  const created = await scim('POST', '/Users', keyA, userBody(uniqueLogin('ada')));
  expect(created.status).toBe(201);
  const ada = Number(created.json.id);
  expect(await organisationsOf(ada)).toEqual([{ organisation_id: orgA, role: 'user' }]);

  expect((await scim('GET', `/Users/${ada}`, keyA)).status).toBe(200);
  for (const [method, body] of [
    ['GET', undefined],
    ['PUT', userBody(created.json.userName)],
    ['PATCH', { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] }],
    ['DELETE', undefined],
  ] as const) {
    expect([method, (await scim(method, `/Users/${ada}`, keyB, body)).status]).toEqual([method, 404]);
  }
  const filter = `/Users?filter=${encodeURIComponent(`userName eq "${created.json.userName}"`)}`;
  expect((await scim('GET', filter, keyB)).json.totalResults).toBe(0);
  expect((await scim('GET', filter, keyA)).json.totalResults).toBe(1);
  // The whole list of B's key holds B's people only.
  const listed = await scim('GET', '/Users?count=1000', keyB);
  expect(listed.json.Resources.map((user: Json) => Number(user.id))).not.toContain(ada);

  // The provider's own account, unbound, manages her: its roles hold everywhere.
  expect((await call(t.base, 'GET', `/restapi/users/${ada}/status`, { headers: { ...provider.auth, ...JSON_TYPE } })).status).toBe(200);
});

it('on REST and GraphQL the same: creations land in the organisation, the other organisation’s people are refused', async () => {
  const inB = await buildUser(t);
  await addOrganisationMember(t, orgB, inB.key, 'user');
  const login = uniqueLogin('rest');
  const put = await call(t.base, 'PUT', '/restapi/users', {
    headers: { ...keyA, ...JSON_TYPE },
    body: { login, firstName: 'R', lastName: 'A', email: `${login}@example.org` },
  });
  expect(put.status).toBe(200);
  expect(await organisationsOf(put.json.key)).toEqual([{ organisation_id: orgA, role: 'user' }]);

  expect((await call(t.base, 'DELETE', `/restapi/users/${inB.key}`, { headers: keyA })).status).toBe(403);
  const gql = await graphql(t.base, keyA, 'mutation($k: Long!) { deleteUser(identityKey: $k) }', { k: inB.key });
  expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
  // Found through GET /users by B's key only.
  const search = (auth: Headers) => call(t.base, 'GET', `/restapi/users?login=${inB.login}`, { headers: { ...auth, ...JSON_TYPE } });
  expect((await search(keyA)).json).toEqual([]);
  expect((await search(keyB)).json.map((user: Json) => user.key)).toEqual([inB.key]);
  expect((await call(t.base, 'GET', `/restapi/users/${inB.key}/status`, { headers: { ...adminAuth(), ...JSON_TYPE } })).json).toEqual({ status: 2 });
});

it('a token the key’s login opened is bound as the key is', async () => {
  const inB = await buildUser(t);
  await addOrganisationMember(t, orgB, inB.key, 'user');
  const [clientId, secret] = keyA.Authorization.slice('Bearer '.length).split(':');
  const login = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...basic(clientId, secret), ...JSON_TYPE } });
  const token = login.headers.get('x-service-token')!;
  expect(token).toBeTruthy();
  expect((await call(t.base, 'DELETE', `/restapi/users/${inB.key}`, { headers: { 'X-SERVICE-TOKEN': token } })).status).toBe(403);
  expect((await call(t.base, 'GET', `/restapi/users/${inB.key}/status`, { headers: { ...adminAuth(), ...JSON_TYPE } })).json).toEqual({ status: 2 });
});

it('nobody with a role outside the organisation is managed through its key: the privilege ladder within the tenant', async () => {
  const both = await buildUser(t);
  await addOrganisationMember(t, orgA, both.key, 'user');
  await addOrganisationMember(t, orgB, both.key, 'author');
  // The provider's account itself manages her (an administrator covers an author); its key bound to A does not.
  expect((await scim('GET', `/Users/${both.key}`, provider.auth)).status).toBe(200);
  expect((await scim('GET', `/Users/${both.key}`, keyA)).status).toBe(404);
  expect((await call(t.base, 'POST', `/restapi/users/${both.key}/status`, { headers: { ...keyA, ...JSON_TYPE }, body: { status: 101 } })).status).toBe(403);
});

it('groups: created in the organisation, invisible and untouchable to the other key; members must be people of its own', async () => {
  const ada = Number((await scim('POST', '/Users', keyA, userBody(uniqueLogin('grp')))).json.id);
  const group = await scim('POST', '/Groups', keyA, { displayName: uniqueLogin('Compilers'), members: [{ value: String(ada) }] });
  expect(group.status).toBe(201);
  const [row] = await t.service.orm.em.fork().getConnection().execute('select organisation_id from business_group where id = ?', [group.json.id]);
  expect(Number(row.organisation_id)).toBe(orgA);
  expect((await scim('GET', `/Groups/${group.json.id}`, keyB)).status).toBe(404);
  expect((await scim('DELETE', `/Groups/${group.json.id}`, keyB)).status).toBe(404);
  const filter = `/Groups?filter=${encodeURIComponent(`displayName eq "${group.json.displayName}"`)}`;
  expect((await scim('GET', filter, keyB)).json.totalResults).toBe(0);
  expect((await scim('GET', filter, keyA)).json.totalResults).toBe(1);
  const foreign = await scim('POST', '/Groups', keyB, { displayName: uniqueLogin('Other'), members: [{ value: String(ada) }] });
  expect(foreign).toMatchObject({ status: 400, json: { scimType: 'invalidValue' } });
  const named = await call(t.base, 'PUT', `/restapi/groups?organisationKey=${orgB}`, { headers: { ...keyA, ...JSON_TYPE }, body: { name: 'elsewhere' } });
  expect(named.status).toBe(403);
  // Nor do REST and GraphQL show it to the other key, though the key's owner manages every group.
  const listed = async (auth: Headers) =>
    ((await call(t.base, 'GET', '/restapi/groups', { headers: { ...auth, ...JSON_TYPE } })).json as Json[]).map((listedGroup) => listedGroup.key);
  expect(await listed(keyB)).not.toContain(Number(group.json.id));
  expect(await listed(keyA)).toContain(Number(group.json.id));
  expect((await call(t.base, 'GET', `/restapi/groups/${group.json.id}`, { headers: { ...keyB, ...JSON_TYPE } })).status).toBe(403);
  const keys = async (auth: Headers) => ((await graphql(t.base, auth, '{ groups { key } }')).body.data.groups as Json[]).map((listedGroup) => listedGroup.key);
  expect(await keys(keyB)).not.toContain(Number(group.json.id));
  expect(await keys(keyA)).toContain(Number(group.json.id));
});

it('a bound key issues keys bound within its organisation only; an unknown organisation is 404', async () => {
  const inA = await buildUser(t);
  await addOrganisationMember(t, orgA, inA.key, 'user');
  const unnamed = await graphql(t.base, keyA, CREATE_KEY, { k: inA.key });
  expect(unnamed.body.data.createApiKey.boundOrganisationKey).toBe(orgA);
  const other = await graphql(t.base, keyA, CREATE_KEY, { k: inA.key, o: orgB });
  expect(other.body.errors[0].extensions.code).toBe('FORBIDDEN');
  const rest = await call(t.base, 'PUT', `/restapi/users/${inA.key}/authentications`, {
    headers: { ...keyA, ...JSON_TYPE },
    body: { identityKey: inA.key, provider: 'API-Key' },
  });
  expect(rest.status).toBe(200);
  const [stored] = await t.service.orm.em.fork().getConnection().execute('select organisation_id from authentication where id = ?', [rest.json.key]);
  expect(Number(stored.organisation_id)).toBe(orgA);
  const unknown = await call(t.base, 'PUT', `/restapi/users/${inA.key}/authentications?boundOrganisationKey=999999999`, {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { identityKey: inA.key, provider: 'API-Key' },
  });
  expect(unknown.status).toBe(404);
  // The key's owner is no one it manages: it cannot give itself a password to log in unbound.
  const password = await call(t.base, 'POST', `/restapi/users/${provider.key}/authentications/password?newPassword=escape-123`, { headers: keyA });
  expect(password.status).toBe(403);
});

it('a sync job submitted with a bound key acts within its organisation: its people join it, another tenant’s are refused', async () => {
  const externalId = uniqueLogin('syncb');
  const inB = await buildUser(t, {}, { externalId });
  await addOrganisationMember(t, orgB, inB.key, 'user');
  const login = uniqueLogin('sync');
  const document = {
    users: [
      { externalId: `${login}-ext`, login, firstName: 'Syn', lastName: 'Bound', email: `${login}@example.org` },
      { externalId, login: inB.login, firstName: 'Changed', lastName: 'ByA', email: `${inB.login}@example.org` },
    ],
  };
  const submitted = await call(t.base, 'POST', '/restapi/sync', { headers: { ...keyA, ...JSON_TYPE }, body: document });
  expect(submitted.status).toBe(202);
  let job: Json = submitted.json;
  for (const until = Date.now() + 30_000; ['queued', 'running'].includes(job.state) && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = (await call(t.base, 'GET', `/restapi/sync/${job.key}`, { headers: { ...keyA, ...JSON_TYPE } })).json;
  }
  expect(job.sections).toEqual(expect.arrayContaining([expect.objectContaining({ section: 'users', created: 1, failed: 1 })]));
  const [created] = await t.service.orm.em.fork().getConnection().execute('select id from identity where login = ?', [login]);
  expect(await organisationsOf(Number(created.id))).toEqual([{ organisation_id: orgA, role: 'user' }]);
  const untouched = await call(t.base, 'GET', `/restapi/users/${inB.key}`, { headers: { ...adminAuth(), ...JSON_TYPE } });
  expect(untouched.json.firstName).not.toBe('Changed');
});
