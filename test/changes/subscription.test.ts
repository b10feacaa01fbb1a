import { createClient, type Client as SseClient } from 'graphql-sse';
import { addOrganisationMember, buildOrganisation, buildUser, uniqueLogin, type TestUser } from '../factories';
import { JSON_TYPE, basic, call, graphql, type Headers } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';
import { sseEvents } from '../support/sse';

/** The change feed as a GraphQL subscription over Server-Sent Events (graphql-sse) at /graphql/stream. */

let t: TestService;
let managerA: TestUser;
let personA: TestUser;
let personB: TestUser;
const clients: SseClient[] = [];
const streams: AbortController[] = [];
beforeAll(async () => {
  t = await startTestService();
  const [a, b] = [await buildOrganisation(t), await buildOrganisation(t)];
  [managerA, personA, personB] = [await buildUser(t), await buildUser(t), await buildUser(t)];
  await addOrganisationMember(t, a, managerA.key, 'usermanager');
  await addOrganisationMember(t, a, personA.key, 'user');
  await addOrganisationMember(t, b, personB.key, 'user');
});
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
  for (const stream of streams.splice(0)) stream.abort();
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const STREAM = '/graphql/stream';

interface Change {
  type: string;
  cursor: string;
  objectKey: number | null;
  object: Record<string, unknown> | null;
}

/** The first result within `ms`, else a failure naming what was awaited. */
function within<T>(promise: Promise<T>, what: string, ms = 5000): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms))),
  ]);
}

/**
 * A subscription through graphql-sse's own client; resolves once the stream is open (the server fixed where it
 * starts before it answered), with the iterator of its results.
 */
async function subscribe(headers: Headers, query: string, variables?: Record<string, unknown>) {
  const client = createClient({ url: `${t.base}${STREAM}`, headers, retryAttempts: 0 });
  clients.push(client);
  let connected!: () => void;
  const open = new Promise<void>((resolve) => (connected = resolve));
  const results = client.iterate<{ changes: Change }>({ query, variables }, { connected: () => connected() });
  // The client connects on the first pull.
  const first = results.next();
  await within(open, 'open stream');
  let pending: typeof first | undefined = first;
  return {
    next: (what = 'event') => {
      const result = pending ?? results.next();
      pending = undefined;
      return within(result, what);
    },
  };
}

/** The stream as a raw HTTP answer, its events parsed by hand (as curl shows them). */
async function rawStream(headers: Headers, request: { method: 'GET' | 'POST'; query: string; variables?: Record<string, unknown> }) {
  const stop = new AbortController();
  streams.push(stop);
  const url = request.method === 'GET' ? `${t.base}${STREAM}?query=${encodeURIComponent(request.query)}` : `${t.base}${STREAM}`;
  const response = await fetch(url, {
    method: request.method,
    headers: { Accept: 'text/event-stream', ...(request.method === 'POST' ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: request.method === 'POST' ? JSON.stringify({ query: request.query, variables: request.variables }) : undefined,
    signal: stop.signal,
  });
  const next = sseEvents(response.body!);
  return { response, next: (what = 'event') => within(next(), what), close: () => stop.abort() };
}

const createUser = async (login: string) => {
  const created = await call(t.base, 'PUT', '/restapi/users', {
    headers: asAdmin,
    body: { login, password: 'Stream-Password-42', firstName: 'Stre', lastName: 'Am', email: `${login}@example.org` },
  });
  expect(created.status).toBe(200);
  return created.json.key as number;
};

const renamePerson = async (person: TestUser, lastName: string) =>
  expect(
    (
      await call(t.base, 'POST', `/restapi/users/${person.key}`, {
        headers: asAdmin,
        body: { login: person.login, firstName: 'Renamed', lastName, email: `${person.login}@example.org` },
      })
    ).status,
  ).toBe(200);

it('an administrator subscribed gets a person created by another request, with its login, and can resume after its cursor', async () => {
  const stream = await subscribe(adminAuth(), 'subscription { changes { type cursor objectKey object } }');
  const login = uniqueLogin('stream');
  const key = await createUser(login);
  const { value } = await stream.next('user.created');
  expect(value.errors).toBeUndefined();
  const created = value.data!.changes;
  expect(created).toMatchObject({ type: 'user.created', objectKey: key, object: { key, login } });

  // Another write; a second subscription from the first event's cursor gets the events after it, the old one first.
  const group = await graphql(t.base, adminAuth(), 'mutation { createGroup(group: { name: "Streamed group" }) { key } }');
  expect((await stream.next('group.created')).value.data!.changes).toMatchObject({ type: 'group.created', objectKey: group.body.data.createGroup.key });
  const resumed = await subscribe(adminAuth(), 'subscription($after: String) { changes(after: $after) { type objectKey } }', { after: created.cursor });
  expect((await resumed.next('resumed event')).value.data!.changes).toEqual({ type: 'group.created', objectKey: group.body.data.createGroup.key });
});

it('types narrow the stream', async () => {
  const stream = await subscribe(adminAuth(), 'subscription { changes(types: ["group.created"]) { type } }');
  await createUser(uniqueLogin('skipped'));
  expect((await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { name: 'Only groups' } })).status).toBe(200);
  expect((await stream.next('group.created')).value.data!.changes).toEqual({ type: 'group.created' });
});

it("a user manager of organisation A gets the events of A's people, never of B's (GET, as curl sends it)", async () => {
  const stream = await rawStream(managerA.auth, { method: 'GET', query: 'subscription { changes { type objectKey } }' });
  expect(stream.response.status).toBe(200);
  expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  // B's person first: had it reached the manager, it would be the first event.
  await renamePerson(personB, 'Bee');
  await renamePerson(personA, 'Ay');
  expect(await stream.next('user.updated of A')).toEqual({ event: 'next', data: { data: { changes: { type: 'user.updated', objectKey: personA.key } } } });
  stream.close();
});

it('a person who can no longer log in is told so, and the stream ends', async () => {
  const person = await buildUser(t);
  const stream = await subscribe(person.auth, 'subscription { changes { type objectKey } }');
  const denied = await graphql(t.base, adminAuth(), 'mutation($k: Long!) { updateUserStatus(identityKey: $k, status: { status: 101 }) { status } }', {
    k: person.key,
  });
  expect(denied.body.data.updateUserStatus).toEqual({ status: 101 });
  // The change of their own status commits with the refusal: it may reach them first, nothing after it does.
  let refused = await stream.next('refusal');
  if (refused.value.data) {
    expect(refused.value.data.changes).toEqual({ type: 'user.status.updated', objectKey: person.key });
    refused = await stream.next('refusal');
  }
  expect(refused.value.errors).toEqual([
    { message: 'authentication required', path: ['changes'], locations: [{ line: 1, column: 16 }], extensions: { code: 'UNAUTHENTICATED' } },
  ]);
  expect((await stream.next('end')).done).toBe(true);
});

it('anonymous callers get the 401 /graphql gives them; wrong credentials too', async () => {
  for (const headers of [{}, basic('administrator', 'wrong')] as Headers[]) {
    const reply = await fetch(`${t.base}${STREAM}?query=${encodeURIComponent('subscription { changes { type } }')}`, {
      headers: { Accept: 'text/event-stream', ...headers },
    });
    const viaGraphql = await fetch(`${t.base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: '{"query":"{ changes { next } }"}',
    });
    expect([reply.status, viaGraphql.status]).toEqual([401, 401]);
    expect(reply.headers.get('www-authenticate')).toBe(viaGraphql.headers.get('www-authenticate'));
    expect(await reply.text()).toBe(await viaGraphql.text());
  }
});

it('queries, mutations, invalid documents and documents over the limits are refused with 400 before a stream opens', async () => {
  const post = async (query: string, accept = 'text/event-stream') => {
    const reply = await fetch(`${t.base}${STREAM}`, {
      method: 'POST',
      headers: { ...adminAuth(), Accept: accept, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return { status: reply.status, type: reply.headers.get('content-type'), body: await reply.json() };
  };
  const query = await post('{ changes { next } }');
  expect(query).toEqual({
    status: 400,
    type: 'application/json; charset=utf-8',
    body: { errors: [{ message: '/graphql/stream runs subscriptions only; send queries to POST /graphql', extensions: { code: 'BAD_REQUEST' } }] },
  });
  expect((await post('mutation { createGroup(group: { name: "Never" }) { key } }')).body.errors[0].message).toMatch(/send mutations to POST \/graphql/);
  const invalid = await post('subscription { changes { nothing } }');
  expect(invalid).toMatchObject({
    status: 400,
    body: { errors: [{ message: expect.stringMatching(/nothing/), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] },
  });
  const aliases = Array.from({ length: 31 }, (_, index) => `a${index}: type`).join(' ');
  expect(await post(`subscription { changes { ${aliases} } }`)).toMatchObject({
    status: 400,
    body: { errors: [{ extensions: { code: 'TOO_MANY_ALIASES', limit: 'GRAPHQL_MAX_ALIASES' } }] },
  });
  expect((await post('subscription {', 'text/event-stream')).body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  // Not an event stream client.
  expect(await post('subscription { changes { type } }', 'application/json')).toMatchObject({
    status: 406,
    body: { errors: [{ extensions: { code: 'NOT_ACCEPTABLE' } }] },
  });
  // And a subscription sent to /graphql is pointed here.
  const misdirected = await graphql(t.base, adminAuth(), 'subscription { changes { type } }');
  expect(misdirected.status).toBe(400);
  expect(misdirected.body.errors[0]).toMatchObject({ message: expect.stringMatching(/\/graphql\/stream/), extensions: { code: 'BAD_REQUEST' } });
});

it("the operation's own errors come as an event with errors and the code, then the stream completes", async () => {
  const stream = await rawStream(adminAuth(), {
    method: 'POST',
    query: 'subscription($after: String) { changes(after: $after) { type } }',
    variables: { after: 'not-a-cursor' },
  });
  expect(stream.response.status).toBe(200);
  const failed = await stream.next('error event');
  expect(failed).toMatchObject({ event: 'next', data: { errors: [{ message: expect.stringMatching(/not a cursor/), extensions: { code: 'BAD_REQUEST' } }] } });
  expect(JSON.stringify(failed)).not.toMatch(/stack|select |at .*\.ts/);
  expect(await stream.next('complete')).toEqual({ event: 'complete', data: null });
  expect(await stream.next('end of the answer')).toBeNull();
});

it('a stopping instance ends its open streams instead of waiting for the grace period', async () => {
  // A grace period far longer than the wait below: only ending the streams lets the stop finish in time.
  const stopping = await startTestService({ shutdownGraceSeconds: 120 });
  const stop = new AbortController();
  streams.push(stop);
  const response = await fetch(`${stopping.base}${STREAM}?query=${encodeURIComponent('subscription { changes { type } }')}`, {
    headers: { Accept: 'text/event-stream', ...adminAuth() },
    signal: stop.signal,
  });
  expect(response.status).toBe(200);
  const body = response.body!.getReader();
  const stopped = stopping.stop();
  const ended = (async () => {
    while (!(await body.read()).done);
  })();
  await within(ended, 'end of the stream', 10_000);
  await within(stopped, 'stop', 10_000);
}, 30_000);

it('a caller holds at most GRAPHQL_STREAMS_PER_CALLER streams on an instance; one more is 429 until one closes', async () => {
  const limited = await startTestService({ graphqlStreamsPerCaller: 2 });
  const open = (auth: Headers) => {
    const stop = new AbortController();
    streams.push(stop);
    const reply = fetch(`${limited.base}${STREAM}?query=${encodeURIComponent('subscription { changes { type } }')}`, {
      headers: { Accept: 'text/event-stream', ...auth },
      signal: stop.signal,
    });
    return { reply, close: () => stop.abort() };
  };
  try {
    const [first, second] = [open(adminAuth()), open(adminAuth())];
    expect((await first.reply).status).toBe(200);
    expect((await second.reply).status).toBe(200);
    const third = await open(adminAuth()).reply;
    expect(third.status).toBe(429);
    expect((await third.json()).errors[0].extensions.code).toBe('TOO_MANY_STREAMS');
    // Another caller has streams of their own.
    expect((await open((await buildUser(limited)).auth).reply).status).toBe(200);
    first.close();
    await within(
      (async () => {
        for (;;) {
          const again = open(adminAuth());
          if ((await again.reply).status === 200) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })(),
      'a stream once one closed',
    );
  } finally {
    for (const stream of streams.splice(0)) stream.abort();
    await limited.stop();
  }
}, 30_000);
