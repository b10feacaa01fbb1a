import { type TestUser, buildUser, uniqueLogin } from '../factories';
import { JSON_TYPE, XML_TYPE, basic, call, cookieOf, graphql, type Headers } from '../support/http';
import { startTestService, type TestService, adminAuth } from '../support/service';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const asAdminXml = { ...adminAuth(), ...XML_TYPE };
const me = (headers: Headers) => call(t.base, 'GET', '/restapi/users/me', { headers: { ...headers, ...JSON_TYPE } });
const setStatus = (user: TestUser, status: number) => call(t.base, 'POST', `/restapi/users/${user.key}/status`, { headers: asAdmin, body: { status } });

async function loginOf(user: TestUser) {
  const reply = await me(user.auth);
  expect(reply.status).toBe(200);
  return { cookie: { Cookie: cookieOf(reply) }, token: { 'X-SERVICE-TOKEN': reply.headers.get('x-service-token')! } };
}

describe('preferences', () => {
  const path = (user: TestUser) => `/restapi/users/${user.key}/preferences`;

  it('reads and sets the language in JSON and XML', async () => {
    const user = await buildUser(t);
    expect((await call(t.base, 'GET', path(user), { headers: asAdmin })).json).toEqual({ language: null });
    const set = await call(t.base, 'POST', path(user), { headers: asAdmin, body: { language: 'de' } });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ language: 'de' });
    expect((await call(t.base, 'GET', path(user), { headers: asAdminXml })).text).toMatch(/<preferencesVO><language>de<\/language><\/preferencesVO>$/);
    const xml = await call(t.base, 'POST', path(user), {
      headers: asAdminXml,
      contentType: 'application/xml',
      body: '<preferencesVO><language>fr_CH</language></preferencesVO>',
    });
    expect(xml.text).toMatch(/<preferencesVO><language>fr_CH<\/language><\/preferencesVO>$/);
    expect((await call(t.base, 'GET', path(user), { headers: { ...adminAuth() } })).headers.get('content-type')).toMatch(/^application\/xml/);
  });

  it('refuses a malformed language (406 list)', async () => {
    const user = await buildUser(t);
    const reply = await call(t.base, 'POST', path(user), { headers: asAdmin, body: { language: 'not a language' } });
    expect(reply.status).toBe(406);
    expect(reply.json).toEqual([{ code: 'org.olat.user:error.language', translation: expect.any(String) }]);
  });

  it('are for managers of the user, not the user themself', async () => {
    const user = await buildUser(t);
    const manager = await buildUser(t, { userManager: true });
    expect((await call(t.base, 'GET', path(user), { headers: { ...user.auth, ...JSON_TYPE } })).status).toBe(403);
    expect((await call(t.base, 'POST', path(user), { headers: { ...user.auth, ...JSON_TYPE }, body: { language: 'en' } })).status).toBe(403);
    expect((await call(t.base, 'GET', path(user), { headers: { ...manager.auth, ...JSON_TYPE } })).status).toBe(200);
    expect((await call(t.base, 'GET', '/restapi/users/987654/preferences', { headers: asAdmin })).status).toBe(404);
  });

  it('through GraphQL, with the same rules', async () => {
    const user = await buildUser(t);
    const SET = `mutation($k: Long!, $p: PreferencesVOInput!) { updateUserPreferences(identityKey: $k, preferences: $p) { language } }`;
    const GET = `query($k: Long!) { userPreferences(identityKey: $k) { language } }`;
    expect((await graphql(t.base, adminAuth(), SET, { k: user.key, p: { language: 'it' } })).body.data.updateUserPreferences).toEqual({ language: 'it' });
    expect((await graphql(t.base, adminAuth(), GET, { k: user.key })).body.data.userPreferences).toEqual({ language: 'it' });
    expect((await graphql(t.base, user.auth, GET, { k: user.key })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await graphql(t.base, adminAuth(), SET, { k: user.key, p: { language: '??' } })).body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  });
});

describe('lifecycle', () => {
  const path = (user: TestUser) => `/restapi/users/${user.key}/lifecycle`;
  const EXPIRES = Date.UTC(2031, 0, 15, 8, 30);

  it('reads key, externalId, dates and status in JSON and XML', async () => {
    const user = await buildUser(t, {}, { externalId: `HR-${uniqueLogin()}` });
    const reply = await call(t.base, 'GET', path(user), { headers: asAdmin });
    expect(reply.json).toEqual({
      key: user.key,
      externalId: expect.stringMatching(/^HR-/),
      creationDate: expect.any(Number),
      expirationDate: null,
      inactivationDate: null,
      status: 2,
    });
    expect(Math.abs(reply.json.creationDate - Date.now())).toBeLessThan(60_000);
    const xml = await call(t.base, 'GET', path(user), { headers: asAdminXml });
    expect(xml.text).toMatch(
      /<userLifecycleVO><key>\d+<\/key><externalId>HR-[^<]+<\/externalId><creationDate>\d{4}-\d\d-\d\dT[\d:.]+Z<\/creationDate><status>2<\/status><\/userLifecycleVO>$/,
    );
  });

  it('sets the expiration date (POST JSON, PUT XML)', async () => {
    const user = await buildUser(t);
    const post = await call(t.base, 'POST', path(user), { headers: asAdmin, body: { expirationDate: EXPIRES } });
    expect(post.status).toBe(200);
    expect(post.json).toMatchObject({ expirationDate: EXPIRES, inactivationDate: null, status: 2 });
    const put = await call(t.base, 'PUT', path(user), {
      headers: asAdminXml,
      contentType: 'application/xml',
      body: '<userLifecycleVO><expirationDate>2032-02-01T10:00:00+01:00</expirationDate></userLifecycleVO>',
    });
    expect(put.status).toBe(200);
    expect(put.text).toContain('<expirationDate>2032-02-01T09:00:00.000Z</expirationDate>');
  });

  it('answers 304 and changes nothing when only an inactivation date is sent', async () => {
    const user = await buildUser(t);
    await call(t.base, 'POST', path(user), { headers: asAdmin, body: { expirationDate: EXPIRES } });
    const reply = await call(t.base, 'POST', path(user), { headers: asAdmin, body: { inactivationDate: Date.now() } });
    expect(reply.status).toBe(304);
    expect((await call(t.base, 'GET', path(user), { headers: asAdmin })).json).toMatchObject({ expirationDate: EXPIRES, inactivationDate: null, status: 2 });
  });

  it('reactivates an inactive user when no dates are sent: status active, dates cleared, login works again', async () => {
    const user = await buildUser(t);
    await call(t.base, 'POST', path(user), { headers: asAdmin, body: { expirationDate: EXPIRES } });
    await setStatus(user, 103);
    expect((await me(user.auth)).status).toBe(401);
    const reply = await call(t.base, 'PUT', path(user), { headers: asAdmin, body: {} });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ expirationDate: null, inactivationDate: null, status: 2 });
    expect((await me(user.auth)).status).toBe(200);
  });

  it('answers 204 without a body and changes nothing', async () => {
    const user = await buildUser(t);
    await call(t.base, 'POST', path(user), { headers: asAdmin, body: { expirationDate: EXPIRES } });
    const before = (await call(t.base, 'GET', path(user), { headers: asAdmin })).json;
    expect(before).toMatchObject({ expirationDate: EXPIRES, inactivationDate: null, status: 2 });
    const post = await call(t.base, 'POST', path(user), { headers: asAdmin });
    expect([post.status, post.text]).toEqual([204, '']);
    const put = await call(t.base, 'PUT', path(user), { headers: asAdmin });
    expect([put.status, put.text]).toEqual([204, '']);
    expect((await call(t.base, 'GET', path(user), { headers: asAdmin })).json).toEqual(before);
    expect((await me(user.auth)).status).toBe(200);
  });

  it('is for managers of the user (403), 404 for unknown users', async () => {
    const user = await buildUser(t);
    expect((await call(t.base, 'GET', path(user), { headers: { ...user.auth, ...JSON_TYPE } })).status).toBe(403);
    expect((await call(t.base, 'POST', path(user), { headers: { ...user.auth, ...JSON_TYPE }, body: {} })).status).toBe(403);
    expect((await call(t.base, 'GET', '/restapi/users/987654/lifecycle', { headers: asAdmin })).status).toBe(404);
  });

  it('through GraphQL: only an inactivation date answers null, no dates reactivate', async () => {
    const user = await buildUser(t);
    await setStatus(user, 103);
    const SET = `mutation($k: Long!, $l: UserLifecycleVOInput!) { updateUserLifecycle(identityKey: $k, lifecycle: $l) { status expirationDate inactivationDate } }`;
    const unchanged = await graphql(t.base, adminAuth(), SET, { k: user.key, l: { inactivationDate: '2030-01-01T00:00:00Z' } });
    expect(unchanged.body).toEqual({ data: { updateUserLifecycle: null } });
    const expiring = await graphql(t.base, adminAuth(), SET, { k: user.key, l: { expirationDate: EXPIRES } });
    expect(expiring.body.data.updateUserLifecycle).toEqual({ status: 103, expirationDate: EXPIRES, inactivationDate: null });
    const reactivated = await graphql(t.base, adminAuth(), SET, { k: user.key, l: {} });
    expect(reactivated.body.data.updateUserLifecycle).toEqual({ status: 2, expirationDate: null, inactivationDate: null });
    const read = await graphql(
      t.base,
      user.auth,
      `
        query ($k: Long!) {
          userLifecycle(identityKey: $k) {
            status
          }
        }
      `,
      { k: user.key },
    );
    expect(read.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('username', () => {
  const rename = (user: TestUser, username: string | null, method = 'POST', headers: Headers = asAdmin) =>
    call(t.base, method, `/restapi/users/${user.key}/username${username === null ? '' : `?username=${encodeURIComponent(username)}`}`, { headers });

  it('changes the login; the password and the OLAT authentication name follow', async () => {
    const user = await buildUser(t);
    const login = uniqueLogin('renamed');
    const reply = await rename(user, login);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: user.key, login });
    expect((await me(basic(login, user.password))).status).toBe(200);
    const found = await call(t.base, 'GET', `/restapi/users?authProvider=OLAT&authUsername=${login}`, { headers: asAdmin });
    expect(found.json.map((u: { key: number }) => u.key)).toEqual([user.key]);

    const xml = await rename(user, `${login}-x`, 'PUT', asAdminXml);
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(`<userVO><key>${user.key}</key><login>${login}-x</login>`);
  });

  it("allows changing only the case of one's own login", async () => {
    const user = await buildUser(t);
    expect((await rename(user, user.login.toUpperCase())).json.login).toBe(user.login.toUpperCase());
  });

  it('answers 409 with a list of ErrorVO when the login is taken (in any case) or invalid, in JSON and XML', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    const taken = await rename(user, other.login.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual([{ code: 'org.olat.admin.user:new.error.loginname.choosen', translation: expect.any(String) }]);
    const invalid = await rename(user, 'ab', 'PUT', asAdminXml);
    expect(invalid.status).toBe(409);
    expect(invalid.text).toMatch(/<errorVOs><errorVO><code>org\.olat\.admin\.user:new\.error\.loginname\.empty<\/code>/);
    const missing = await rename(user, null);
    expect(missing.status).toBe(409);
    expect(Array.isArray(missing.json)).toBe(true);
    expect((await me(user.auth)).status).toBe(200);
  });

  it('is for managers of the user; 404 for unknown users; GraphQL answers CONFLICT with the details', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    expect((await rename(user, uniqueLogin(), 'POST', { ...user.auth, ...JSON_TYPE })).status).toBe(403);
    expect((await call(t.base, 'POST', '/restapi/users/987654/username?username=whoever', { headers: asAdmin })).status).toBe(404);
    const RENAME = `mutation($k: Long!, $u: String) { changeUserName(identityKey: $k, username: $u) { key login } }`;
    const conflict = await graphql(t.base, adminAuth(), RENAME, { k: user.key, u: other.login });
    expect(conflict.body.errors[0].extensions).toMatchObject({ code: 'CONFLICT', errors: [{ code: 'org.olat.admin.user:new.error.loginname.choosen' }] });
    const login = uniqueLogin('gql');
    expect((await graphql(t.base, adminAuth(), RENAME, { k: user.key, u: login })).body.data.changeUserName).toEqual({ key: user.key, login });
  });
});

describe('GET /users/managed', () => {
  it('lists users with an externalId as ManagedUserVO, in JSON and XML and through GraphQL', async () => {
    const managed = await buildUser(t, {}, { externalId: `EXT-${uniqueLogin()}` });
    const unmanaged = await buildUser(t);
    const reply = await call(t.base, 'GET', '/restapi/users/managed', { headers: asAdmin });
    expect(reply.status).toBe(200);
    const externalId = (await call(t.base, 'GET', `/restapi/users/${managed.key}`, { headers: asAdmin })).json.externalId;
    expect(reply.json).toContainEqual({ key: managed.key, login: managed.login, externalId });
    expect(reply.json.map((u: { key: number }) => u.key)).not.toContain(unmanaged.key);
    const xml = await call(t.base, 'GET', '/restapi/users/managed', { headers: asAdminXml });
    expect(xml.text).toContain(`<managedUserVO><key>${managed.key}</key><login>${managed.login}</login><externalId>${externalId}</externalId></managedUserVO>`);
    expect(xml.text).toMatch(/<managedUserVOs>.*<\/managedUserVOs>$/);
    const gql = await graphql(t.base, adminAuth(), '{ managedUsers { key login externalId } }');
    expect(gql.body.data.managedUsers).toContainEqual({ key: managed.key, login: managed.login, externalId });
  });

  it('is for user managers (a plain user gets 403)', async () => {
    const user = await buildUser(t);
    const manager = await buildUser(t, { userManager: true });
    expect((await call(t.base, 'GET', '/restapi/users/managed', { headers: { ...user.auth, ...JSON_TYPE } })).status).toBe(403);
    expect((await call(t.base, 'GET', '/restapi/users/managed', { headers: { ...manager.auth, ...JSON_TYPE } })).status).toBe(200);
  });
});

describe('status (catalogue 5.3)', () => {
  it('deactivating ends sessions and tokens for good: after reactivation they stay invalid, the password works', async () => {
    const user = await buildUser(t);
    const { cookie, token } = await loginOf(user);
    expect((await setStatus(user, 101)).status).toBe(200);
    expect((await setStatus(user, 2)).status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
    expect((await me(token)).status).toBe(401);
    expect((await me(user.auth)).status).toBe(200);
  });

  it('the same through GraphQL updateUserStatus', async () => {
    const user = await buildUser(t);
    const { cookie, token } = await loginOf(user);
    const SET = `mutation($k: Long!, $s: Int!) { updateUserStatus(identityKey: $k, status: { status: $s }) { status } }`;
    expect((await graphql(t.base, adminAuth(), SET, { k: user.key, s: 103 })).body.data.updateUserStatus).toEqual({ status: 103 });
    await graphql(t.base, adminAuth(), SET, { k: user.key, s: 2 });
    expect((await me(cookie)).status).toBe(401);
    expect((await me(token)).status).toBe(401);
    expect((await me(user.auth)).status).toBe(200);
  });
});

describe('login uniqueness', () => {
  const create = (login: string) =>
    call(t.base, 'PUT', '/restapi/users', { headers: asAdmin, body: { login, firstName: 'Wild', lastName: 'Card', email: `${uniqueLogin()}@example.org` } });

  it('compares logins exactly, in any case: _, % and \\ are characters, not patterns', async () => {
    const stem = uniqueLogin('wc');
    expect((await create(`${stem}x1`)).status).toBe(200);
    for (const login of [`${stem}_1`, `${stem}%`, `${stem}\\1`]) expect({ login, status: (await create(login)).status }).toEqual({ login, status: 200 });
    for (const login of [`${stem.toUpperCase()}_1`, `${stem}\\1`]) {
      const reply = await create(login);
      expect({ login, status: reply.status }).toEqual({ login, status: 406 });
      expect(reply.json[0].code).toBe('org.olat.admin.user:new.error.loginname.choosen');
    }
  });
});

describe('every broken rule of a body in one answer', () => {
  it('lists every field error of a user, a taken e-mail in its place, in JSON and XML; a taken login alone, as OpenOLAT does', async () => {
    const existing = await buildUser(t);
    const email = (await call(t.base, 'GET', `/restapi/users/${existing.key}`, { headers: asAdmin })).json.email;
    const fields = { login: uniqueLogin(), firstName: ' ', lastName: '', email: email.toUpperCase() };
    const json = await call(t.base, 'PUT', '/restapi/users', { headers: asAdmin, body: fields });
    expect(json.status).toBe(406);
    expect(json.json).toEqual([
      { code: 'org.olat.core:new.form.mandatory:firstName', translation: expect.any(String) },
      { code: 'org.olat.core:new.form.mandatory:lastName', translation: expect.any(String) },
      { code: 'org.olat.user.propertyhandlers:new.form.name.email.exists', translation: expect.any(String) },
    ]);
    const xml = await call(t.base, 'PUT', '/restapi/users', {
      headers: asAdminXml,
      body: `<userVO><login>${uniqueLogin()}</login><lastName>Rules</lastName><email>not-an-address</email></userVO>`,
      contentType: 'application/xml',
    });
    expect(xml.status).toBe(406);
    expect([...xml.text.matchAll(/<errorVO><code>([^<]+)<\/code>/g)].map((match) => match[1])).toEqual([
      'org.olat.core:new.form.mandatory:firstName',
      'org.olat.user.propertyhandlers:form.name.email.error.valid',
    ]);
    // UserWebService.create answers a taken login before it validates the fields: one ErrorVO, in a list.
    const taken = await call(t.base, 'PUT', '/restapi/users', { headers: asAdmin, body: { login: existing.login.toUpperCase(), email: 'not-an-address' } });
    expect(taken.status).toBe(406);
    expect(taken.json).toEqual([{ code: 'org.olat.admin.user:new.error.loginname.choosen', translation: expect.any(String) }]);
  });

  it('names a missing group name and a too long external id together', async () => {
    const reply = await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { name: ' ', externalId: 'x'.repeat(300) } });
    expect(reply.status).toBe(406);
    expect(reply.json.map((error: { code: string }) => error.code)).toHaveLength(2);
  });
});
