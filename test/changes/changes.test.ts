import { Client } from 'pg';
import { traceStatements } from '../../scripts/trace-statements';
import { addOrganisationMember, buildOrganisation, buildUser, uniqueLogin } from '../factories';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/** The change feed: every committed write through either transport becomes one event, in its own transaction. */

let t: TestService;
let db: Client;
beforeAll(async () => {
  t = await startTestService();
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

const asAdmin = { ...adminAuth(), ...JSON_TYPE };

interface Change {
  cursor: string;
  type: string;
  objectType: string | null;
  objectKey: number | null;
  externalId: string | null;
  identityKey: number | null;
  at: number;
  keys: { name: string; key: number }[];
  object: Record<string, unknown> | null;
}

async function changesAfter(after: string, query = ''): Promise<{ events: Change[]; next: string }> {
  const reply = await call(t.base, 'GET', `/restapi/changes?after=${after}${query}`, { headers: asAdmin });
  expect(reply.status).toBe(200);
  return reply.json;
}

/**
 * The events after `after` once `count` of them have come: the feed hands out an event once every older write
 * transaction of the database has ended (the service's own housekeeping, for one, may still be running a moment).
 */
async function settledChangesAfter(after: string, count: number, query = ''): Promise<{ events: Change[]; next: string }> {
  const until = Date.now() + 10_000;
  for (;;) {
    const page = await changesAfter(after, query);
    if (page.events.length >= count || Date.now() > until) return page;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Where the feed stands now: the cursor after its last event. */
async function head(): Promise<string> {
  let cursor = '0-0';
  for (;;) {
    const page = await changesAfter(cursor, '&limit=1000');
    if (!page.events.length) return cursor;
    cursor = page.next;
  }
}

it('a person created through REST and a group through GraphQL are two events, with the objects as REST answers them', async () => {
  const start = await head();
  const login = uniqueLogin('feed');
  const created = await call(t.base, 'PUT', '/restapi/users', {
    headers: asAdmin,
    body: { login, password: 'Feed-Password-42', firstName: 'Fee', lastName: 'Dee', email: `${login}@example.org`, externalId: `EXT-${login}` },
  });
  expect(created.status).toBe(200);
  const group = await graphql(t.base, adminAuth(), 'mutation { createGroup(group: { name: "Feed group", externalId: "G-FEED" }) { key } }');
  const groupKey = group.body.data.createGroup.key as number;

  const { events, next } = await settledChangesAfter(start, 2);
  expect(events.map((event) => event.type)).toEqual(['user.created', 'group.created']);
  const [user, made] = events;
  expect(user).toMatchObject({ objectType: 'user', objectKey: created.json.key, externalId: `EXT-${login}`, identityKey: 1, keys: [] });
  // The REST representation in its declaration order, nothing else (no password).
  expect(JSON.stringify(user.object)).toBe(created.text);
  expect(made).toMatchObject({ objectType: 'group', objectKey: groupKey, externalId: 'G-FEED' });
  expect(made.object).toMatchObject({ key: groupKey, name: 'Feed group' });
  expect(next).toBe(made.cursor);
  expect(await changesAfter(next)).toEqual({ events: [], next });

  // The same events through GraphQL, and in XML on REST.
  const viaGraphql = await graphql(t.base, adminAuth(), 'query($after: String) { changes(after: $after) { events { cursor type objectKey object } next } }', {
    after: start,
  });
  expect(viaGraphql.body.data.changes).toEqual({
    events: events.map(({ cursor, type, objectKey, object }) => ({ cursor, type, objectKey, object })),
    next,
  });
  const xml = await call(t.base, 'GET', `/restapi/changes?after=${start}`, { headers: { ...adminAuth(), ...XML_TYPE } });
  expect(xml.text).toContain(`<changes><events><change><cursor>${user.cursor}</cursor><type>user.created</type><objectType>user</objectType>`);
  expect(xml.text).toContain(`<next>${next}</next></changes>`);
});

it('a member added and a group deleted name their keys; the deletion carries no object', async () => {
  const start = await head();
  const person = await buildUser(t);
  const group = await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { name: 'Short-lived' } });
  const groupKey = group.json.key as number;
  expect((await call(t.base, 'PUT', `/restapi/groups/${groupKey}/participants/${person.key}`, { headers: asAdmin })).status).toBe(200);
  // Already a participant: nothing changed, no event.
  expect((await call(t.base, 'PUT', `/restapi/groups/${groupKey}/participants/${person.key}`, { headers: asAdmin })).status).toBe(304);
  expect((await call(t.base, 'DELETE', `/restapi/groups/${groupKey}`, { headers: asAdmin })).status).toBe(200);
  const { events } = await settledChangesAfter(start, 3);
  expect(events.map((event) => [event.type, event.keys, event.object === null])).toEqual([
    ['group.created', [], false],
    [
      'group.participant.added',
      [
        { name: 'groupKey', key: groupKey },
        { name: 'identityKey', key: person.key },
      ],
      true,
    ],
    ['group.deleted', [{ name: 'groupKey', key: groupKey }], true],
  ]);
});

it('a refused write leaves no event', async () => {
  const start = await head();
  const person = await buildUser(t);
  // The login is taken: 406 (as OpenOLAT answers it), nothing written.
  const refused = await call(t.base, 'PUT', '/restapi/users', {
    headers: asAdmin,
    body: { login: person.login, password: 'Feed-Password-42', firstName: 'A', lastName: 'B', email: `${uniqueLogin()}@example.org` },
  });
  expect(refused.status).toBe(406);
  // A write that succeeds afterwards is the one event.
  expect((await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { name: 'After the refusal' } })).status).toBe(200);
  expect((await settledChangesAfter(start, 1)).events.map((event) => event.type)).toEqual(['group.created']);
});

it('an event of a transaction that began earlier and commits later is not skipped: the feed waits for it', async () => {
  const start = await head();
  // A write transaction that takes its transaction id first and commits last.
  await db.query('begin');
  // (About the administrator: an event without an object reaches nobody.)
  await db.query(`insert into change_event (type, object_type, object_key, keys) values ('test.slow.written', 'user', '1', '{}')`);
  const group = await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { name: 'Committed meanwhile' } });
  expect(group.status).toBe(200);
  // The group's transaction has committed, but an earlier one is still open: nothing beyond it is handed out yet.
  expect(await changesAfter(start)).toEqual({ events: [], next: start });
  await db.query('commit');
  const { events } = await settledChangesAfter(start, 2);
  expect(events.map((event) => event.type)).toEqual(['test.slow.written', 'group.created']);
});

it('types narrow the feed, limit pages it, and a malformed cursor, type or limit is a 400', async () => {
  const start = await head();
  for (const name of ['Paged one', 'Paged two', 'Paged three']) await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { name } });
  await buildUser(t);
  await settledChangesAfter(start, 3);
  const first = await changesAfter(start, '&types=group.created,user.created&limit=2');
  expect(first.events.map((event) => event.object?.name)).toEqual(['Paged one', 'Paged two']);
  const second = await changesAfter(first.next, '&types=group.created&limit=2');
  expect(second.events.map((event) => event.object?.name)).toEqual(['Paged three']);
  expect((await changesAfter(start, '&types=user.created')).events).toEqual([]);
  for (const query of ['after=yesterday', 'types=DROP TABLE', 'limit=0', 'limit=1001']) {
    const reply = await call(t.base, 'GET', `/restapi/changes?${query}`, { headers: asAdmin });
    expect({ query, status: reply.status, code: reply.json?.code }).toEqual({ query, status: 400, code: 'BAD_REQUEST' });
  }
});

it('a long poll answers as soon as a write commits, on both transports; without one it answers empty when the wait is over', async () => {
  const start = await head();
  const waited = Date.now();
  const polling = call(t.base, 'GET', `/restapi/changes?after=${start}&wait=15`, { headers: asAdmin });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const group = await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { name: 'Awaited' } });
  const answered = await polling;
  expect(answered.json.events.map((event: Change) => event.objectKey)).toEqual([group.json.key]);
  // Woken by the commit (or at most a second later when an older transaction held the event back), not at the end of the wait.
  expect(Date.now() - waited).toBeLessThan(10_000);

  const viaGraphql = graphql(t.base, adminAuth(), 'query($after: String) { changes(after: $after, wait: 15) { events { type } next } }', {
    after: answered.json.next,
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await call(t.base, 'PUT', '/restapi/groups', { headers: asAdmin, body: { name: 'Awaited through GraphQL' } });
  expect((await viaGraphql).body.data.changes.events).toEqual([{ type: 'group.created' }]);

  const quiet = Date.now();
  const nothing = await call(t.base, 'GET', `/restapi/changes?after=${await head()}&types=test.never.written&wait=1`, { headers: asAdmin });
  expect(nothing.json.events).toEqual([]);
  expect(Date.now() - quiet).toBeGreaterThanOrEqual(1000);
  for (const wait of ['-1', '21', 'soon']) {
    const reply = await call(t.base, 'GET', `/restapi/changes?wait=${wait}`, { headers: asAdmin });
    expect({ wait, status: reply.status }).toEqual({ wait, status: 400 });
  }
});

it("an API key's secret, shown once to its creator, is masked in the event", async () => {
  const start = await head();
  const person = await buildUser(t);
  const created = await graphql(t.base, adminAuth(), `mutation { createApiKey(identityKey: ${person.key}) { clientId secret } }`);
  const { clientId, secret } = created.body.data.createApiKey as { clientId: string; secret: string };
  const { events } = await settledChangesAfter(start, 1);
  expect(events.map((event) => [event.type, event.object?.clientId, event.object?.secret])).toEqual([['apikey.created', clientId, '***']]);
  expect(JSON.stringify(events)).not.toContain(secret);
});

it("GraphQL's cost counts the events a page may hold at its limit", async () => {
  // Up to 1,000 events, each with its keys (counted at the default list size): more than one answer may cost.
  const wide = await graphql(t.base, adminAuth(), '{ changes(limit: 1000) { events { keys { name } } } }');
  expect(wide.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
  const narrow = await graphql(t.base, adminAuth(), '{ changes(limit: 100) { events { keys { name } } } }');
  expect(narrow.body.errors).toBeUndefined();
});

it("an organisation administrator's page of 1,000 events of every kind asks who may read them in as many statements as a page of 10", async () => {
  const organisation = await buildOrganisation(t);
  const administrator = await buildUser(t);
  await addOrganisationMember(t, organisation, administrator.key, 'administrator');
  // Her first request also logs her in: not part of a page.
  expect((await call(t.base, 'GET', '/restapi/changes?limit=1', { headers: { ...administrator.auth, ...JSON_TYPE } })).status).toBe(200);
  const kinds = ['user', 'group', 'course', 'curriculum', 'element', 'organisation', 'taxonomy', 'catalogEntry', 'lectureBlock', 'relationRole'];
  const statementsOfPage = async (count: number) => {
    const after = await head();
    await db.query(
      `insert into change_event (type, object_type, object_key, keys, identity_key)
         select ($1::text[])[1 + n % $3] || '.updated', ($1::text[])[1 + n % $3], (1000000 + n)::text, '{}', 1 from generate_series(1, $2) n`,
      [kinds, count, kinds.length],
    );
    const statements = await traceStatements(async () => {
      const reply = await call(t.base, 'GET', `/restapi/changes?after=${after}&limit=${count}`, { headers: { ...administrator.auth, ...JSON_TYPE } });
      expect(reply.status).toBe(200);
    });
    // Who she is (her login throttle, and her principal when a write notified just before drops it from the cache): not the page.
    return statements.filter((statement) => !/login_failure_window|json_build_object\('organisationKey'/.test(statement.text)).length;
  };
  expect(await statementsOfPage(1000)).toBe(await statementsOfPage(10));
});
