import SwaggerParser from '@apidevtools/swagger-parser';
import { createLogger } from '../src/ops/logger';
import { Client } from 'pg';
import { traceStatements } from '../scripts/trace-statements';
import { createApiKey } from '../src/auth/api-keys';
import { loadConfig, type OAuthConfig } from '../src/config/config';
import { buildUser } from './factories';
import { JSON_TYPE, call, graphql, type Headers } from './support/http';
import { eventually } from './support/eventually';
import { AUDIENCE, hs256, jwt, rs256, startProvider, type TestProvider } from './support/oidc';
import { adminAuth, startTestService, type TestService } from './support/service';

/**
 * OAuth 2.0 bearer tokens against a real OpenID provider (oidc-provider, test/support/oidc-provider.mjs):
 * tokens it issues authenticate the person their claim names on REST and GraphQL; expired tokens,
 * other issuers' tokens, other audiences, `alg: none`, HS256 and unknown or deactivated people are
 * refused; a rotated signing key is picked up without a restart; "API access: only with API key"
 * refuses bearer tokens on REST unless the person holds an API key. Tokens the provider would not
 * issue are written here with node:crypto, independently of the library the gateway verifies with.
 */

const BEARER_REFUSED = 'Bearer error="invalid_token"';

const now = () => Math.floor(Date.now() / 1000);
const headerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as { kid?: string; alg: string };
const bearer = (token: string): Headers => ({ Authorization: `Bearer ${token}` });
const me = (t: TestService, token: string) => call(t.base, 'GET', '/restapi/users/me', { headers: { ...bearer(token), ...JSON_TYPE } });
const gqlLogin = async (t: TestService, token: string) => (await graphql(t.base, bearer(token), '{ me { login } }')).body?.data?.me?.login;

let provider: TestProvider;
let otherProvider: TestProvider;
let t: TestService;
let byEmail: TestService;
let byAuthentication: TestService;
let withoutOAuth: TestService;
let db: Client;

const oauth = (overrides: Partial<OAuthConfig> = {}): OAuthConfig => ({
  issuer: provider.issuer,
  audience: AUDIENCE,
  identityClaim: 'preferred_username',
  identityMatch: 'login',
  jwksCooldownSeconds: 0,
  ...overrides,
});

beforeAll(async () => {
  [provider, otherProvider] = await Promise.all([startProvider(), startProvider()]);
  t = await startTestService({ oauth: oauth() });
  const database = t.databaseUrl.split('/').pop();
  byEmail = await startTestService({ oauth: oauth({ identityClaim: 'email', identityMatch: 'email' }) }, database);
  byAuthentication = await startTestService({ oauth: oauth({ identityClaim: 'oid', identityMatch: 'authentication' }) }, database);
  withoutOAuth = await startTestService({}, database);
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
}, 90_000); // two OpenID providers in child processes and four services: slow on a busy machine
afterAll(async () => {
  await db?.end();
  for (const service of [withoutOAuth, byAuthentication, byEmail]) await service?.stop();
  await t?.stop();
  provider?.stop();
  otherProvider?.stop();
});

it('is configured from the environment: the issuer turns it on, the audience is required, the match mode checked', () => {
  expect(loadConfig({}).oauth).toBeUndefined();
  expect(loadConfig({ OAUTH_ISSUER: 'https://sso.example.org/realms/school', OAUTH_AUDIENCE: 'olat-gateway' }).oauth).toEqual({
    issuer: 'https://sso.example.org/realms/school',
    audience: 'olat-gateway',
    identityClaim: 'preferred_username',
    identityMatch: 'login',
    jwksCooldownSeconds: 30,
  });
  expect(() => loadConfig({ OAUTH_ISSUER: 'https://sso.example.org/realms/school' })).toThrow(/OAUTH_AUDIENCE/);
  expect(() => loadConfig({ OAUTH_ISSUER: 'https://sso.example.org', OAUTH_AUDIENCE: 'a', OAUTH_IDENTITY_MATCH: 'sub' })).toThrow(/OAUTH_IDENTITY_MATCH/);
  expect(loadConfig({ OAUTH_ISSUER: 'https://i', OAUTH_AUDIENCE: 'a', OAUTH_IDENTITY_CLAIM: 'email', OAUTH_IDENTITY_MATCH: 'email' }).oauth).toMatchObject({
    identityClaim: 'email',
    identityMatch: 'email',
  });
});

describe('a token of the configured issuer', () => {
  it('authenticates the person its preferred_username names, on REST and GraphQL, without issuing a token header or a cookie', async () => {
    const user = await buildUser(t);
    const token = await provider.token({ preferred_username: user.login });
    expect(headerOf(token)).toMatchObject({ alg: 'RS256', kid: provider.keys[0].kid });
    const reply = await me(t, token);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ key: user.key, login: user.login });
    expect(reply.headers.get('x-service-token')).toBeNull();
    expect(reply.headers.get('set-cookie')).toBeNull();
    const gql = await graphql(t.base, bearer(token), '{ me { login } }');
    expect(gql.status).toBe(200);
    expect(gql.body.data.me.login).toBe(user.login);
    expect(gql.headers.get('set-cookie')).toBeNull();
    // logins compare case-insensitively, as with basic auth
    expect((await me(t, await provider.token({ preferred_username: user.login.toUpperCase() }))).json.login).toBe(user.login);
  });

  it('authenticates by e-mail address when configured so', async () => {
    const user = await buildUser(byEmail);
    const token = await provider.token({ email: `${user.login}@EXAMPLE.org`, preferred_username: 'someone-else' });
    expect((await me(byEmail, token)).json.login).toBe(user.login);
    expect(await gqlLogin(byEmail, token)).toBe(user.login);
    expect((await me(byEmail, await provider.token({ preferred_username: user.login }))).status).toBe(401);
  });

  it('authenticates by an authentication of provider OAuth when configured so', async () => {
    const user = await buildUser(byAuthentication);
    const oid = `oid-${user.key}`;
    const created = await call(t.base, 'PUT', `/restapi/users/${user.key}/authentications`, {
      headers: { ...adminAuth(), ...JSON_TYPE },
      body: { identityKey: user.key, provider: 'OAuth', authUsername: oid },
    });
    expect(created.status).toBe(200);
    const token = await provider.token({ oid, preferred_username: 'someone-else' });
    expect((await me(byAuthentication, token)).json.login).toBe(user.login);
    expect(await gqlLogin(byAuthentication, token)).toBe(user.login);
    expect((await me(byAuthentication, await provider.token({ oid: `${oid}-other` }))).status).toBe(401);
    // the login does not count in this mode
    expect((await me(byAuthentication, await provider.token({ preferred_username: user.login }))).status).toBe(401);
  });

  it('is verified and its person read once: the next request with it sends only its operation statement', async () => {
    const manager = await buildUser(t, { userManager: true });
    const person = await buildUser(t);
    const headers = { ...bearer(await provider.token({ preferred_username: manager.login })), ...JSON_TYPE };
    expect((await call(t.base, 'GET', `/restapi/users/${person.key}`, { headers })).status).toBe(200);
    let reply: Awaited<ReturnType<typeof call>> | undefined;
    const statements = await traceStatements(async () => (reply = await call(t.base, 'GET', `/restapi/users/${person.key}`, { headers })));
    expect(reply!.status).toBe(200);
    expect(reply!.json.login).toBe(person.login);
    expect(statements).toHaveLength(1);
  });

  it('stops working once its person is deactivated, also when the change is written elsewhere', async () => {
    const user = await buildUser(t);
    const token = await provider.token({ preferred_username: user.login });
    expect((await me(t, token)).status).toBe(200);
    await db.query('update identity set status = 101 where id = $1', [user.key]);
    await eventually(async () => expect((await me(t, token)).status).toBe(401), 8000);
    expect(await gqlLogin(t, token)).toBeUndefined();
  });

  it('still works as an API key when it is "Bearer clientId:secret", with token header as before', async () => {
    const user = await buildUser(t);
    const key = await createApiKey(t.service.orm.em.fork(), user.key);
    const reply = await me(t, `${key.clientId}:${key.secret}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-service-token')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('refused bearer tokens: 401 with a Bearer challenge on both transports', () => {
  const claims = (login: string, changes: Record<string, unknown> = {}) => ({
    iss: provider.issuer,
    aud: AUDIENCE,
    iat: now() - 60,
    exp: now() + 300,
    preferred_username: login,
    ...changes,
  });
  const signedByProvider = (payload: Record<string, unknown>) =>
    jwt({ alg: 'RS256', typ: 'at+jwt', kid: provider.keys[0].kid }, payload, rs256(provider.keys[0]));

  const cases: [string, (login: string) => Promise<string> | string][] = [
    ['expired an hour ago', (login) => signedByProvider(claims(login, { iat: now() - 7200, exp: now() - 3600 }))],
    ['not valid yet', (login) => signedByProvider(claims(login, { nbf: now() + 3600 }))],
    ['without exp', (login) => signedByProvider(claims(login, { exp: undefined }))],
    ['issued by another provider', (login) => otherProvider.token({ preferred_username: login })],
    ['signed with the provider key but naming another issuer', (login) => signedByProvider(claims(login, { iss: otherProvider.issuer }))],
    ['for another audience', (login) => provider.token({ preferred_username: login }, 'https://other.test/')],
    ['unsigned (alg: none)', (login) => jwt({ alg: 'none', typ: 'JWT' }, claims(login))],
    ['HS256 with a made-up secret', (login) => jwt({ alg: 'HS256', typ: 'JWT' }, claims(login), hs256('some-secret'))],
    [
      'HS256 with the public key as the secret (algorithm confusion)',
      (login) => {
        const { kty, n, e } = provider.keys[0];
        return jwt({ alg: 'HS256', typ: 'JWT', kid: provider.keys[0].kid }, claims(login), hs256(JSON.stringify({ kty, n, e })));
      },
    ],
    [
      'issued by the provider, then altered',
      async (login) => {
        const [header, , signature] = (await provider.token({ preferred_username: 'someone-else' })).split('.');
        const [, payload] = signedByProvider(claims(login)).split('.');
        return `${header}.${payload}.${signature}`;
      },
    ],
    ['signed with an unknown key', (login) => jwt({ alg: 'RS256', kid: 'unknown' }, claims(login), rs256(otherProvider.keys[0]))],
    ['not a JWT at all', () => 'not-a-jwt'],
  ];

  it.each(cases)('%s', async (_case, tokenFor) => {
    const user = await buildUser(t);
    const token = await tokenFor(user.login);
    const reply = await me(t, token);
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toBe(BEARER_REFUSED);
    const gql = await graphql(t.base, bearer(token), '{ me { login } }');
    expect(gql.status).toBe(401);
    expect(gql.headers.get('www-authenticate')).toBe(BEARER_REFUSED);
  });

  it('naming nobody, or a deactivated person', async () => {
    for (const token of [await provider.token({ preferred_username: 'nobody-at-all' }), await provider.token({})]) {
      expect((await me(t, token)).status).toBe(401);
      expect((await graphql(t.base, bearer(token), '{ me { login } }')).status).toBe(401);
    }
    const deactivated = await buildUser(t, {}, { status: 101 });
    const token = await provider.token({ preferred_username: deactivated.login });
    expect((await me(t, token)).status).toBe(401);
    expect((await graphql(t.base, bearer(token), '{ me { login } }')).status).toBe(401);
  });

  it('when OAuth is not configured: refused with the Basic challenge, as any unknown credential', async () => {
    const user = await buildUser(t);
    const token = await provider.token({ preferred_username: user.login });
    expect((await me(t, token)).status).toBe(200);
    const reply = await me(withoutOAuth, token);
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect((await graphql(withoutOAuth.base, bearer(token), '{ me { login } }')).status).toBe(401);
  });
});

it('takes a rotated signing key without a restart, and keeps the old one while the issuer lists it', async () => {
  const user = await buildUser(t);
  const before = await provider.token({ preferred_username: user.login });
  expect((await me(t, before)).status).toBe(200);
  const oldKey = provider.keys[0];
  await provider.rotate();
  expect(provider.keys[0].kid).not.toBe(oldKey.kid);
  const after = await provider.token({ preferred_username: user.login });
  expect(headerOf(after).kid).toBe(provider.keys[0].kid);
  expect((await me(t, after)).status).toBe(200);
  expect(await gqlLogin(t, after)).toBe(user.login);
  // a token of the old key, not seen before
  const old = jwt({ alg: 'RS256', kid: oldKey.kid }, { iss: provider.issuer, aud: AUDIENCE, exp: now() + 300, preferred_username: user.login }, rs256(oldKey));
  expect((await me(t, old)).status).toBe(200);
});

it('answers 500 (and logs why) while the issuer cannot be reached, 401 for tokens of other issuers meanwhile', async () => {
  const unreachable = 'http://127.0.0.1:9';
  const logged: { msg?: string; err?: { message?: string } }[] = [];
  const logger = createLogger({ level: 'error', production: true, destination: { write: (line: string) => void logged.push(JSON.parse(line)) } });
  const service = await startTestService({ oauth: oauth({ issuer: unreachable }) }, t.databaseUrl.split('/').pop(), { logger });
  try {
    const user = await buildUser(service);
    const payload = { iss: unreachable, aud: AUDIENCE, exp: now() + 300, preferred_username: user.login };
    expect((await me(service, jwt({ alg: 'RS256', kid: provider.keys[0].kid }, payload, rs256(provider.keys[0])))).status).toBe(500);
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'internal error', err: expect.objectContaining({ message: expect.stringMatching(/fetch failed/) }) }),
    );
    expect((await me(service, await provider.token({ preferred_username: user.login }))).status).toBe(401);
  } finally {
    await service.stop();
  }
});

it('openapi.json declares the bearer scheme and the issuer', async () => {
  const user = await buildUser(t);
  const reply = await call(t.base, 'GET', '/restapi/openapi.json', { headers: bearer(await provider.token({ preferred_username: user.login })) });
  expect(reply.status).toBe(200);
  const doc = reply.json;
  expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  expect(doc.components.securitySchemes.openIdConnect).toMatchObject({
    type: 'openIdConnect',
    openIdConnectUrl: `${provider.issuer}/.well-known/openid-configuration`,
  });
  expect(doc.security).toContainEqual({ bearerAuth: [] });
  expect(doc.security).toContainEqual({ openIdConnect: [] });
  await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
});

describe('"API access: only with API key"', () => {
  const SETTINGS = `mutation($s: SettingsInput!) { updateSettings(settings: $s) { apiAccess } }`;
  const setApiAccess = async (apiAccess: 'all' | 'apikey') => {
    const reply = await graphql(t.base, adminAuth(), SETTINGS, { s: { apiAccess } });
    expect(reply.body.errors).toBeUndefined();
  };
  afterAll(() => setApiAccess('all'));

  it('refuses bearer tokens on REST unless the person holds an API key; GraphQL keeps taking them', async () => {
    const withKey = await buildUser(t);
    await createApiKey(t.service.orm.em.fork(), withKey.key);
    const withoutKey = await buildUser(t);
    const keyHolder = await provider.token({ preferred_username: withKey.login });
    const other = await provider.token({ preferred_username: withoutKey.login });
    expect((await me(t, other)).status).toBe(200);

    await setApiAccess('apikey');
    await eventually(async () => expect((await me(t, other)).status).toBe(401), 8000);
    expect((await me(t, other)).headers.get('www-authenticate')).toBe(BEARER_REFUSED);
    expect((await me(t, keyHolder)).status).toBe(200);
    expect(await gqlLogin(t, other)).toBe(withoutKey.login);

    // an API key created later lets the same token in (the cached principal is dropped)
    await createApiKey(t.service.orm.em.fork(), withoutKey.key);
    await eventually(async () => expect((await me(t, other)).status).toBe(200), 8000);

    await setApiAccess('all');
    const third = await buildUser(t);
    await eventually(async () => expect((await me(t, await provider.token({ preferred_username: third.login }))).status).toBe(200), 8000);
  });
});
