import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { traceStatements } from '../scripts/trace-statements';
import { createApiKey, type IssuedApiKey } from '../src/auth/api-keys';
import { type TestUser, buildGroup, buildUser } from './factories';
import { JSON_TYPE, basic, call, cookieOf, graphql, type Headers } from './support/http';
import { startTestService, type TestService, adminAuth } from './support/service';

let a: TestService;
let b: TestService;
beforeAll(async () => {
  a = await startTestService({ loginThrottle: { perLogin: 3, perAddress: 1000, windowSeconds: 2 } });
  b = await startTestService({}, a.databaseUrl.split('/').pop());
});
afterAll(async () => {
  await b.stop();
  await a.stop();
});

const keyFor = (user: TestUser): Promise<IssuedApiKey> => createApiKey(a.service.orm.em.fork(), user.key);
const keyAuth = (key: IssuedApiKey): Headers => basic(key.clientId, key.secret);
const me = (base: string, headers: Headers) => call(base, 'GET', '/restapi/users/me', { headers: { ...headers, ...JSON_TYPE } });

const SETTINGS = `mutation($s: SettingsInput!) { updateSettings(settings: $s) { restEnabled apiAccess } }`;
const setSettings = async (settings: Record<string, unknown>) => {
  const reply = await graphql(a.base, adminAuth(), SETTINGS, { s: settings });
  expect(reply.body.errors).toBeUndefined();
};

/** Waits until a condition on a service holds (settings travel by NOTIFY, within a moment). */
async function eventually(check: () => Promise<boolean>, ms = 8000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('API keys', () => {
  it('authenticate as basic client id and secret, and as a bearer credential, with token and cookie', async () => {
    const user = await buildUser(a);
    const key = await keyFor(user);
    const viaBasic = await me(a.base, keyAuth(key));
    expect(viaBasic.status).toBe(200);
    expect(viaBasic.json.login).toBe(user.login);
    expect(viaBasic.headers.get('x-service-token')).toMatch(/^[0-9a-f-]{36}$/);
    expect(viaBasic.headers.get('set-cookie')).toMatch(/^JSESSIONID=/);
    expect((await me(a.base, { Authorization: `Bearer ${key.clientId}:${key.secret}` })).status).toBe(200);
    expect((await me(a.base, basic(key.clientId, `${key.secret}x`))).status).toBe(401);
  });

  it('are stored only as a hash', async () => {
    const user = await buildUser(a);
    const key = await keyFor(user);
    const db = new Client({ connectionString: a.databaseUrl });
    await db.connect();
    const { rows } = await db.query(`select credential from authentication where auth_username = $1`, [key.clientId]);
    await db.end();
    expect(rows[0].credential).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(key.secret);
  });

  it('cannot log in through /auth/{username}?password=', async () => {
    const user = await buildUser(a);
    const key = await keyFor(user);
    expect((await call(a.base, 'GET', `/restapi/auth/${key.clientId}?password=${key.secret}`)).status).toBe(401);
    expect((await call(a.base, 'GET', `/restapi/auth/${user.login}?password=${key.secret}`)).status).toBe(401);
  });

  it('never grant more than their owner has, on REST and GraphQL', async () => {
    const user = await buildUser(a);
    const key = await keyFor(user);
    expect((await call(a.base, 'GET', '/restapi/users', { headers: keyAuth(key) })).status).toBe(403);
    const gql = await graphql(a.base, keyAuth(key), '{ users { login } }');
    expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const manager = await buildUser(a, { userManager: true });
    const managerKey = await keyFor(manager);
    expect((await call(a.base, 'GET', '/restapi/users', { headers: keyAuth(managerKey) })).status).toBe(200);
  });

  it('stop working at once on every instance when the key or its owner is deleted', async () => {
    const user = await buildUser(a);
    const key = await keyFor(user);
    const other = await keyFor(user);
    expect((await me(b.base, keyAuth(key))).status).toBe(200);
    const db = new Client({ connectionString: a.databaseUrl });
    await db.connect();
    await db.query('delete from authentication where id = $1', [key.key]);
    await db.end();
    expect((await me(b.base, keyAuth(key))).status).toBe(401);
    expect((await me(a.base, keyAuth(key))).status).toBe(401);

    expect((await me(b.base, keyAuth(other))).status).toBe(200);
    expect((await call(a.base, 'DELETE', `/restapi/users/${user.key}`, { headers: adminAuth() })).status).toBe(200);
    expect((await me(b.base, keyAuth(other))).status).toBe(401);
    expect((await me(a.base, keyAuth(other))).status).toBe(401);
  });
});

describe('admin switches', () => {
  afterEach(async () => {
    await setSettings({ restEnabled: true, apiAccess: 'all' });
    for (const service of [a, b]) await eventually(async () => (await me(service.base, adminAuth())).status === 200);
  });

  it('REST off answers 403 outside the always-enabled paths, on every instance; GraphQL stays usable; on again restores', async () => {
    await setSettings({ restEnabled: false });
    await eventually(async () => (await me(b.base, adminAuth())).status === 403);
    await eventually(async () => (await me(a.base, adminAuth())).status === 403);
    expect((await call(b.base, 'GET', '/restapi/ping')).status).toBe(200);
    expect((await call(b.base, 'GET', '/restapi/api/version')).status).toBe(200);
    expect((await call(b.base, 'GET', '/restapi/auth/version')).status).toBe(403);
    const gql = await graphql(b.base, adminAuth(), '{ settings { restEnabled } }');
    expect(gql.body.data.settings.restEnabled).toBe(false);
    await setSettings({ restEnabled: true });
    await eventually(async () => (await me(b.base, adminAuth())).status === 200);
  });

  it('the command-line tool switches REST off for running instances, lists the values, and returns a setting to its default', async () => {
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['-r', '@swc-node/register', 'src/cli/main.ts', 'settings', ...args], {
        cwd: path.join(__dirname, '..'),
        env: { ...process.env, DATABASE_URL: a.databaseUrl },
      });
    await cli('set', 'restEnabled', 'false');
    await eventually(async () => (await me(a.base, adminAuth())).status === 403);
    await eventually(async () => (await me(b.base, adminAuth())).status === 403);
    const listed = (await cli('list')).stdout;
    expect(listed).toContain('restEnabled = false\n');
    expect(listed).toContain('userApiKeyGeneration = false (default)');
    expect((await cli('reset', 'restEnabled')).stdout).toBe('restEnabled = true (default; every running instance applies it within seconds)\n');
    await eventually(async () => (await me(a.base, adminAuth())).status === 200);
    await eventually(async () => (await me(b.base, adminAuth())).status === 200);
    expect((await cli('list')).stdout).toContain('restEnabled = true (default)');
  }, 60_000);

  it('"API access: only with API key" refuses password logins and what they opened, with each credential type', async () => {
    const user = await buildUser(a);
    const key = await keyFor(user);
    const password = await me(a.base, user.auth);
    const passwordToken = password.headers.get('x-service-token')!;
    const passwordCookie = cookieOf(password);
    const viaKey = await me(a.base, keyAuth(key));
    const keyToken = viaKey.headers.get('x-service-token')!;
    const keyCookie = cookieOf(viaKey);

    await setSettings({ apiAccess: 'apikey' });
    for (const service of [a, b]) await eventually(async () => (await me(service.base, user.auth)).status === 401);
    for (const base of [a.base, b.base]) {
      expect((await me(base, user.auth)).status).toBe(401);
      expect((await me(base, { 'X-SERVICE-TOKEN': passwordToken })).status).toBe(401);
      expect((await me(base, { Cookie: passwordCookie })).status).toBe(401);
      expect((await call(base, 'GET', `/restapi/auth/${user.login}?password=${user.password}`)).status).toBe(401);
      expect((await me(base, keyAuth(key))).status).toBe(200);
    }
    // the key's basic logins above replaced the token; a token and a cookie opened by the key work
    const fresh = await me(a.base, keyAuth(key));
    expect((await me(b.base, { 'X-SERVICE-TOKEN': fresh.headers.get('x-service-token')! })).status).toBe(200);
    expect((await me(b.base, { Cookie: keyCookie })).status).toBe(200);
    expect(keyToken).toMatch(/^[0-9a-f-]{36}$/);
    // GraphQL is not the REST interface: internal tools keep password logins
    expect((await graphql(a.base, user.auth, '{ me { login } }')).body.data.me.login).toBe(user.login);
  });
});

describe('failed-login throttling', () => {
  it('answers 429 with Retry-After for a login after repeated failures, without slowing others, and recovers', async () => {
    const victim = await buildUser(a);
    const bystander = await buildUser(a);
    for (let i = 0; i < 3; i++) expect((await me(a.base, basic(victim.login, 'wrong'))).status).toBe(401);
    const blocked = await me(a.base, victim.auth);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(blocked.json).toEqual({ code: 429, message: expect.stringMatching(/^Too many requests, retry after \d+ seconds$/) });
    expect((await call(a.base, 'GET', `/restapi/auth/${victim.login}?password=${victim.password}`)).status).toBe(429);
    expect((await me(a.base, bystander.auth)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await me(a.base, victim.auth)).status).toBe(200);
  });

  it('counts failed API-key and /auth attempts too', async () => {
    const user = await buildUser(a);
    const key = await keyFor(user);
    for (let i = 0; i < 3; i++) expect((await me(a.base, basic(key.clientId, 'wrong'))).status).toBe(401);
    expect((await me(a.base, keyAuth(key))).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await call(a.base, 'GET', `/restapi/auth/${user.login}?password=wrong`)).status).toBe(401);
    expect((await call(a.base, 'GET', `/restapi/auth/${user.login}?password=${user.password}`)).status).toBe(429);
  });
});

describe('audit log', () => {
  const AUDIT = `query($f: AuditLogFilter) { auditLog(filter: $f) { identityKey identityLogin apiKeyId transport operation objectType objectKey changes at } }`;

  it('records every write with who, how, what, which object and the fields, secrets masked', async () => {
    const manager = await buildUser(a, { userManager: true, groupManager: true });
    const key = await keyFor(manager);
    const created = await call(a.base, 'PUT', '/restapi/users', {
      headers: { ...keyAuth(key), ...JSON_TYPE },
      body: { login: `audited-${manager.key}`, password: 'very-secret-pw', firstName: 'A', lastName: 'B', email: `audited-${manager.key}@example.org` },
    });
    expect(created.status).toBe(200);
    const group = await buildGroup(a);
    await graphql(
      a.base,
      manager.auth,
      `
        mutation ($g: Long!, $u: Long!) {
          addGroupParticipant(groupKey: $g, identityKey: $u)
        }
      `,
      { g: group, u: created.json.key },
    );

    const rows = (await graphql(a.base, adminAuth(), AUDIT, { f: { identityKey: manager.key } })).body.data.auditLog;
    const create = rows.find((row: { operation: string }) => row.operation === 'createUser');
    expect(create).toMatchObject({
      identityLogin: manager.login,
      apiKeyId: key.key,
      transport: 'rest',
      objectType: 'user',
      objectKey: String(created.json.key),
    });
    expect(JSON.parse(create.changes).user).toMatchObject({ login: `audited-${manager.key}`, password: '***' });
    expect(create.changes).not.toContain('very-secret-pw');
    const add = rows.find((row: { operation: string }) => row.operation === 'addGroupParticipant');
    expect(add).toMatchObject({ transport: 'graphql', objectType: 'group', objectKey: String(group), apiKeyId: null });
    expect(typeof add.at).toBe('number');
  });

  it('records each kind of write: create, update, delete and membership, through REST and GraphQL', async () => {
    const group = (await call(a.base, 'PUT', '/restapi/groups', { headers: { ...adminAuth(), ...JSON_TYPE }, body: { name: 'Audited' } })).json.key as number;
    const user = await buildUser(a);
    await call(a.base, 'POST', `/restapi/groups/${group}`, { headers: { ...adminAuth(), ...JSON_TYPE }, body: { name: 'Renamed' } });
    await graphql(
      a.base,
      adminAuth(),
      `
        mutation ($g: Long!, $u: Long!) {
          addGroupOwner(groupKey: $g, identityKey: $u)
        }
      `,
      { g: group, u: user.key },
    );
    await call(a.base, 'DELETE', `/restapi/groups/${group}/owners/${user.key}`, { headers: adminAuth() });
    await graphql(
      a.base,
      adminAuth(),
      `
        mutation ($g: Long!) {
          deleteGroup(groupKey: $g)
        }
      `,
      { g: group },
    );
    const rows = (await graphql(a.base, adminAuth(), AUDIT, { f: { objectType: 'group', objectKey: String(group) } })).body.data.auditLog;
    expect(rows.map((row: { operation: string; transport: string }) => `${row.transport} ${row.operation}`)).toEqual([
      'graphql deleteGroup',
      'rest removeGroupOwner',
      'graphql addGroupOwner',
      'rest updateGroup',
      'rest createGroup',
    ]);
  });

  it('writes the audit row in the transaction of the write, before its commit', async () => {
    const manager = await buildUser(a, { userManager: true });
    const login = `atomic-${manager.key}`;
    const statements = (
      await traceStatements(() =>
        call(a.base, 'PUT', '/restapi/users', {
          headers: { ...manager.auth, ...JSON_TYPE },
          body: { login, firstName: 'A', lastName: 'B', email: `${login}@example.org` },
        }),
      )
    ).map(({ text }) => text.trim().replace(/;$/, '').split(/\s+/).slice(0, 3).join(' ').toLowerCase());
    const audit = statements.findIndex((text) => text.startsWith('insert into audit_log'));
    expect(statements.indexOf('begin')).toBeGreaterThanOrEqual(0);
    expect(audit).toBeGreaterThan(statements.indexOf('begin'));
    expect(statements.slice(audit + 1)).toEqual(['commit']);
  });

  it('records settings changes and is readable by administrators only', async () => {
    await setSettings({ apiAccess: 'all' });
    const rows = (await graphql(a.base, adminAuth(), AUDIT, { f: { operation: 'updateSettings' } })).body.data.auditLog;
    expect(rows.length).toBeGreaterThan(0);
    const plain = await buildUser(a);
    expect((await graphql(a.base, plain.auth, AUDIT)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await graphql(a.base, plain.auth, SETTINGS, { s: { restEnabled: false } })).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('logout', () => {
  it('ends the session on every instance', async () => {
    const user = await buildUser(a);
    const cookie = cookieOf(await me(a.base, user.auth));
    expect((await me(b.base, { Cookie: cookie })).status).toBe(200);
    const out = await graphql(a.base, { Cookie: cookie }, 'mutation { logout }');
    expect(out.body.data.logout).toBe(true);
    expect((await me(b.base, { Cookie: cookie })).status).toBe(401);
  });
});
