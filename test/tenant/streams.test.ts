import { createClient, type Client as SseClient } from 'graphql-sse';
import { sql } from '../../src/db/sql';
import type { TestUser } from '../factories';
import { JSON_TYPE, call, graphql, type Headers } from '../support/http';
import { Receiver } from '../support/receiver';
import { adminAuth, startTestService, testConfig, type TestService } from '../support/service';
import {
  NET_TIMEOUT,
  TENANT_ROLES,
  buildTenantWorld,
  courseIn,
  courseOwnerOfB,
  curriculumIn,
  groupIn,
  personIn,
  personOf,
  type TenantRole,
  type TenantWorld,
} from '../support/tenant-net';

/*
 * The tenant net for what reaches callers without a request naming an object: the change feed
 * (REST and GraphQL), the SSE subscription, webhooks and sync plans. The system administrator writes
 * in B, in P and D, and on people of A who hold a role above the callers'; no event, delivery or plan
 * entry about them may reach a caller of A (but A's administrator may see another administrator of A).
 */

interface Change {
  type: string;
  objectType?: string | null;
  objectKey: number | null;
}

let t: TestService;
let world: TenantWorld;
let start: string;
/** People the writes touch, by what they are. */
const people: Record<string, number> = {};
let administratorOfA: number;
let webhookOfA: number;
const receiverOfA = new Receiver();
const receiverOfSystem = new Receiver();
const streams: Record<string, Change[]> = {};
const clients: SseClient[] = [];

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const SENTINEL = 'organisation.member.added';

/** What a caller of A may see of these writes: A's administrator sees another administrator of A, and her own webhook. */
function allowed(role: TenantRole | 'system', change: Change): boolean {
  if (role === 'system') return true;
  if (role !== 'administrator') return false;
  return (change.type.startsWith('user.') && change.objectKey === administratorOfA) || (change.type.startsWith('webhook.') && change.objectKey === webhookOfA);
}

const leaks = (role: TenantRole, changes: Change[]) => changes.filter((change) => !allowed(role, change)).map(({ type, objectKey }) => `${type} ${objectKey}`);

function subscribe(name: string, headers: Headers): Promise<void> {
  const client = createClient({ url: `${t.base}/graphql/stream`, headers, retryAttempts: 0 });
  clients.push(client);
  streams[name] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stream of ${name} did not open`)), 10_000);
    client.subscribe<{ changes: Change }>(
      { query: 'subscription { changes { type objectKey } }' },
      { next: ({ data }) => data && streams[name].push(data.changes), error: reject, complete: () => undefined },
      { connected: () => (clearTimeout(timer), resolve()) },
    );
  });
}

async function until(condition: () => Promise<boolean> | boolean, what: string, ms = 20_000) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${what} within ${ms} ms`);
}

async function write(method: 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) {
  const reply = await call(t.base, method, `/restapi${path}`, { headers: asAdmin, body });
  if (reply.status >= 300) throw new Error(`${method} ${path} answered ${reply.status} ${reply.text.slice(0, 200)}`);
}

const personBody = (key: number, login: string) => ({
  login,
  firstName: 'Changed',
  lastName: 'By the system administrator',
  email: `${login}-${key}@example.org`,
});

beforeAll(async () => {
  t = await startTestService({ webhooks: { ...testConfig().webhooks, allowHttp: true, allowedHosts: ['127.0.0.1'], timeoutSeconds: 2, maxBackoffSeconds: 1 } });
  world = await buildTenantWorld(t);
  await Promise.all([receiverOfA.start(), receiverOfSystem.start()]);
  const hook = await call(t.base, 'PUT', '/restapi/webhooks', {
    headers: { ...world.callers.administrator.auth, ...JSON_TYPE },
    body: { url: receiverOfA.url() },
  });
  expect(hook.status).toBe(200);
  webhookOfA = hook.json.key;
  administratorOfA = (await personOf(t, world.tree.a, ['administrator'])).key;
}, NET_TIMEOUT);
afterAll(async () => {
  for (const client of clients) client.dispose();
  await Promise.all([receiverOfA.stop(), receiverOfSystem.stop()]);
  await t.stop();
});

describe('after writes in B, P and D and on people above the callers', () => {
  beforeAll(async () => {
    const { tree } = world;
    start = (await call(t.base, 'GET', '/restapi/changes?limit=1000', { headers: asAdmin })).json.next;
    await subscribe('system', adminAuth());
    for (const role of TENANT_ROLES) await subscribe(role, world.callers[role].auth);

    const group = await groupIn(t, tree.b);
    const course = await courseIn(t, world, tree.b, await personOf(t, tree.b, ['author']));
    const curriculum = await curriculumIn(t, world, tree.b, await personOf(t, tree.b));
    const personOfB = await personIn(t, world, tree.b);
    const gone = await personIn(t, world, tree.b);
    people.personOfB = personOfB.values.identityKey as number;
    people.administratorOfD = (await personIn(t, world, tree.d, ['administrator'])).values.identityKey as number;
    people.administratorOfP = (await personIn(t, world, tree.p, ['administrator'])).values.identityKey as number;
    people.courseOwnerOfB = (await courseOwnerOfB(t, world)).values.identityKey as number;
    people.sysadminOfA = (await personIn(t, world, tree.a, ['sysadmin'])).values.identityKey as number;
    people.administratorOfA = administratorOfA;
    const logins = await sql<{ id: number; login: string }>(
      t.service.orm.em.fork(),
      `select id, login from identity where id in (${Object.values(people).join(', ')})`,
    );

    // The system administrator's subscription and webhook; then the writes.
    await write('PUT', '/webhooks', { url: receiverOfSystem.url() });
    await write('PUT', `/groups/${group.values.groupKey}/participants/${people.personOfB}`);
    await write('POST', `/groups/${group.values.groupKey}`, { name: 'Renamed by the system administrator' });
    await write('PUT', `/curriculum/${curriculum.values.curriculumKey}/elements/${curriculum.values.elementKey}/participants/${people.personOfB}`);
    await write('POST', `/repo/courses/${course.values.courseKey}/status?newStatus=published`);
    await write('PUT', `/repo/courses/${course.values.courseKey}/participants/${people.personOfB}`);
    await write('DELETE', `/repo/courses/${course.values.courseKey}`);
    for (const { id, login } of logins) await write('POST', `/users/${id}`, personBody(id, login));
    await write('POST', `/users/${people.sysadminOfA}/status`, { status: 2 });
    await write('DELETE', `/users/${gone.values.identityKey}`);
    await write('PUT', `/organisations/${tree.b}/user/${people.courseOwnerOfB}`);
    const sentinel = (changes: Change[]) => changes.some((change) => change.type === SENTINEL && change.objectKey === tree.b);
    await until(
      async () => sentinel((await call(t.base, 'GET', `/restapi/changes?after=${start}&limit=1000`, { headers: asAdmin })).json.events),
      'sentinel in the feed',
    );
    await until(() => sentinel(streams.system), 'sentinel in the system stream');
    await until(() => sentinel(receiverOfSystem.deliveries.map((delivery) => delivery.json.data)), 'sentinel at the system webhook');
    // The callers' streams and webhook had as long as the system administrator's to get them, and a second more.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }, NET_TIMEOUT);

  it.each(TENANT_ROLES)('the %s of A reads none of them in the feed (REST and GraphQL)', async (role) => {
    const caller = world.callers[role];
    const rest = await call(t.base, 'GET', `/restapi/changes?after=${start}&limit=1000`, { headers: { ...caller.auth, ...JSON_TYPE } });
    expect(rest.status).toBe(200);
    const viaGraphql = await graphql(t.base, caller.auth, 'query($after: String) { changes(after: $after, limit: 1000) { events { type objectKey } } }', {
      after: start,
    });
    expect({ rest: leaks(role, rest.json.events), graphql: leaks(role, viaGraphql.body.data.changes.events) }).toEqual({ rest: [], graphql: [] });
  });

  it.each(TENANT_ROLES)('the %s of A receives none of them on the SSE stream', (role) => {
    expect(leaks(role, streams[role])).toEqual([]);
  });

  it("the administrator of A's webhook receives none of them", () => {
    expect(
      leaks(
        'administrator',
        receiverOfA.deliveries.map((delivery) => delivery.json.data),
      ),
    ).toEqual([]);
  });
});

describe('sync plans', () => {
  it.each(['administrator', 'usermanager', 'groupmanager'] as const)(
    "a dry run by the %s of A names B's, P's and D's people and groups and A's higher roles: every entry an error without a key",
    async (role) => {
      const { tree } = world;
      const db = t.service.orm.em.fork();
      const targets = {
        'a person of B': (await personIn(t, world, tree.b)).values.identityKey,
        "D's administrator": (await personIn(t, world, tree.d, ['administrator'])).values.identityKey,
        "P's administrator": (await personIn(t, world, tree.p, ['administrator'])).values.identityKey,
        'an author of B who owns a course': (await courseOwnerOfB(t, world)).values.identityKey,
        'the sysadmin of A': (await personIn(t, world, tree.a, ['sysadmin'])).values.identityKey,
        ...(role === 'administrator' ? {} : { 'an administrator of A': (await personIn(t, world, tree.a, ['administrator'])).values.identityKey }),
      };
      const rows = await sql<{ id: number; login: string }>(db, `select id, login from identity where id in (${Object.values(targets).join(', ')})`);
      const group = await groupIn(t, tree.b);
      const groupExternalId = `tenant-net-${group.values.groupKey}`;
      await sql(db, 'update business_group set external_id = ? where id = ?', [groupExternalId, group.values.groupKey]);
      const caller: TestUser = world.callers[role];
      const document = {
        users: rows.map(({ login }) => ({ login, firstName: 'Planned', lastName: 'By A' })),
        groups: [{ externalId: groupExternalId, name: 'Planned by A' }],
        memberships: [{ type: 'group', externalId: groupExternalId, role: 'participant', members: rows.map(({ login }) => login) }],
      };
      const reply = await call(t.base, 'POST', '/restapi/sync?dryRun=true', { headers: { ...caller.auth, ...JSON_TYPE }, body: document });
      expect(reply.status).toBe(200);
      const items = await call(t.base, 'GET', `/restapi/sync/${reply.json.key}/items`, { headers: { ...caller.auth, ...JSON_TYPE } });
      expect(items.status).toBe(200);
      const reached = (items.json as { section: string; ref: string; action: string; key: number | null; changes: unknown[] }[]).filter(
        (item) => item.action !== 'error' || item.key !== null || item.changes.length,
      );
      expect(reached.map(({ section, ref, action, key }) => `${section} ${ref}: ${action} ${key ?? ''}`)).toEqual([]);
    },
    NET_TIMEOUT,
  );
});
