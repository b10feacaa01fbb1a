import { basic, call } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

const TOKEN = 'scrape-token-for-tests';
let t: TestService;
beforeAll(async () => {
  t = await startTestService({ metricsToken: TOKEN, loginThrottle: { perLogin: 2, perAddress: 1000, windowSeconds: 300 } });
});
afterAll(() => t.stop());

const scrape = async () => {
  const reply = await call(t.base, 'GET', '/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(reply.headers.get('cache-control')).toBe('no-store');
  return reply.text;
};

/** The value of one series (name and labels exactly as in the text format), 0 when absent. */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('/metrics', () => {
  it('needs the token as a bearer token', async () => {
    expect((await call(t.base, 'GET', '/metrics')).status).toBe(401);
    expect((await call(t.base, 'GET', '/metrics', { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await call(t.base, 'GET', '/metrics', { headers: adminAuth() })).status).toBe(401);
  });

  it('counts requests by route pattern, method and status, their durations, refused and throttled logins; pools and event-loop lag', async () => {
    const before = await scrape();
    const requests = 'http_requests_total{route="/restapi/users/me",method="GET",status="200"}';
    for (let i = 0; i < 3; i++) expect((await call(t.base, 'GET', '/restapi/users/me', { headers: adminAuth() })).status).toBe(200);
    const wrong = basic('metrics-victim', 'wrong');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(t.base, 'GET', '/restapi/users/me', { headers: wrong })).status);
    expect(statuses).toEqual([401, 401, 429]);
    const after = await scrape();
    expect(value(after, requests) - value(before, requests)).toBe(3);
    expect(value(after, 'http_requests_total{route="/restapi/users/me",method="GET",status="429"}')).toBe(1);
    expect(value(after, 'logins_refused_total') - value(before, 'logins_refused_total')).toBe(2);
    expect(value(after, 'throttled_requests_total') - value(before, 'throttled_requests_total')).toBe(1);
    const count = 'http_request_duration_seconds_count{route="/restapi/users/me",method="GET"}';
    expect(value(after, count) - value(before, count)).toBe(6);
    expect(after).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",route="\/restapi\/users\/me",method="GET"\} \d+$/m);
    expect(after).toMatch(/^db_pool_connections_in_use\{pool="orm"\} \d+$/m);
    expect(after).toMatch(/^db_pool_connections_idle\{pool="read"\} \d+$/m);
    expect(after).toMatch(/^db_pool_requests_waiting\{pool="orm"\} \d+$/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+$/m);
    // GraphQL under one label, whatever the operation; unknown paths under "other", not one series each.
    await call(t.base, 'POST', '/graphql', { headers: adminAuth(), body: { query: 'query A { me { login } }' } });
    await call(t.base, 'GET', '/no/such/path/12345');
    const last = await scrape();
    expect(value(last, 'http_requests_total{route="/graphql",method="POST",status="200"}')).toBe(1);
    expect(last).not.toContain('/no/such/path');
    expect(value(last, 'http_requests_total{route="other",method="GET",status="404"}')).toBeGreaterThanOrEqual(1);
  });
});
