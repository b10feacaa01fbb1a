import { buildUser } from './factories';
import { basic, call } from './support/http';
import { startTestService, type TestService } from './support/service';

/**
 * OpenOLAT's RestApiLoginFilter and the token header: on the open space (/api, /ping, /i18n) no
 * credentials are needed, but a valid token is followed and sent back (followWithoutAuthentication →
 * followToken), an unknown one is no refusal there; the login space /auth follows no token; elsewhere
 * a token that is not registered leaves the decision to basic credentials.
 */

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

async function tokenOf(login: string, password: string): Promise<string> {
  return (await call(t.base, 'GET', `/restapi/auth/${login}?password=${password}`)).headers.get('x-service-token')!;
}

describe('a token sent to the open space', () => {
  it.each(['/restapi/ping', '/restapi/ping/version', '/restapi/api/version', '/restapi/api/copyright'])(
    '%s answers as without it and renews a valid token in the answer',
    async (path) => {
      const user = await buildUser(t);
      const token = await tokenOf(user.login, user.password);
      const without = await call(t.base, 'GET', path);
      const withToken = await call(t.base, 'GET', path, { headers: { 'X-SERVICE-TOKEN': token } });
      expect(withToken.status).toBe(200);
      expect(withToken.text).toBe(without.text);
      expect(without.headers.get('x-service-token')).toBeNull();
      expect(withToken.headers.get('x-service-token')).toBe(token);
      // The renewed token still authenticates elsewhere.
      expect((await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': token } })).status).toBe(200);
    },
  );

  it('an unknown or malformed token is ignored there: 200, no token in the answer', async () => {
    for (const token of ['00000000-0000-0000-0000-000000000000', 'not a token!']) {
      const reply = await call(t.base, 'GET', '/restapi/ping', { headers: { 'X-SERVICE-TOKEN': token } });
      expect(reply.status).toBe(200);
      expect(reply.text).toBe('Ping');
      expect(reply.headers.get('x-service-token')).toBeNull();
    }
  });

  it('a version endpoint outside the open space authenticates by the token and renews it', async () => {
    const user = await buildUser(t);
    const token = await tokenOf(user.login, user.password);
    const reply = await call(t.base, 'GET', '/restapi/users/version', { headers: { 'X-SERVICE-TOKEN': token } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-service-token')).toBe(token);
  });

  it('the login space (/auth) does not follow a token header, as in OpenOLAT', async () => {
    const user = await buildUser(t);
    const token = await tokenOf(user.login, user.password);
    const reply = await call(t.base, 'GET', '/restapi/auth/version', { headers: { 'X-SERVICE-TOKEN': token } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-service-token')).toBeNull();
  });
});

describe('a token that is no longer registered, beside basic credentials', () => {
  it('leaves the decision to the credentials (RestApiLoginFilter tries basic when the token is not registered)', async () => {
    const user = await buildUser(t);
    const stale = await tokenOf(user.login, user.password);
    const current = await tokenOf(user.login, user.password);
    expect(current).not.toBe(stale);
    const withCredentials = await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': stale, ...basic(user.login, user.password) } });
    expect(withCredentials.status).toBe(200);
    expect(withCredentials.headers.get('x-service-token')).not.toBe(stale);
    const alone = await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': stale } });
    expect(alone.status).toBe(401);
    const wrongPassword = await call(t.base, 'GET', '/restapi/users/me', { headers: { 'X-SERVICE-TOKEN': stale, ...basic(user.login, 'wrong') } });
    expect(wrongPassword.status).toBe(401);
  });
});
