import { Client } from 'pg';
import { hashPassword } from '../src/auth/passwords';
import { buildUser } from './factories';
import { JSON_TYPE, basic, call, cookieOf, graphql } from './support/http';
import { startTestService, type TestService } from './support/service';

let t: TestService;
let second: TestService;
beforeAll(async () => {
  t = await startTestService();
  second = await startTestService({}, t.databaseUrl.split('/').pop());
});
afterAll(async () => {
  await second.stop();
  await t.stop();
});

describe('open paths', () => {
  it.each([
    ['/restapi/ping', 'Ping'],
    ['/restapi/api/version', '1.0'],
    ['/restapi/auth/version', '1.0'],
    ['/restapi/ping/version', '1.0'],
  ])('%s answers %s without credentials', async (path, text) => {
    const reply = await call(t.base, 'GET', path);
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(text);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('POST /ping/{name} echoes the name', async () => {
    expect((await call(t.base, 'POST', '/restapi/ping/olat')).text).toBe('Ping olat');
  });
});

describe('/auth/{username}', () => {
  it('answers 400 without password or token, 401 for a wrong password', async () => {
    const user = await buildUser(t);
    expect((await call(t.base, 'GET', `/restapi/auth/${user.login}`)).status).toBe(400);
    expect((await call(t.base, 'GET', `/restapi/auth/${user.login}?password=wrong`)).status).toBe(401);
  });

  it('takes a blank password or token as absent and the first of repeated values, as OpenOLAT (containsNonWhitespace, JAX-RS String)', async () => {
    const user = await buildUser(t);
    for (const query of ['password=', 'password=%20%20', 'x-service-token=', 'x-olat-token=%20', 'password=&x-service-token='])
      expect([query, (await call(t.base, 'GET', `/restapi/auth/${user.login}?${query}`)).status]).toEqual([query, 400]);
    const token = (await call(t.base, 'GET', `/restapi/auth/${user.login}?password=${user.password}`)).headers.get('x-service-token')!;
    const blankPassword = await call(t.base, 'GET', `/restapi/auth/${user.login}?password=%20&x-service-token=${token}`);
    expect(blankPassword.status).toBe(200);
    expect(blankPassword.headers.get('x-service-token')).toBe(token);
    const repeated = await call(t.base, 'GET', `/restapi/auth/${user.login}?password=${user.password}&password=wrong`);
    expect(repeated.status).toBe(200);
    expect(repeated.text).toBe(`<hello identityKey="${user.key}">Hello ${user.login}</hello>`);
    expect((await call(t.base, 'GET', `/restapi/auth/${user.login}?password=wrong&password=${user.password}`)).status).toBe(401);
  });

  it('issues a new token per login, which replaces the old one; the token form returns the same token', async () => {
    const user = await buildUser(t);
    const first = (await call(t.base, 'GET', `/restapi/auth/${user.login}?password=${user.password}`)).headers.get('x-service-token')!;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    const again = await call(t.base, 'GET', `/restapi/auth/${user.login}?x-service-token=${first}`);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-service-token')).toBe(first);
    const second = (await call(t.base, 'GET', `/restapi/auth/${user.login}?password=${user.password}`)).headers.get('x-service-token')!;
    expect(second).not.toBe(first);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': first } })).status).toBe(401);
    const current = await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': second } });
    expect(current.status).toBe(200);
    expect(current.headers.get('x-service-token')).toBe(second);
    expect(current.headers.get('set-cookie')).toBeNull();
  });

  it("answers exactly OpenOLAT's hello body, the token header and a session cookie, by password and by x-olat-token", async () => {
    const user = await buildUser(t);
    const byPassword = await call(t.base, 'GET', `/restapi/auth/${user.login}?password=${user.password}`);
    expect(byPassword.text).toBe(`<hello identityKey="${user.key}">Hello ${user.login}</hello>`);
    expect(byPassword.headers.get('content-type')).toMatch(/^application\/xml/);
    const token = byPassword.headers.get('x-service-token')!;
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { Cookie: cookieOf(byPassword) } })).status).toBe(200);
    const byToken = await call(t.base, 'GET', `/restapi/auth/${user.login}?x-olat-token=${token}`);
    expect(byToken.text).toBe(`<hello identityKey="${user.key}">Hello ${user.login}</hello>`);
    expect(byToken.headers.get('x-service-token')).toBe(token);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { Cookie: cookieOf(byToken) } })).status).toBe(200);
  });

  it('rejects malformed tokens with 401', async () => {
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': 'x'.repeat(41) } })).status).toBe(401);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': "' or 1=1 --" } })).status).toBe(401);
  });
});

describe('basic auth and sessions', () => {
  it('returns a token and an HttpOnly SameSite session cookie; the cookie alone authenticates', async () => {
    const user = await buildUser(t);
    const reply = await call(t.base, 'GET', '/restapi/users/me', { headers: user.auth });
    expect(reply.headers.get('x-service-token')).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.headers.get('set-cookie')).toMatch(/JSESSIONID=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    const viaCookie = await call(t.base, 'GET', '/restapi/users/me', { headers: { Cookie: cookieOf(reply), ...JSON_TYPE } });
    expect(viaCookie.json.login).toBe(user.login);
  });

  it('concurrent first requests with one credential all succeed and get one token that works', async () => {
    const user = await buildUser(t);
    const replies = await Promise.all(Array.from({ length: 20 }, () => call(t.base, 'GET', '/restapi/users/me', { headers: user.auth })));
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(200));
    const tokens = new Set(replies.map((reply) => reply.headers.get('x-service-token')));
    expect(tokens.size).toBe(1);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': [...tokens][0]! } })).status).toBe(200);
  });

  it('sessions and tokens are accepted by another instance on the same database', async () => {
    const user = await buildUser(t);
    const reply = await call(t.base, 'GET', '/restapi/users/me', { headers: user.auth });
    expect((await call(second.base, 'GET', '/restapi/users/me', { headers: { Cookie: cookieOf(reply) } })).status).toBe(200);
    const token = reply.headers.get('x-service-token')!;
    expect((await call(second.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': token } })).status).toBe(200);
    const gql = await graphql(second.base, { Cookie: cookieOf(reply) }, '{ me { login } }');
    expect(gql.body.data.me.login).toBe(user.login);
  });

  it('a link token authenticates and opens a session', async () => {
    const user = await buildUser(t);
    const token = (await call(t.base, 'GET', `/restapi/auth/${user.login}?password=${user.password}`)).headers.get('x-service-token')!;
    const followed = await call(t.base, 'GET', `/restapi/users/me?X-SERVICE-TOKEN=${token}`, { headers: JSON_TYPE });
    expect(followed.json.login).toBe(user.login);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { Cookie: cookieOf(followed) } })).status).toBe(200);
  });

  it('forgets a cached basic credential once the password changes, also when changed elsewhere', async () => {
    const user = await buildUser(t);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: user.auth })).status).toBe(200);
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    await db.query(`update authentication set credential = $1 where identity_id = $2 and provider = 'OLAT'`, [await hashPassword('changed'), user.key]);
    await db.end();
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: user.auth })).status).toBe(401);
    expect((await call(t.base, 'GET', '/restapi/users/me', { headers: basic(user.login, 'changed') })).status).toBe(200);
  });

  it('answers 401 with a Basic challenge for missing or wrong credentials, on GraphQL too', async () => {
    const reply = await call(t.base, 'GET', '/restapi/users/me');
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toBe('Basic realm="Remote Management REST API"');
    expect((await graphql(t.base, basic('nobody', 'x'), '{ me { login } }')).status).toBe(401);
  });
});
