import { Client } from 'pg';
import { addOrganisationMember, buildOrganisation, buildUser, type TestUser } from '../factories';
import { JSON_TYPE, basic, call, cookieOf, graphql, type Headers } from '../support/http';
import { AUDIENCE, jwt, rs256, startProvider, type TestProvider } from '../support/oidc';
import { adminAuth, startTestInstances, startTestService, type TestService } from '../support/service';
import { sseEvents } from '../support/sse';

/**
 * A stream of the change feed (a subscription at /graphql/stream) and a long poll (`wait=`) end within two seconds of
 * any revocation of the credentials they were opened with, also when the revocation goes through another instance:
 * API key deleted, password changed (it revokes tokens, sessions and basic credentials), logout, session expiry,
 * OAuth token expiry, a status that denies login, the person deleted. The two seconds are the issue's deadline, a
 * behaviour: each end is awaited for at most five seconds and the time since the revoking answer is compared with it.
 */

jest.setTimeout(60_000);

let one: TestService;
let two: TestService;
let stopInstances: () => Promise<void>;
const streams: AbortController[] = [];
beforeAll(async () => {
  const started = await startTestInstances(2, {}, { migrated: true });
  [one, two] = started.instances;
  stopInstances = started.stop;
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.abort();
});
afterAll(() => stopInstances());

const DEADLINE_MS = 2000;
/** How long an end is awaited: generous, and bounded. */
const PATIENCE_MS = 5000;
/** Events that no revocation below writes: only the revocation can end these streams and long polls. */
const TYPES = 'user.updated';
const SUBSCRIPTION = `subscription { changes(types: ["${TYPES}"]) { type objectKey } }`;

function within<T>(promise: Promise<T>, what: string, ms = PATIENCE_MS): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms))),
  ]);
}

/** A subscription stream opened on `t`, its events parsed as they come (null: the answer ended). */
async function openStream(t: TestService, headers: Headers, query = SUBSCRIPTION) {
  const stop = new AbortController();
  streams.push(stop);
  const response = await fetch(`${t.base}/graphql/stream?query=${encodeURIComponent(query)}`, {
    headers: { Accept: 'text/event-stream', ...headers },
    signal: stop.signal,
  });
  expect(response.status).toBe(200);
  const next = sseEvents(response.body!);
  return { next: (what: string) => within(next(), what) };
}

type Stream = Awaited<ReturnType<typeof openStream>>;

/** The stream says UNAUTHENTICATED, completes and ends, within the deadline after `revokedAt`. */
async function expectRevoked(stream: Stream, revokedAt: number) {
  expect(await stream.next('refusal')).toMatchObject({ event: 'next', data: { errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] } });
  expect(await stream.next('complete')).toEqual({ event: 'complete', data: null });
  expect(await stream.next('end of the answer')).toBeNull();
  expect(Date.now() - revokedAt).toBeLessThanOrEqual(DEADLINE_MS);
}

/** Runs the revoking request, expects it to succeed, and answers when its answer came (its transaction committed before). */
async function revoke(request: () => Promise<{ status: number }>): Promise<number> {
  expect((await request()).status).toBe(200);
  return Date.now();
}

const me = (t: TestService, headers: Headers) => call(t.base, 'GET', '/restapi/users/me', { headers: { ...headers, ...JSON_TYPE } });

const changePassword = (t: TestService, person: TestUser) =>
  call(t.base, 'POST', `/restapi/users/${person.key}/authentications/password`, {
    headers: adminAuth(),
    contentType: 'application/x-www-form-urlencoded',
    body: 'newPassword=another-password-42',
  });

async function issueApiKey(person: TestUser) {
  const reply = await call(one.base, 'PUT', `/restapi/users/${person.key}/authentications`, {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { identityKey: person.key, provider: 'API-Key' },
  });
  expect(reply.status).toBe(200);
  return { key: reply.json.key as number, auth: basic(reply.json.authUsername, reply.json.credential) };
}

async function rename(t: TestService, person: TestUser, lastName: string) {
  const renamed = await call(t.base, 'POST', `/restapi/users/${person.key}`, {
    headers: { ...adminAuth(), ...JSON_TYPE },
    body: { login: person.login, firstName: 'Re', lastName, email: `${person.login}@example.org` },
  });
  expect(renamed.status).toBe(200);
}

const deleteAuthentication = (t: TestService, person: TestUser, authKey: number) =>
  call(t.base, 'DELETE', `/restapi/users/${person.key}/authentications/${authKey}`, { headers: adminAuth() });

async function tokenOf(person: TestUser): Promise<Headers> {
  const login = await call(one.base, 'GET', `/restapi/auth/${person.login}?password=${encodeURIComponent(person.password)}`);
  expect(login.status).toBe(200);
  return { 'X-SERVICE-TOKEN': login.headers.get('x-service-token')! };
}

describe('a subscription stream on one instance, its credentials revoked through another', () => {
  it('API key: a new password of its person leaves it open, deleting the key ends it', async () => {
    const person = await buildUser(one);
    const apiKey = await issueApiKey(person);
    const stream = await openStream(one, apiKey.auth);
    expect((await changePassword(two, person)).status).toBe(200);
    // Still open and reading: the person's own change reaches it.
    await rename(two, person, 'Streaming');
    expect(await stream.next('user.updated')).toEqual({ event: 'next', data: { data: { changes: { type: TYPES, objectKey: person.key } } } });

    const revokedAt = await revoke(() => deleteAuthentication(two, person, apiKey.key));
    await expectRevoked(stream, revokedAt);
    expect((await me(one, apiKey.auth)).status).toBe(401);
  });

  it('X-SERVICE-TOKEN: a password change ends it', async () => {
    const person = await buildUser(one);
    const token = await tokenOf(person);
    const stream = await openStream(one, token);
    await expectRevoked(stream, await revoke(() => changePassword(two, person)));
    expect((await me(one, token)).status).toBe(401);
  });

  it('X-SERVICE-TOKEN: a status that denies login ends it', async () => {
    const person = await buildUser(one);
    const token = await tokenOf(person);
    const stream = await openStream(one, token);
    const revokedAt = await revoke(() =>
      graphql(two.base, adminAuth(), 'mutation($k: Long!) { updateUserStatus(identityKey: $k, status: { status: 101 }) { status } }', { k: person.key }),
    );
    await expectRevoked(stream, revokedAt);
    expect((await me(one, token)).status).toBe(401);
  });

  it('basic auth: a password change ends it', async () => {
    const person = await buildUser(one);
    const stream = await openStream(one, person.auth);
    await expectRevoked(stream, await revoke(() => changePassword(two, person)));
    expect((await me(one, person.auth)).status).toBe(401);
  });

  it('basic auth: deleting the person ends it', async () => {
    const person = await buildUser(one);
    const stream = await openStream(one, person.auth);
    await expectRevoked(stream, await revoke(() => call(two.base, 'DELETE', `/restapi/users/${person.key}`, { headers: adminAuth() })));
    expect((await me(one, person.auth)).status).toBe(401);
  });

  it('session cookie: logging out ends it', async () => {
    const person = await buildUser(one);
    const cookie = { Cookie: cookieOf(await me(one, person.auth)) };
    const stream = await openStream(one, cookie);
    const revokedAt = await revoke(async () => {
      const out = await graphql(two.base, cookie, 'mutation { logout }');
      expect(out.body.data.logout).toBe(true);
      return out;
    });
    await expectRevoked(stream, revokedAt);
    expect((await me(one, cookie)).status).toBe(401);
  });

  it('a revocation while no instance hears of changes (their LISTEN connections cut) still ends it', async () => {
    const person = await buildUser(one);
    const stream = await openStream(one, person.auth);
    const db = new Client({ connectionString: one.databaseUrl });
    await db.connect();
    try {
      await db.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
      await expectRevoked(stream, await revoke(() => changePassword(two, person)));
    } finally {
      await db.end();
    }
  });
});

it('a role granted through another instance applies to the open stream: it reads what the role may', async () => {
  const organisation = await buildOrganisation(one);
  const [watcher, member] = [await buildUser(one), await buildUser(one)];
  await addOrganisationMember(one, organisation, member.key, 'user');
  const stream = await openStream(one, watcher.auth, `subscription { changes(types: ["${TYPES}"]) { objectKey object } }`);
  await rename(two, member, 'Unseen');
  // Streams decide what a change shows when they deliver it: the watcher's own change, which it reads, arrives after
  // the first rename, so that rename was decided before the role exists.
  await rename(two, watcher, 'Watcher');
  expect(await stream.next("the watcher's own change")).toMatchObject({
    event: 'next',
    data: { data: { changes: { objectKey: watcher.key, object: { lastName: 'Watcher' } } } },
  });
  await addOrganisationMember(two, organisation, watcher.key, 'usermanager');
  await rename(two, member, 'Seen');
  // The change before the role did not reach the watcher: had it, it would have come before the watcher's own.
  expect(await stream.next('user.updated')).toMatchObject({
    event: 'next',
    data: { data: { changes: { objectKey: member.key, object: { lastName: 'Seen' } } } },
  });
});

it('session cookie: the session expiring ends the stream', async () => {
  const sessionTtlSeconds = 3;
  const t = await startTestService({ sessionTtlSeconds });
  try {
    const person = await buildUser(t);
    const opened = Date.now();
    const cookie = { Cookie: cookieOf(await me(t, person.auth)) };
    const stream = await openStream(t, cookie);
    // Opened right after the session: no request slid its expiry forward.
    await expectRevoked(stream, opened + sessionTtlSeconds * 1000);
    expect((await me(t, cookie)).status).toBe(401);
  } finally {
    await t.stop();
  }
});

describe('OAuth bearer token', () => {
  let provider: TestProvider;
  let t: TestService;
  beforeAll(async () => {
    provider = await startProvider();
    t = await startTestService({
      oauth: { issuer: provider.issuer, audience: AUDIENCE, identityClaim: 'preferred_username', identityMatch: 'login', jwksCooldownSeconds: 0 },
    });
  });
  afterAll(async () => {
    await t?.stop();
    provider?.stop();
  });

  it('its exp passing (beyond the clock tolerance that admitted it) ends the stream', async () => {
    const person = await buildUser(t);
    const now = Math.floor(Date.now() / 1000);
    /** Verification allows 30 s of clock difference (src/auth/oauth.ts): this token is accepted for five more seconds. */
    const exp = now - 25;
    const key = provider.keys[0];
    const token = jwt(
      { alg: 'RS256', kid: key.kid },
      { iss: provider.issuer, aud: AUDIENCE, iat: now - 60, exp, preferred_username: person.login },
      rs256(key),
    );
    const bearer = { Authorization: `Bearer ${token}` };
    expect((await me(t, bearer)).status).toBe(200);
    const stream = await openStream(t, bearer);
    const refusedFrom = (exp + 30) * 1000;
    await expectRevoked(stream, refusedFrom);
    expect(Date.now()).toBeGreaterThanOrEqual(refusedFrom);
    expect((await me(t, bearer)).status).toBe(401);
  });
});

/**
 * A long poll under way: `admitted` gives it half a second to be admitted and waiting (it must not have answered
 * by then: an answer to a revoked credential at admission would prove nothing about the wait).
 */
function waiting<T>(answer: Promise<T>) {
  let answered = false;
  void answer.finally(() => (answered = true)).catch(() => undefined);
  return {
    answer,
    admitted: async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered).toBe(false);
    },
  };
}

describe('a long poll of the change feed on one instance, its credentials revoked through another', () => {
  it('REST GET /changes?wait= with basic auth: a password change answers 401', async () => {
    const person = await buildUser(one);
    const polling = waiting(call(one.base, 'GET', `/restapi/changes?types=${TYPES}&wait=20`, { headers: { ...person.auth, ...JSON_TYPE } }));
    await polling.admitted();
    const revokedAt = await revoke(() => changePassword(two, person));
    const answer = await within(polling.answer, 'answer');
    expect(answer.status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(DEADLINE_MS);
  });

  it('GraphQL changes(wait:) with an API key: deleting the key answers UNAUTHENTICATED', async () => {
    const person = await buildUser(one);
    const apiKey = await issueApiKey(person);
    const polling = waiting(graphql(one.base, apiKey.auth, `{ changes(types: ["${TYPES}"], wait: 20) { next } }`));
    await polling.admitted();
    const revokedAt = await revoke(() => deleteAuthentication(two, person, apiKey.key));
    const answer = await within(polling.answer, 'answer');
    expect(answer.body.errors).toMatchObject([{ extensions: { code: 'UNAUTHENTICATED' } }]);
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(DEADLINE_MS);
  });
});
