import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { writeSetting } from '../../src/settings/settings';
import { type TestUser, buildUser, uniqueLogin } from '../factories';
import { JSON_TYPE, XML_TYPE, basic, call, cookieOf, graphql, type Headers } from '../support/http';
import { startTestService, type TestService, adminAuth } from '../support/service';

let t: TestService;
let db: Client;
beforeAll(async () => {
  t = await startTestService();
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const path = (user: { key: number }, rest = '') => `/restapi/users/${user.key}/authentications${rest}`;
const list = (user: TestUser, headers: Headers = asAdmin) => call(t.base, 'GET', path(user), { headers });
const save = (user: TestUser, body: unknown, headers: Headers = asAdmin, method = 'PUT') => call(t.base, method, path(user), { headers, body });
const me = (headers: Headers) => call(t.base, 'GET', '/restapi/users/me', { headers: { ...headers, ...JSON_TYPE } });
const storedRow = async (key: number) => (await db.query('select * from authentication where id = $1', [key])).rows[0];

/** Logs in with basic auth and returns the session cookie and token that login handed out. */
async function loginOf(user: TestUser) {
  const reply = await me(user.auth);
  expect(reply.status).toBe(200);
  return { cookie: { Cookie: cookieOf(reply) }, token: { 'X-SERVICE-TOKEN': reply.headers.get('x-service-token')! } };
}

const CREATE_KEY = `mutation($k: Long!, $e: String) { createApiKey(identityKey: $k, externalId: $e) { key identityKey clientId secret externalId creationDate } }`;
const LIST = `query($k: Long!) { userAuthentications(identityKey: $k) { key identityKey provider authUsername credential externalId creationDate lastUsage } }`;

describe('GET /users/{k}/authentications', () => {
  it('lists every authentication without credentials, in JSON and XML; GraphQL adds creation and last use', async () => {
    const user = await buildUser(t);
    await loginOf(user);
    const reply = await list(user);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual([
      { key: expect.any(Number), identityKey: user.key, provider: 'OLAT', authUsername: user.login, credential: null, externalId: null },
      { key: expect.any(Number), identityKey: user.key, provider: 'REST', authUsername: expect.any(String), credential: null, externalId: null },
    ]);
    const xml = await list(user, { ...adminAuth(), ...XML_TYPE });
    expect(xml.text).toContain(
      `<authenticationVOs><authenticationVO><key>${reply.json[0].key}</key><identityKey>${user.key}</identityKey><provider>OLAT</provider><authUsername>${user.login}</authUsername></authenticationVO>`,
    );
    expect(xml.text).not.toMatch(/credential|creationDate|lastUsage|\$2[ab]\$/);
    const gql = await graphql(t.base, adminAuth(), LIST, { k: user.key });
    expect(gql.body.data.userAuthentications[0]).toMatchObject({ provider: 'OLAT', credential: null, creationDate: expect.any(Number), lastUsage: null });
  });

  it('refuses other people (403) and unknown users (404)', async () => {
    const user = await buildUser(t);
    const stranger = await buildUser(t);
    expect((await list(user, { ...stranger.auth, ...JSON_TYPE })).status).toBe(403);
    expect((await call(t.base, 'GET', '/restapi/users/987654/authentications', { headers: asAdmin })).status).toBe(404);
    const gql = await graphql(t.base, stranger.auth, LIST, { k: user.key });
    expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('is open to user managers of the person', async () => {
    const manager = await buildUser(t, { userManager: true });
    const user = await buildUser(t);
    expect((await list(user, { ...manager.auth, ...JSON_TYPE })).status).toBe(200);
  });

  it('has version 2.0, behind authentication', async () => {
    const user = await buildUser(t);
    const reply = await call(t.base, 'GET', path(user, '/version'), { headers: user.auth });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(reply.text).toBe('2.0');
    expect((await call(t.base, 'GET', path(user, '/version'))).status).toBe(401);
  });
});

describe('PUT and POST /users/{k}/authentications', () => {
  it('creates an external authentication without keeping a secret, then updates authUsername and externalId only', async () => {
    const user = await buildUser(t);
    const ldapName = uniqueLogin('ldap');
    const created = await save(user, { identityKey: user.key, provider: 'LDAP', authUsername: ldapName, credential: 'ignored', externalId: 'X1' });
    expect(created.status).toBe(200);
    expect(created.json).toEqual({
      key: expect.any(Number),
      identityKey: user.key,
      provider: 'LDAP',
      authUsername: ldapName,
      credential: null,
      externalId: 'X1',
    });
    expect((await storedRow(created.json.key)).credential).toBeNull();

    const renamed = `${ldapName}-2`;
    const updated = await call(t.base, 'POST', path(user), {
      headers: { ...adminAuth(), ...XML_TYPE },
      contentType: 'application/xml',
      body: `<authenticationVO><identityKey>${user.key}</identityKey><provider>LDAP</provider><authUsername>${renamed}</authUsername><credential>new</credential><externalId>X2</externalId></authenticationVO>`,
    });
    expect(updated.status).toBe(200);
    expect(updated.text).toContain(
      `<authenticationVO><key>${created.json.key}</key><identityKey>${user.key}</identityKey><provider>LDAP</provider><authUsername>${renamed}</authUsername><externalId>X2</externalId></authenticationVO>`,
    );
    expect((await storedRow(created.json.key)).credential).toBeNull();
    expect((await list(user)).json.filter((a: { provider: string }) => a.provider === 'LDAP')).toHaveLength(1);
  });

  it('stores an OLAT password as a bcrypt hash, never plain, and the user can log in with it', async () => {
    const login = uniqueLogin();
    const created = await call(t.base, 'PUT', '/restapi/users', {
      headers: asAdmin,
      body: { login, firstName: 'No', lastName: 'Password', email: `${login}@example.org` },
    });
    const user = { key: created.json.key as number, login, password: 'first-password', auth: basic(login, 'first-password') };
    expect((await me(user.auth)).status).toBe(401);
    const reply = await save(user, { identityKey: user.key, provider: 'OLAT', authUsername: login, credential: user.password });
    expect(reply.status).toBe(200);
    expect(reply.json.credential).toBeNull();
    const row = await storedRow(reply.json.key);
    expect(row.credential).toMatch(/^\$2[ab]\$/);
    expect(row.credential).not.toContain(user.password);
    expect((await me(user.auth)).status).toBe(200);
  });

  it('refuses an OLAT password the policy does not accept (406 list)', async () => {
    const login = uniqueLogin();
    const created = await call(t.base, 'PUT', '/restapi/users', {
      headers: asAdmin,
      body: { login, firstName: 'A', lastName: 'B', email: `${login}@example.org` },
    });
    const reply = await call(t.base, 'PUT', `/restapi/users/${created.json.key}/authentications`, {
      headers: asAdmin,
      body: { identityKey: created.json.key, provider: 'OLAT', authUsername: login, credential: 'abc' },
    });
    expect(reply.status).toBe(406);
    expect(reply.json).toEqual([{ code: 'org.olat.user:error.password.invalid', translation: expect.any(String) }]);
  });

  it('answers 409 with a single ErrorVO "unkown:409" for a foreign identityKey, a taken authUsername, a key of another provider and REST tokens', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    const shib = uniqueLogin('shib');
    await save(other, { identityKey: other.key, provider: 'Shib', authUsername: shib });

    const foreign = await save(user, { identityKey: other.key, provider: 'Shib', authUsername: uniqueLogin() });
    expect(foreign.status).toBe(409);
    expect(foreign.json).toEqual({ code: 'unkown:409', translation: expect.any(String) });

    const taken = await save(user, { identityKey: user.key, provider: 'Shib', authUsername: shib });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe('unkown:409');

    const olatKey = (await list(user)).json[0].key;
    const wrongProvider = await save(user, { key: olatKey, identityKey: user.key, provider: 'Shib', authUsername: uniqueLogin() });
    expect(wrongProvider.status).toBe(409);

    const token = await call(t.base, 'PUT', path(user), {
      headers: { ...adminAuth(), ...XML_TYPE },
      contentType: 'application/xml',
      body: `<authenticationVO><identityKey>${user.key}</identityKey><provider>REST</provider><authUsername>x</authUsername><credential>my-token</credential></authenticationVO>`,
    });
    expect(token.status).toBe(409);
    expect(token.text).toMatch(/^<\?xml[^>]*\?><errorVO><code>unkown:409<\/code><translation>[^<]+<\/translation><\/errorVO>$/);

    const gql = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($k: Long!, $a: AuthenticationVOInput!) {
          saveUserAuthentication(identityKey: $k, authentication: $a) {
            key
          }
        }
      `,
      {
        k: user.key,
        a: { identityKey: user.key, provider: 'Shib', authUsername: shib },
      },
    );
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'CONFLICT', errors: [{ code: 'unkown:409' }] });
  });

  it('answers 404 for an unknown identity and for an unknown authentication key', async () => {
    const unknown = await call(t.base, 'PUT', '/restapi/users/987654/authentications', {
      headers: asAdmin,
      body: { identityKey: 987654, provider: 'LDAP', authUsername: 'x' },
    });
    expect(unknown.status).toBe(404);
    const user = await buildUser(t);
    expect((await save(user, { key: 987654, identityKey: user.key, provider: 'LDAP', authUsername: 'x' })).status).toBe(404);
  });
});

describe('API keys', () => {
  it('are created by a manager through REST: client id and secret shown once, only a hash stored, usable as basic auth', async () => {
    const manager = await buildUser(t, { userManager: true });
    const user = await buildUser(t);
    const reply = await save(
      user,
      { identityKey: user.key, provider: 'API-Key', authUsername: 'chosen-by-client', credential: 'chosen-secret', externalId: 'erp' },
      { ...manager.auth, ...JSON_TYPE },
    );
    expect(reply.status).toBe(200);
    const { key, authUsername: clientId, credential: secret } = reply.json;
    expect(reply.json).toMatchObject({ identityKey: user.key, provider: 'API-Key', externalId: 'erp' });
    expect(clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{48}$/);

    const row = await storedRow(key);
    expect(row.credential).toBe(`sha256:${createHash('sha256').update(secret).digest('hex')}`);
    expect(JSON.stringify(row)).not.toContain(secret);

    const listed = await list(user);
    expect(listed.json).toContainEqual({ key, identityKey: user.key, provider: 'API-Key', authUsername: clientId, credential: null, externalId: 'erp' });
    expect(listed.text).not.toContain(secret);
    const listedXml = await list(user, { ...adminAuth(), ...XML_TYPE });
    expect(listedXml.text).toContain(`<authUsername>${clientId}</authUsername>`);
    expect(listedXml.text).not.toContain(secret);

    const asKey = await me(basic(clientId, secret));
    expect(asKey.status).toBe(200);
    expect(asKey.json.login).toBe(user.login);
    const used = (await graphql(t.base, adminAuth(), LIST, { k: user.key })).body.data.userAuthentications.find((a: { key: number }) => a.key === key);
    expect(used).toMatchObject({ credential: null, lastUsage: expect.any(Number), creationDate: expect.any(Number) });
  });

  it('are created in XML with the secret in the answer', async () => {
    const user = await buildUser(t);
    const reply = await call(t.base, 'PUT', path(user), {
      headers: { ...adminAuth(), ...XML_TYPE },
      contentType: 'application/xml',
      body: `<authenticationVO><identityKey>${user.key}</identityKey><provider>API-Key</provider></authenticationVO>`,
    });
    expect(reply.status).toBe(200);
    const [, clientId, secret] = reply.text.match(/<authUsername>([^<]+)<\/authUsername><credential>([^<]+)<\/credential>/)!;
    expect((await me(basic(clientId, secret))).status).toBe(200);
  });

  it('are created through GraphQL createApiKey; each call makes a new key', async () => {
    const user = await buildUser(t);
    const first = await graphql(t.base, adminAuth(), CREATE_KEY, { k: user.key, e: 'tool' });
    const second = await graphql(t.base, adminAuth(), CREATE_KEY, { k: user.key });
    expect(first.body.errors).toBeUndefined();
    const key = first.body.data.createApiKey;
    expect(key).toMatchObject({
      identityKey: user.key,
      externalId: 'tool',
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{48}$/),
      creationDate: expect.any(Number),
    });
    expect(second.body.data.createApiKey.clientId).not.toBe(key.clientId);
    expect((await me(basic(key.clientId, key.secret))).status).toBe(200);
    const listed = await graphql(t.base, adminAuth(), LIST, { k: user.key });
    expect(JSON.stringify(listed.body)).not.toContain(key.secret);
    expect(listed.body.data.userAuthentications.filter((a: { provider: string }) => a.provider === 'API-Key')).toHaveLength(2);
  });

  it('named by key, keep their client id and secret while their externalId changes', async () => {
    const user = await buildUser(t);
    const { json: key } = await save(user, { identityKey: user.key, provider: 'API-Key', externalId: 'before' });
    const updated = await save(
      user,
      { key: key.key, identityKey: user.key, provider: 'API-Key', authUsername: 'other-id', externalId: 'after' },
      asAdmin,
      'POST',
    );
    expect(updated.json).toEqual({
      key: key.key,
      identityKey: user.key,
      provider: 'API-Key',
      authUsername: key.authUsername,
      credential: null,
      externalId: 'after',
    });
    expect((await me(basic(key.authUsername, key.credential))).status).toBe(200);
  });

  it('are revoked by DELETE: the key, and the session and token it opened, stop working', async () => {
    const user = await buildUser(t);
    const { json: key } = await save(user, { identityKey: user.key, provider: 'API-Key' });
    const opened = await me(basic(key.authUsername, key.credential));
    const cookie = { Cookie: cookieOf(opened) };
    const token = { 'X-SERVICE-TOKEN': opened.headers.get('x-service-token')! };
    expect((await me(cookie)).status).toBe(200);

    expect((await call(t.base, 'DELETE', path(user, `/${key.key}`), { headers: asAdmin })).status).toBe(200);
    expect((await me(basic(key.authUsername, key.credential))).status).toBe(401);
    expect((await me(cookie)).status).toBe(401);
    expect((await me(token)).status).toBe(401);
    expect((await me(user.auth)).status).toBe(200);
    expect((await call(t.base, 'DELETE', path(user, `/${key.key}`), { headers: asAdmin })).status).toBe(404);
  });

  it('of one person cannot be deleted through another person', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    const { json: key } = await save(user, { identityKey: user.key, provider: 'API-Key' });
    expect((await call(t.base, 'DELETE', path(other, `/${key.key}`), { headers: asAdmin })).status).toBe(404);
    const gql = await graphql(
      t.base,
      adminAuth(),
      `
        mutation ($k: Long!, $a: Long!) {
          deleteUserAuthentication(identityKey: $k, authKey: $a)
        }
      `,
      { k: other.key, a: key.key },
    );
    expect(gql.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await me(basic(key.authUsername, key.credential))).status).toBe(200);
  });
});

describe('deleting the password and changing it end sessions and tokens', () => {
  it('DELETE of the OLAT authentication', async () => {
    const user = await buildUser(t);
    const { cookie, token } = await loginOf(user);
    const olat = (await list(user)).json.find((a: { provider: string }) => a.provider === 'OLAT');
    expect((await call(t.base, 'DELETE', path(user, `/${olat.key}`), { headers: asAdmin })).status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
    expect((await me(token)).status).toBe(401);
    expect((await me(user.auth)).status).toBe(401);
  });

  it('POST /password with a form: 200, old password, session, token and cached credential stop working', async () => {
    const user = await buildUser(t);
    const { cookie, token } = await loginOf(user);
    expect((await me(user.auth)).status).toBe(200); // the credential is now cached
    const reply = await call(t.base, 'POST', path(user, '/password'), {
      headers: adminAuth(),
      contentType: 'application/x-www-form-urlencoded',
      body: 'newPassword=a+new+p%26ssword',
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    expect((await me(user.auth)).status).toBe(401);
    expect((await me(cookie)).status).toBe(401);
    expect((await me(token)).status).toBe(401);
    expect((await me(basic(user.login, 'a new p&ssword'))).status).toBe(200);
  });

  it('POST /password with a password the policy refuses: 304, nothing changes', async () => {
    const user = await buildUser(t);
    const { cookie } = await loginOf(user);
    const reply = await call(t.base, 'POST', path(user, '/password'), {
      headers: adminAuth(),
      contentType: 'application/x-www-form-urlencoded',
      body: 'newPassword=abc',
    });
    expect(reply.status).toBe(304);
    expect((await me(cookie)).status).toBe(200);
    expect((await me(user.auth)).status).toBe(200);
  });

  it('POST /password takes JSON and XML too, and GraphQL changeUserPassword', async () => {
    const user = await buildUser(t);
    const json = await call(t.base, 'POST', path(user, '/password'), { headers: asAdmin, body: { newPassword: 'json-password' } });
    expect(json.status).toBe(200);
    expect((await me(basic(user.login, 'json-password'))).status).toBe(200);
    const xml = await call(t.base, 'POST', path(user, '/password'), {
      headers: adminAuth(),
      contentType: 'application/xml',
      body: '<passwordChange><newPassword>xml-password</newPassword></passwordChange>',
    });
    expect(xml.status).toBe(200);
    expect((await me(basic(user.login, 'xml-password'))).status).toBe(200);
    const CHANGE = `mutation($k: Long!, $p: String!) { changeUserPassword(identityKey: $k, password: { newPassword: $p }) }`;
    const session = await loginOf({ ...user, auth: basic(user.login, 'xml-password') });
    expect((await graphql(t.base, adminAuth(), CHANGE, { k: user.key, p: 'gql' })).body.data.changeUserPassword).toBe(false);
    expect((await graphql(t.base, adminAuth(), CHANGE, { k: user.key, p: 'graphql-password' })).body.data.changeUserPassword).toBe(true);
    expect((await me(session.cookie)).status).toBe(401);
    expect((await me(basic(user.login, 'graphql-password'))).status).toBe(200);
  });

  it('sets a password for a user who has none', async () => {
    const login = uniqueLogin();
    const created = await call(t.base, 'PUT', '/restapi/users', {
      headers: asAdmin,
      body: { login, firstName: 'A', lastName: 'B', email: `${login}@example.org` },
    });
    const reply = await call(t.base, 'POST', `/restapi/users/${created.json.key}/authentications/password`, {
      headers: adminAuth(),
      contentType: 'application/x-www-form-urlencoded',
      body: 'newPassword=fresh-password',
    });
    expect(reply.status).toBe(200);
    expect((await me(basic(login, 'fresh-password'))).status).toBe(200);
  });

  it('takes forms only where the route does (415 elsewhere), ignores form fields it does not read, refuses a form without newPassword (400)', async () => {
    const user = await buildUser(t);
    const form = { headers: adminAuth(), contentType: 'application/x-www-form-urlencoded' };
    expect((await call(t.base, 'POST', `/restapi/users/${user.key}/preferences`, { ...form, body: 'language=de' })).status).toBe(415);
    expect((await call(t.base, 'POST', path(user, '/password'), { ...form, body: 'newPassword=other-fresh-password&other=1' })).status).toBe(200);
    expect((await call(t.base, 'POST', path(user, '/password'), { ...form, body: 'nothing=1' })).status).toBe(400);
    expect((await call(t.base, 'POST', path(user, '/password'), { ...form, body: '' })).status).toBe(400);
  });
});

describe('self-service API keys', () => {
  const KEY_BODY = (user: TestUser) => ({ identityKey: user.key, provider: 'API-Key' });

  async function setSelfService(enabled: boolean, probe: TestUser) {
    await writeSetting(t.service.orm.em.fork(), 'userApiKeyGeneration', String(enabled));
    // The service reloads its settings on NOTIFY: wait until a self-service request sees the change.
    const until = Date.now() + 8000;
    for (;;) {
      const reply = await graphql(t.base, probe.auth, CREATE_KEY, { k: probe.key });
      if (!reply.body.errors === enabled) return;
      if (Date.now() > until) throw new Error('setting not seen in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("are refused (403) while the setting is off; listing and deleting one's own keys are allowed", async () => {
    const user = await buildUser(t);
    const refused = await save(user, KEY_BODY(user), { ...user.auth, ...JSON_TYPE });
    expect(refused.status).toBe(403);
    const gql = await graphql(t.base, user.auth, CREATE_KEY, { k: user.key });
    expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');

    const { json: given } = await save(user, KEY_BODY(user));
    const own = await list(user, { ...user.auth, ...JSON_TYPE });
    expect(own.status).toBe(200);
    expect(own.json).toEqual([
      { key: given.key, identityKey: user.key, provider: 'API-Key', authUsername: given.authUsername, credential: null, externalId: null },
    ]);
    const olat = (await list(user)).json.find((a: { provider: string }) => a.provider === 'OLAT');
    expect((await call(t.base, 'DELETE', path(user, `/${olat.key}`), { headers: user.auth })).status).toBe(403);
    expect((await save(user, { identityKey: user.key, provider: 'LDAP', authUsername: uniqueLogin() }, { ...user.auth, ...JSON_TYPE })).status).toBe(403);
    expect((await call(t.base, 'POST', path(user, '/password'), { headers: user.auth, body: { newPassword: 'mine-now' } })).status).toBe(403);
    expect((await call(t.base, 'DELETE', path(user, `/${given.key}`), { headers: user.auth })).status).toBe(200);
    expect((await me(basic(given.authUsername, given.credential))).status).toBe(401);
  });

  it('are allowed while the setting is on, for oneself only and not with an API key', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    await setSelfService(true, user);
    try {
      const reply = await save(user, KEY_BODY(user), { ...user.auth, ...XML_TYPE });
      expect(reply.status).toBe(200);
      const [, clientId, secret] = reply.text.match(/<authUsername>([^<]+)<\/authUsername><credential>([^<]+)<\/credential>/)!;
      expect((await me(basic(clientId, secret))).status).toBe(200);

      const gql = await graphql(t.base, user.auth, CREATE_KEY, { k: user.key });
      expect(gql.body.data.createApiKey.secret).toMatch(/^[A-Za-z0-9_-]{48}$/);

      expect((await save(other, KEY_BODY(other), { ...user.auth, ...JSON_TYPE })).status).toBe(403);
      expect((await graphql(t.base, user.auth, CREATE_KEY, { k: other.key })).body.errors[0].extensions.code).toBe('FORBIDDEN');

      const withKey = basic(clientId, secret);
      expect((await save(user, KEY_BODY(user), { ...withKey, ...JSON_TYPE })).status).toBe(403);
      expect((await graphql(t.base, withKey, CREATE_KEY, { k: user.key })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    } finally {
      await setSelfService(false, user);
    }
  });
});
