import { createLogger } from '../../src/ops/logger';
import { eventually } from '../support/eventually';
import { JSON_TYPE, basic, call, graphql } from '../support/http';
import { ADMIN, adminAuth, startTestService, type TestService } from '../support/service';

const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
let t: TestService;
beforeAll(async () => {
  const destination = { write: (line: string) => (raw.push(line), void lines.push(JSON.parse(line) as Record<string, unknown>)) };
  t = await startTestService({}, undefined, { logger: createLogger({ level: 'info', production: false, destination }) });
});
afterAll(() => t.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The access lines of one request id; waits for the line (written once the answer is closed). */
async function accessLinesOf(id: string) {
  let found: Record<string, unknown>[] = [];
  await eventually(async () => {
    found = lines.filter((line) => line.reqId === id && line.msg === 'request');
    expect(found.length).toBeGreaterThan(0);
  });
  return found;
}

describe('access log and request ids', () => {
  it('one JSON line per request with method, route pattern, status, duration, caller and the echoed request id; no secrets', async () => {
    const me = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...adminAuth(), ...JSON_TYPE } });
    const adminKey = me.json.key as number;
    const reply = await call(t.base, 'GET', `/restapi/users/${adminKey}?password=query-secret&x-service-token=link-secret`, {
      headers: { ...adminAuth(), ...JSON_TYPE, 'X-Request-Id': 'trace-42.abc_Z', Cookie: 'other=cookie-secret' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-request-id')).toBe('trace-42.abc_Z');
    const [line, ...more] = await accessLinesOf('trace-42.abc_Z');
    expect(more).toHaveLength(0);
    expect(line).toMatchObject({ level: 30, method: 'GET', route: '/restapi/users/:identityKey', status: 200, caller: adminKey, reqId: 'trace-42.abc_Z' });
    expect(typeof line.durationMs).toBe('number');
    const text = raw.join('');
    for (const secret of [ADMIN.password, 'query-secret', 'link-secret', 'cookie-secret', basic(ADMIN.login, ADMIN.password).Authorization.slice(6)]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('?password');
  });

  it('a refused request is logged too, without its credentials; an insane X-Request-Id is replaced by a UUID', async () => {
    const wrong = basic(ADMIN.login, 'wrong-password-xyz');
    const reply = await call(t.base, 'GET', '/restapi/users/me?password=also-secret', { headers: { ...wrong, 'X-Request-Id': 'has spaces and ; semicolons' } });
    expect(reply.status).toBe(401);
    const id = reply.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    const [line] = await accessLinesOf(id);
    expect(line).toMatchObject({ method: 'GET', status: 401 });
    expect(line.caller).toBeUndefined();
    expect(raw.join('')).not.toContain('wrong-password-xyz');
    expect(raw.join('')).not.toContain('also-secret');
    const long = await call(t.base, 'GET', '/health', { headers: { 'X-Request-Id': 'a'.repeat(129) } });
    expect(long.headers.get('x-request-id')).toMatch(UUID);
    expect((await call(t.base, 'GET', '/health', { headers: { 'X-Request-Id': 'a'.repeat(128) } })).headers.get('x-request-id')).toBe('a'.repeat(128));
  });

  it('GraphQL: route /graphql with the operation name and the caller; other paths: the path without the query string', async () => {
    const reply = await graphql(t.base, { ...adminAuth(), 'X-Request-Id': 'gql-1' }, 'query WhoAmI { me { login } }');
    expect(reply.status).toBe(200);
    const [line] = await accessLinesOf('gql-1');
    expect(line).toMatchObject({ method: 'POST', route: '/graphql', operation: 'WhoAmI', status: 200 });
    expect(typeof line.caller).toBe('number');
    const missing = await call(t.base, 'GET', '/nowhere/at/all?secret=1', { headers: { 'X-Request-Id': 'missing-1' } });
    expect(missing.status).toBe(404);
    expect((await accessLinesOf('missing-1'))[0]).toMatchObject({ route: '/nowhere/at/all', status: 404 });
  });

  it('open routes log their pattern: neither a calendar feed token nor a login name of /auth reaches the log', async () => {
    const feed = await call(t.base, 'GET', '/restapi/calendars/feed/feed-token-secret.ics', { headers: { 'X-Request-Id': 'feed-1' } });
    expect(feed.status).toBe(404);
    expect((await accessLinesOf('feed-1'))[0]).toMatchObject({ route: '/restapi/calendars/feed/:token', status: 404 });
    const login = await call(t.base, 'GET', '/restapi/auth/login-name-secret?password=x', { headers: { 'X-Request-Id': 'auth-1' } });
    expect(login.status).toBe(401);
    expect((await accessLinesOf('auth-1'))[0]).toMatchObject({ route: '/restapi/auth/:username', status: 401 });
    expect(raw.join('')).not.toMatch(/feed-token-secret|login-name-secret/);
  });

  it('every answer carries X-Request-Id and X-Content-Type-Options: nosniff', async () => {
    for (const path of ['/health', '/restapi/ping', '/graphql', '/nowhere', '/restapi/users']) {
      const reply = await call(t.base, 'GET', path);
      expect(reply.headers.get('x-request-id')).toMatch(UUID);
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
