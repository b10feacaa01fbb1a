import { loadConfig } from '../../src/config/config';
import { JSON_TYPE, call, type Reply } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** CORS_ORIGINS: pages of the listed origins may call /restapi and /graphql with credentials; nobody else gets a CORS header. (The browser's side: test/browser.test.ts.) */

const DASHBOARD = 'https://dashboard.example.org';
const IDE = 'http://localhost:4000';
const OTHER = 'https://evil.example.net';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ corsOrigins: [DASHBOARD, IDE] });
});
afterAll(() => t.stop());

const preflight = (base: string, path: string, origin: string, method = 'GET', headers = 'authorization,accept') =>
  call(base, 'OPTIONS', path, { headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers } });

const corsHeaders = (reply: Reply) => Object.fromEntries([...reply.headers].filter(([name]) => name.startsWith('access-control-')));
const listed = (reply: Reply) => reply.headers.get('access-control-expose-headers')?.split(', ') ?? [];

describe('a listed origin', () => {
  it.each(['/restapi/users/me', '/restapi/groups/1', '/restapi/no/such/path', '/graphql'])(
    'has its preflight to %s answered before authentication, with the methods and headers of the API',
    async (path) => {
      const reply = await preflight(t.base, path, DASHBOARD, path === '/graphql' ? 'POST' : 'GET', 'authorization,x-service-token,content-type');
      expect(reply.status).toBe(204);
      expect(reply.text).toBe('');
      expect(corsHeaders(reply)).toEqual({
        'access-control-allow-origin': DASHBOARD,
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': 'GET, HEAD, PUT, POST, DELETE',
        'access-control-allow-headers': 'Authorization, X-SERVICE-TOKEN, Content-Type, Accept, If-None-Match, If-Modified-Since, X-Request-Id',
        'access-control-max-age': '600',
      });
      expect(reply.headers.get('vary')).toBe('Origin');
      expect(reply.headers.get('www-authenticate')).toBeNull();
    },
  );

  it('reads the answers, its own origin named, credentials allowed, the token and request id exposed; a 401 too', async () => {
    const me = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...adminAuth(), ...JSON_TYPE, Origin: IDE } });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-service-token')).toBeTruthy();
    expect(corsHeaders(me)).toMatchObject({ 'access-control-allow-origin': IDE, 'access-control-allow-credentials': 'true' });
    expect(listed(me)).toEqual(expect.arrayContaining(['X-SERVICE-TOKEN', 'X-Request-Id', 'ETag', 'Last-Modified', 'Retry-After', 'WWW-Authenticate']));
    expect(me.headers.get('vary')).toMatch(/^Origin\b/);

    const refused = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...JSON_TYPE, Origin: DASHBOARD } });
    expect(refused.status).toBe(401);
    expect(corsHeaders(refused)).toMatchObject({ 'access-control-allow-origin': DASHBOARD, 'access-control-allow-credentials': 'true' });
    expect(listed(refused)).toContain('WWW-Authenticate');

    const graphql = await fetch(`${t.base}/graphql`, {
      method: 'POST',
      headers: { ...adminAuth(), 'Content-Type': 'application/json', Origin: DASHBOARD },
      body: JSON.stringify({ query: '{ me { login } }' }),
    });
    expect(graphql.status).toBe(200);
    expect(graphql.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
  });

  it('an OPTIONS request that is no preflight (no Access-Control-Request-Method) is answered as before: after authentication', async () => {
    const plain = await call(t.base, 'OPTIONS', '/restapi/groups/1', { headers: { Origin: DASHBOARD } });
    expect(plain.status).toBe(401);
    const admitted = await call(t.base, 'OPTIONS', '/restapi/groups/1', { headers: { ...adminAuth(), Origin: DASHBOARD } });
    expect({ status: admitted.status, allow: admitted.headers.get('allow'), origin: admitted.headers.get('access-control-allow-origin') }).toEqual({
      status: 200,
      allow: 'DELETE, GET, HEAD, POST',
      origin: DASHBOARD,
    });
  });
});

describe('any other origin', () => {
  it('gets no CORS header: its preflight is an OPTIONS request without credentials (401), its answers name no origin', async () => {
    for (const origin of [OTHER, 'https://dashboard.example.org.evil.net', 'http://dashboard.example.org', 'null']) {
      const reply = await preflight(t.base, '/restapi/users/me', origin);
      expect(reply.status).toBe(401);
      expect(corsHeaders(reply)).toEqual({});
      const answer = await call(t.base, 'GET', '/restapi/users/me', { headers: { ...adminAuth(), ...JSON_TYPE, Origin: origin } });
      expect(answer.status).toBe(200);
      expect(corsHeaders(answer)).toEqual({});
      expect(answer.headers.get('vary')).toMatch(/^Origin\b/);
    }
  });

  it('outside /restapi and /graphql nobody gets one', async () => {
    const health = await call(t.base, 'GET', '/health', { headers: { Origin: DASHBOARD } });
    expect(corsHeaders(health)).toEqual({});
    expect((await preflight(t.base, '/health', DASHBOARD)).status).toBe(405);
  });
});

it('without CORS_ORIGINS (the default) no origin gets a CORS header', async () => {
  expect(loadConfig({}).corsOrigins).toEqual([]);
  const plain = await startTestService();
  try {
    const reply = await preflight(plain.base, '/restapi/users/me', DASHBOARD);
    expect(reply.status).toBe(401);
    expect(corsHeaders(reply)).toEqual({});
    const answer = await call(plain.base, 'GET', '/restapi/users/me', { headers: { ...adminAuth(), ...JSON_TYPE, Origin: DASHBOARD } });
    expect(corsHeaders(answer)).toEqual({});
    expect(answer.headers.get('vary') ?? '').not.toMatch(/Origin/);
  } finally {
    await plain.stop();
  }
});

it('a preflight spends no request budget, and a spent budget does not refuse it', async () => {
  const limited = await startTestService({ corsOrigins: [DASHBOARD], rateLimit: { perIdentity: 0, perAddress: 3, burst: 0, exemptAdmins: false } });
  try {
    for (let i = 0; i < 10; i++) expect((await preflight(limited.base, '/restapi/users/me', DASHBOARD)).status).toBe(204);
    const first = await call(limited.base, 'GET', '/restapi/users/me', { headers: { ...adminAuth(), ...JSON_TYPE, Origin: DASHBOARD } });
    expect({ status: first.status, remaining: first.headers.get('ratelimit-remaining') }).toEqual({ status: 200, remaining: '2' });
    expect(listed(first)).toEqual(expect.arrayContaining(['RateLimit-Remaining', 'RateLimit-Reset']));
    let spent: Reply;
    do spent = await call(limited.base, 'GET', '/restapi/users/me', { headers: { ...adminAuth(), ...JSON_TYPE, Origin: DASHBOARD } });
    while (spent.status === 200);
    expect(spent.status).toBe(429);
    expect(spent.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
    expect(listed(spent)).toContain('Retry-After');
    expect((await preflight(limited.base, '/restapi/users/me', DASHBOARD)).status).toBe(204);
  } finally {
    await limited.stop();
  }
});

it('CORS_ORIGINS: origins separated by commas, as browsers send them; anything else is refused at start', () => {
  expect(loadConfig({ CORS_ORIGINS: ' https://Dashboard.Example.org:443/ ,http://localhost:4000,, http://127.0.0.1:8081' }).corsOrigins).toEqual([
    DASHBOARD,
    IDE,
    'http://127.0.0.1:8081',
  ]);
  for (const wrong of [
    '*',
    'dashboard.example.org',
    'https://dashboard.example.org/app',
    'https://user:pw@dashboard.example.org',
    'ftp://files.example.org',
    'null',
  ]) {
    expect(() => loadConfig({ CORS_ORIGINS: wrong })).toThrow(/CORS_ORIGINS/);
  }
});
