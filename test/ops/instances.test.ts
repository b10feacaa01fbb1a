import { buildUser } from '../factories';
import { eventually } from '../support/eventually';
import { JSON_TYPE, basic, call, cookieOf, graphql, type Headers } from '../support/http';
import { adminAuth, startTestInstances, type TestService } from '../support/service';

jest.setTimeout(180_000);

const ME = '/restapi/users/me';
const me = (t: TestService, headers: Headers) => call(t.base, 'GET', ME, { headers: { ...headers, ...JSON_TYPE } });

let instances: TestService[];
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ instances, stop } = await startTestInstances(3, {
    loginThrottle: { perLogin: 3, perAddress: 1000, windowSeconds: 300 },
    rateLimit: { perIdentity: 6, perAddress: 0, burst: 0, exemptAdmins: true },
  }));
});
afterAll(() => stop());

describe('three instances on one database', () => {
  it('a session cookie opened on one is accepted by the others', async () => {
    const [a, b, c] = instances;
    const user = await buildUser(a);
    const cookie = cookieOf(await me(a, user.auth));
    expect(cookie).toMatch(/^JSESSIONID=/);
    for (const other of [b, c]) {
      const reply = await me(other, { Cookie: cookie });
      expect(reply.status).toBe(200);
      expect(reply.json.key).toBe(user.key);
    }
  });

  it('an X-SERVICE-TOKEN issued by one is accepted by the others', async () => {
    const [a, b, c] = instances;
    const user = await buildUser(a);
    const login = await call(a.base, 'GET', `/restapi/auth/${user.login}?password=${encodeURIComponent(user.password)}`);
    expect(login.status).toBe(200);
    const token = login.headers.get('x-service-token')!;
    expect(token).toBeTruthy();
    for (const other of [b, c]) {
      const reply = await me(other, { 'X-SERVICE-TOKEN': token });
      expect(reply.status).toBe(200);
      expect(reply.json.key).toBe(user.key);
    }
  });

  it('an administrator switch set through one holds on the others within seconds (LISTEN/NOTIFY)', async () => {
    const [a, b, c] = instances;
    const settings = (restEnabled: boolean) =>
      graphql(a.base, adminAuth(), 'mutation($s: SettingsInput!) { updateSettings(settings: $s) { restEnabled } }', { s: { restEnabled } });
    expect((await settings(false)).body.errors).toBeUndefined();
    try {
      for (const instance of [a, b, c]) await eventually(async () => expect((await me(instance, adminAuth())).status).toBe(403), 5000);
    } finally {
      expect((await settings(true)).body.errors).toBeUndefined();
    }
    for (const instance of [a, b, c]) await eventually(async () => expect((await me(instance, adminAuth())).status).toBe(200), 5000);
  });

  it('login throttling reached on one refuses on the others', async () => {
    const [a, b, c] = instances;
    const user = await buildUser(a);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await me(a, basic(user.login, 'wrong'))).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    for (const other of [b, c]) {
      const reply = await me(other, user.auth);
      expect(reply.status).toBe(429);
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('parallel guesses spread over the instances get no more tries than the limit', async () => {
    const user = await buildUser(instances[0]);
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => me(instances[i % 3], basic(user.login, `wrong-${i}`))));
    const count = (status: number) => replies.filter((reply) => reply.status === status).length;
    expect({ 401: count(401), 429: count(429) }).toEqual({ 401: 3, 429: 9 });
    expect((await me(instances[1], user.auth)).status).toBe(429);
  });

  it('a request budget used up across the instances gives 429 on every one of them', async () => {
    const [a, b, c] = instances;
    const user = await buildUser(a);
    // Six requests per minute, two through each instance: the budget is one.
    const remaining = [];
    for (const instance of [a, b, c, a, b, c]) {
      const reply = await me(instance, user.auth);
      expect(reply.status).toBe(200);
      remaining.push(Number(reply.headers.get('ratelimit-remaining')));
    }
    expect(remaining).toEqual([5, 4, 3, 2, 1, 0]);
    for (const instance of [a, b, c]) {
      const reply = await me(instance, user.auth);
      expect(reply.status).toBe(429);
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const viaGraphql = await graphql(instance.base, user.auth, '{ me { login } }');
      expect(viaGraphql.status).toBe(429);
    }
  });
});
