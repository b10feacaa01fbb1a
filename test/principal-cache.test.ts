import { Client } from 'pg';
import { traceStatements } from '../scripts/trace-statements';
import { buildUser } from './factories';
import { JSON_TYPE, basic, call, cookieOf, graphql, type Headers } from './support/http';
import { eventually } from './support/eventually';
import { adminAuth, startTestService, type TestService } from './support/service';

/**
 * Principals are cached per credential on each instance, so an authenticated request reads no
 * principal from the database; a change written on one instance (or by plain SQL) reaches the
 * other instance's cache through LISTEN/NOTIFY, within moments.
 */

let a: TestService;
let b: TestService;
let db: Client;
beforeAll(async () => {
  a = await startTestService();
  b = await startTestService({}, a.databaseUrl.split('/').pop());
  db = new Client({ connectionString: a.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await b.stop();
  await a.stop();
});

const statusOn = async (t: TestService, path: string, headers: Headers) =>
  (await call(t.base, 'GET', `/restapi${path}`, { headers: { ...headers, ...JSON_TYPE } })).status;

async function tokenOf(t: TestService, auth: Headers): Promise<string> {
  const reply = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...auth, ...JSON_TYPE } });
  expect(reply.status).toBe(200);
  return reply.headers.get('x-service-token')!;
}

it('a request with a cached token reads no principal: GET /users/{k} is one statement', async () => {
  const manager = await buildUser(a, { userManager: true });
  const person = await buildUser(a);
  const token = { 'X-SERVICE-TOKEN': await tokenOf(b, manager.auth) };
  expect(await statusOn(b, `/users/${person.key}`, token)).toBe(200);
  let reply: Awaited<ReturnType<typeof call>> | undefined;
  const statements = await traceStatements(
    async () => (reply = await call(b.base, 'GET', `/restapi/users/${person.key}`, { headers: { ...token, ...JSON_TYPE } })),
  );
  expect(reply!.status).toBe(200);
  expect(reply!.json.email).toBe(`${person.login}@example.org`);
  expect(statements).toHaveLength(1);
});

it('a role granted on one instance applies on the other', async () => {
  const person = await buildUser(a);
  const other = await buildUser(a);
  const token = { 'X-SERVICE-TOKEN': await tokenOf(b, person.auth) };
  expect(await statusOn(b, `/users/${other.key}/roles`, token)).toBe(403);
  const granted = await call(a.base, 'POST', `/restapi/users/${person.key}/roles`, { headers: { ...adminAuth(), ...JSON_TYPE }, body: { userManager: true } });
  expect(granted.status).toBe(200);
  await eventually(async () => expect(await statusOn(b, `/users/${other.key}/roles`, token)).toBe(200));
});

it('a person denied login on one instance is refused on the other, whatever the credential', async () => {
  const person = await buildUser(a);
  const token = { 'X-SERVICE-TOKEN': await tokenOf(b, person.auth) };
  const cookie = cookieOf(await call(b.base, 'GET', '/restapi/users/me', { headers: person.auth }));
  expect(await statusOn(b, '/users/me', token)).toBe(200);
  expect(await statusOn(b, '/users/me', { Cookie: cookie })).toBe(200);
  expect(await statusOn(b, '/users/me', person.auth)).toBe(200);
  // Written by plain SQL: the notification comes from the database, not from the gateway's code.
  await db.query('update identity set status = 101 where id = $1', [person.key]);
  await eventually(async () => {
    expect(await statusOn(b, '/users/me', token)).toBe(401);
    expect(await statusOn(b, '/users/me', { Cookie: cookie })).toBe(401);
    expect(await statusOn(b, '/users/me', person.auth)).toBe(401);
  });
});

it('a password changed on one instance stops the old one on the other', async () => {
  const person = await buildUser(a);
  expect(await statusOn(b, '/users/me', person.auth)).toBe(200);
  expect(await statusOn(b, '/users/me', person.auth)).toBe(200);
  const changed = await call(a.base, 'POST', `/restapi/users/${person.key}/authentications/password`, {
    headers: adminAuth(),
    body: 'newPassword=a-new-secret-2026',
    contentType: 'application/x-www-form-urlencoded',
  });
  expect(changed.status).toBe(200);
  await eventually(async () => expect(await statusOn(b, '/users/me', person.auth)).toBe(401));
  expect(await statusOn(b, '/users/me', basic(person.login, 'a-new-secret-2026'))).toBe(200);
});

it('an API key deleted on one instance stops working on the other', async () => {
  const person = await buildUser(a);
  const created = await call(a.base, 'PUT', `/restapi/users/${person.key}/authentications`, {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { identityKey: person.key, provider: 'API-Key' },
  });
  expect(created.status).toBe(200);
  const key = basic(created.json.authUsername, created.json.credential);
  expect(await statusOn(b, '/users/me', key)).toBe(200);
  expect((await call(a.base, 'DELETE', `/restapi/users/${person.key}/authentications/${created.json.key}`, { headers: adminAuth() })).status).toBe(200);
  await eventually(async () => expect(await statusOn(b, '/users/me', key)).toBe(401));
});

it('a session closed on one instance is refused on the other', async () => {
  const person = await buildUser(a);
  const cookie = cookieOf(await call(b.base, 'GET', '/restapi/users/me', { headers: person.auth }));
  expect(await statusOn(b, '/users/me', { Cookie: cookie })).toBe(200);
  const out = await graphql(a.base, { Cookie: cookie }, 'mutation { logout }');
  expect(out.body).toEqual({ data: { logout: true } });
  await eventually(async () => expect(await statusOn(b, '/users/me', { Cookie: cookie })).toBe(401));
});

it('an instance that loses its LISTEN connection stops trusting its cache, and listens again', async () => {
  const person = await buildUser(a);
  const token = { 'X-SERVICE-TOKEN': await tokenOf(b, person.auth) };
  expect(await statusOn(b, '/users/me', token)).toBe(200);
  await db.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
  // Changed while nobody listens: no instance hears of it, and none may answer from its cache.
  await db.query('update identity set status = 101 where id = $1', [person.key]);
  await eventually(async () => expect(await statusOn(b, '/users/me', token)).toBe(401));
  await db.query('update identity set status = 2 where id = $1', [person.key]);
  await eventually(async () => {
    expect(await statusOn(b, '/users/me', token)).toBe(200);
    const { rows } = await db.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
  });
  await db.query('update identity set status = 101 where id = $1', [person.key]);
  await eventually(async () => expect(await statusOn(b, '/users/me', token)).toBe(401));
});

it('a write that cannot change a principal keeps the cache; one that can makes its instance forget it at once', async () => {
  const token = { 'X-SERVICE-TOKEN': await tokenOf(a, adminAuth()), ...JSON_TYPE };
  const principalReads = async (method: string, path: string, body?: unknown) => {
    const statements = await traceStatements(() => call(a.base, method, `/restapi${path}`, { headers: token, body }));
    return statements.filter((statement) => statement.text.includes('as "tokenHash"')).length;
  };
  await principalReads('PUT', '/groups', { name: 'Warm-up' });
  expect(await principalReads('PUT', '/groups', { name: 'Kept' })).toBe(0);
  const person = await buildUser(a);
  expect(await principalReads('POST', `/users/${person.key}/roles`, { author: true })).toBe(0);
  expect(await principalReads('GET', '/users/me')).toBe(1);
});

it('whether a write forgets the cache is what its transaction did: new names keep it, a new e-mail forgets it', async () => {
  const token = { 'X-SERVICE-TOKEN': await tokenOf(a, adminAuth()), ...JSON_TYPE };
  const principalReads = async (method: string, path: string, body?: unknown) => {
    const statements = await traceStatements(() => call(a.base, method, `/restapi${path}`, { headers: token, body }));
    return statements.filter((statement) => statement.text.includes('as "tokenHash"')).length;
  };
  const person = await buildUser(a);
  const update = (email: string) => ({ login: person.login, firstName: 'New', lastName: 'Name', email });
  await principalReads('GET', '/users/me');
  expect(await principalReads('POST', `/users/${person.key}`, update(`${person.login}@example.org`))).toBe(0);
  expect(await principalReads('GET', '/users/me')).toBe(0);
  expect(await principalReads('POST', `/users/${person.key}`, update(`${person.login}@new.example.org`))).toBe(0);
  expect(await principalReads('GET', '/users/me')).toBe(1);
});
