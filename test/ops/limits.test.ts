import { Client } from 'pg';
import { purgeLoginFailures } from '../../src/auth/login-throttle';
import { purgeRateLimitBuckets } from '../../src/ops/rate-limit';
import { trustFunction } from '../../src/rest/node-http';
import { buildUser } from '../factories';
import { JSON_TYPE, XML_TYPE, basic, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

jest.setTimeout(120_000);

const ME = '/restapi/users/me';
const METRICS_TOKEN = 'limits-metrics-token';

async function rows<T>(t: TestService, text: string, params: unknown[] = []): Promise<T[]> {
  const db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  try {
    return (await db.query(text, params)).rows as T[];
  } finally {
    await db.end();
  }
}

const throttledCount = async (t: TestService) => {
  const text = (await call(t.base, 'GET', '/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text;
  const line = text.split('\n').find((candidate) => candidate.startsWith('throttled_requests_total '));
  return line ? Number(line.split(' ')[1]) : 0;
};

describe('login throttling counted in PostgreSQL, addresses through trusted proxies', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ loginThrottle: { perLogin: 2, perAddress: 3, windowSeconds: 300 } });
  });
  afterAll(() => t.stop());

  it('counts per login and per address (X-Forwarded-For from the loopback proxy) in the database; a success writes nothing and clears earlier failures', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const c = await buildUser(t);
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(t.base, 'GET', ME, { headers: { ...basic(a.login, 'wrong'), ...from('203.0.113.7') } })).status);
    expect(statuses).toEqual([401, 401, 429]);
    const blocked = await call(t.base, 'GET', ME, { headers: { ...a.auth, ...from('198.51.100.1') } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(290);
    expect(await rows(t, 'select key, failures from login_failure_window order by key')).toEqual([
      { key: 'ip:203.0.113.7', failures: 2 },
      { key: `login:${a.login.toLowerCase()}`, failures: 2 },
    ]);
    // The address's third failure blocks it for everyone; other addresses go on.
    expect((await call(t.base, 'GET', ME, { headers: { ...basic(b.login, 'wrong'), ...from('203.0.113.7') } })).status).toBe(401);
    expect((await call(t.base, 'GET', ME, { headers: { ...c.auth, ...from('203.0.113.7') } })).status).toBe(429);
    expect((await call(t.base, 'GET', ME, { headers: { ...c.auth, ...from('198.51.100.1') } })).status).toBe(200);
    // One failure, then the right password: the login's row is gone.
    const d = await buildUser(t);
    expect((await call(t.base, 'GET', ME, { headers: { ...basic(d.login, 'wrong'), ...from('198.51.100.2') } })).status).toBe(401);
    expect(await rows(t, 'select failures from login_failure_window where key = $1', [`login:${d.login.toLowerCase()}`])).toEqual([{ failures: 1 }]);
    expect((await call(t.base, 'GET', ME, { headers: { ...d.auth, ...from('198.51.100.2') } })).status).toBe(200);
    expect(await rows(t, 'select failures from login_failure_window where key = $1', [`login:${d.login.toLowerCase()}`])).toEqual([]);
    // The /auth login is throttled the same way.
    expect((await call(t.base, 'GET', `/restapi/auth/${a.login}?password=${encodeURIComponent(a.password)}`, { headers: from('198.51.100.3') })).status).toBe(
      429,
    );
  });

  it("an API key already verified keeps working while someone else's wrong guesses for its client id are throttled", async () => {
    const owner = await buildUser(t);
    const created = await graphql(t.base, adminAuth(), 'mutation($k: Long!) { createApiKey(identityKey: $k) { clientId secret } }', { k: owner.key });
    const { clientId, secret } = created.body.data.createApiKey as { clientId: string; secret: string };
    const bearer = (password: string) => ({ Authorization: `Bearer ${clientId}:${password}`, 'X-Forwarded-For': '198.51.100.60' });
    expect((await call(t.base, 'GET', ME, { headers: bearer(secret) })).status).toBe(200);
    const guesses = [];
    for (let i = 0; i < 3; i++)
      guesses.push((await call(t.base, 'GET', ME, { headers: { ...basic(clientId, `guess${i}`), 'X-Forwarded-For': '203.0.113.61' } })).status);
    expect(guesses).toEqual([401, 401, 429]);
    expect((await call(t.base, 'GET', ME, { headers: bearer(secret) })).status).toBe(200);
    expect((await call(t.base, 'GET', ME, { headers: bearer('another-guess') })).status).toBe(429);
  });

  it('a window that has ended counts again from one, and the housekeeping purges ended windows', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 2; i++) await call(t.base, 'GET', ME, { headers: { ...basic(user.login, 'wrong'), 'X-Forwarded-For': '192.0.2.50' } });
    await rows(t, `update login_failure_window set window_end = now() - interval '1 second' where key = $1`, [`login:${user.login.toLowerCase()}`]);
    expect((await call(t.base, 'GET', ME, { headers: { ...basic(user.login, 'wrong'), 'X-Forwarded-For': '192.0.2.51' } })).status).toBe(401);
    expect(await rows(t, 'select failures from login_failure_window where key = $1', [`login:${user.login.toLowerCase()}`])).toEqual([{ failures: 1 }]);
    await rows(t, `update login_failure_window set window_end = now() - interval '1 second' where key = $1`, [`ip:192.0.2.50`]);
    await purgeLoginFailures(t.service.orm);
    expect(await rows(t, 'select key from login_failure_window where key in ($1, $2)', ['ip:192.0.2.50', 'ip:192.0.2.51'])).toEqual([{ key: 'ip:192.0.2.51' }]);
  });

  it('a login of any length is counted (stored as its hash beyond 300 characters)', async () => {
    const long = 'x'.repeat(2000);
    expect((await call(t.base, 'GET', ME, { headers: basic(long, 'wrong') })).status).toBe(401);
    expect((await rows<{ n: number }>(t, `select count(*)::int as n from login_failure_window where key like 'login#%'`))[0].n).toBe(1);
  });

  it("audit rows keep the client's address, through the trusted proxy", async () => {
    const user = await buildUser(t);
    const reply = await call(t.base, 'POST', `/restapi/users/${user.key}`, {
      headers: { ...adminAuth(), ...JSON_TYPE, 'X-Forwarded-For': '203.0.113.44' },
      body: { key: user.key, login: user.login, firstName: 'Renamed', lastName: user.login, email: `${user.login}@example.org` },
    });
    expect(reply.status).toBe(200);
    const audit = await graphql(t.base, adminAuth(), 'query($f: AuditLogFilter) { auditLog(filter: $f) { clientAddress operation } }', {
      f: { objectKey: String(user.key), limit: 1 },
    });
    expect(audit.body.data.auditLog).toEqual([{ clientAddress: '203.0.113.44', operation: expect.any(String) }]);
  });

  it('request budgets are off by default: no headers, no rows', async () => {
    const reply = await call(t.base, 'GET', ME, { headers: adminAuth() });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('ratelimit-limit')).toBeNull();
    expect(await rows(t, 'select key from rate_limit_bucket')).toEqual([]);
  });

  it('the session cookie is Secure when a trusted proxy says the client came over TLS', async () => {
    const user = await buildUser(t);
    const plain = await call(t.base, 'GET', ME, { headers: user.auth });
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
    const other = await buildUser(t);
    const tls = await call(t.base, 'GET', ME, { headers: { ...other.auth, 'X-Forwarded-Proto': 'https' } });
    expect(tls.headers.get('set-cookie')).toMatch(/; Secure/);
  });
});

describe('TRUST_PROXY', () => {
  it('parses as express does: true, false, a hop count, addresses and subnets', () => {
    expect(trustFunction('true')('192.0.2.1', 5)).toBe(true);
    expect(trustFunction('false')('127.0.0.1', 0)).toBe(false);
    expect([0, 1, 2].map((hop) => trustFunction('2')('192.0.2.1', hop))).toEqual([true, true, false]);
    const subnet = trustFunction('10.0.0.0/8, loopback');
    expect([subnet('10.1.2.3', 0), subnet('127.0.0.1', 0), subnet('::1', 0), subnet('192.0.2.1', 0)]).toEqual([true, true, true, false]);
    expect(() => trustFunction('not-an-address')).toThrow();
  });

  it('false: X-Forwarded-For and X-Forwarded-Proto are ignored', async () => {
    for (const trustProxy of ['false']) {
      const t = await startTestService({ trustProxy, loginThrottle: { perLogin: 5, perAddress: 100, windowSeconds: 300 } });
      try {
        const user = await buildUser(t);
        await call(t.base, 'GET', ME, { headers: { ...basic(user.login, 'wrong'), 'X-Forwarded-For': '203.0.113.9' } });
        const keys = (await rows<{ key: string }>(t, `select key from login_failure_window where key like 'ip:%'`)).map((row) => row.key);
        expect(keys).toHaveLength(1);
        expect(keys[0]).toMatch(/^ip:(::ffff:)?127\.0\.0\.1$/);
        const tls = await call(t.base, 'GET', ME, { headers: { ...user.auth, 'X-Forwarded-Proto': 'https' } });
        expect(tls.status).toBe(200);
        expect(tls.headers.get('set-cookie')).not.toMatch(/Secure/);
      } finally {
        await t.stop();
      }
    }
  });

  it('a hop count: the address that many hops back is the client', async () => {
    for (const trustProxy of ['1']) {
      const t = await startTestService({ trustProxy, loginThrottle: { perLogin: 5, perAddress: 100, windowSeconds: 300 } });
      try {
        const user = await buildUser(t);
        await call(t.base, 'GET', ME, { headers: { ...basic(user.login, 'wrong'), 'X-Forwarded-For': '198.51.100.20, 203.0.113.9' } });
        expect(await rows(t, `select key from login_failure_window where key like 'ip:%'`)).toEqual([{ key: 'ip:203.0.113.9' }]);
        expect((await call(t.base, 'GET', ME, { headers: { ...user.auth, 'X-Forwarded-Proto': 'https' } })).headers.get('set-cookie')).toMatch(/; Secure/);
      } finally {
        await t.stop();
      }
    }
  });
});

describe('request budgets per identity', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ metricsToken: METRICS_TOKEN, rateLimit: { perIdentity: 3, perAddress: 0, burst: 0, exemptAdmins: false } });
  });
  afterAll(() => t.stop());

  it('spends one token a request, REST and GraphQL alike, with the RateLimit headers; over budget 429 with Retry-After in the client format', async () => {
    const user = await buildUser(t);
    const before = await throttledCount(t);
    const remaining = [];
    for (let i = 0; i < 2; i++) {
      const reply = await call(t.base, 'GET', ME, { headers: { ...user.auth, ...JSON_TYPE } });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('ratelimit-limit')).toBe('3');
      expect(Number(reply.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect(reply.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(reply.headers.get('ratelimit-remaining'));
    }
    const viaGraphql = await graphql(t.base, user.auth, '{ me { login } }');
    expect(viaGraphql.status).toBe(200);
    expect(viaGraphql.headers.get('ratelimit-remaining')).toBe('0');
    expect(remaining).toEqual(['2', '1']);

    const json = await call(t.base, 'GET', ME, { headers: { ...user.auth, ...JSON_TYPE } });
    expect(json.status).toBe(429);
    const retryAfter = Number(json.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect(json.headers.get('ratelimit-remaining')).toBe('0');
    expect(json.json).toEqual({ code: 429, message: `Too many requests, retry after ${retryAfter} seconds` });
    const xml = await call(t.base, 'GET', ME, { headers: { ...user.auth, ...XML_TYPE } });
    expect(xml.status).toBe(429);
    expect(xml.text).toMatch(/<errorVO><code>429<\/code><translation>Too many requests, retry after \d+ seconds<\/translation><\/errorVO>/);
    const gql = await graphql(t.base, user.auth, '{ me { login } }');
    expect(gql.status).toBe(429);
    expect(gql.body.code).toBe(429);
    expect(await throttledCount(t)).toBe(before + 3);

    // Not counted: /restapi/ping, /health, /ready; another identity has its own budget.
    for (const path of ['/restapi/ping', '/health', '/ready']) {
      const reply = await call(t.base, 'GET', path, { headers: user.auth });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('ratelimit-limit')).toBeNull();
    }
    expect((await call(t.base, 'GET', ME, { headers: adminAuth() })).status).toBe(200);
    expect(await rows(t, 'select tokens < 1 as empty, allowed from rate_limit_bucket where key = $1', [`id:${user.key}`])).toEqual([
      { empty: true, allowed: false },
    ]);
  });

  it('the housekeeping forgets buckets that have refilled', async () => {
    await rows(t, `insert into rate_limit_bucket (key, tokens, allowed, updated_at) values ('id:999999', 0, true, now() - interval '2 minutes')`);
    await purgeRateLimitBuckets(t.service.orm, { perIdentity: 3, perAddress: 0, burst: 0, exemptAdmins: false });
    expect(await rows(t, `select key from rate_limit_bucket where key = 'id:999999'`)).toEqual([]);
  });
});

describe('request budgets per address, with a burst, administrators exempt', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ rateLimit: { perIdentity: 0, perAddress: 30, burst: 2, exemptAdmins: true } });
  });
  afterAll(() => t.stop());

  it('allows the burst, then refills at the rate; addresses come through the trusted proxy; administrators spend nothing', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.77' };
    // Made before the burst: a bucket refills a token every 2 s, longer than a refused request takes on a busy machine.
    const user = await buildUser(t);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(t.base, 'GET', '/restapi/api/version', { headers: from })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await call(t.base, 'GET', ME, { headers: { ...user.auth, ...from } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.headers.get('ratelimit-limit')).toBe('2');
    expect((await call(t.base, 'GET', ME, { headers: { ...user.auth, 'X-Forwarded-For': '198.51.100.78' } })).status).toBe(200);
    const admin = await call(t.base, 'GET', ME, { headers: { ...adminAuth(), ...from } });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('ratelimit-limit')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await call(t.base, 'GET', ME, { headers: { ...user.auth, ...from } })).status).toBe(200);
  });
});
