import { ROUTES } from '../src/rest/routes';
import { JSON_TYPE, call, graphql } from './support/http';
import { nameOf } from './support/object-routes';
import { pathOf } from './support/operations';
import { ADMIN, adminAuth, startTestService, testConfig, type TestService } from './support/service';

/*
 * The gateway's own routes (the change feed, webhooks, sync: beyond OpenOLAT) read their query parameters strictly:
 * a Boolean is `true` or `false`, a number decimal digits, a name the operation does not take or one given twice is
 * a 400 naming the parameter; a cursor beyond the feed's end and a limit out of range are a 400 on both transports.
 * OpenOLAT's routes keep JAX-RS' reading (test/ops/rest-errors.test.ts, test/unknown-parameters.test.ts).
 */

let t: TestService;
let webhookKey: number;
let jobKey: number;
beforeAll(async () => {
  t = await startTestService({ webhooks: { ...testConfig().webhooks, deliver: false } });
  webhookKey = (await call(t.base, 'PUT', '/restapi/webhooks', { headers: asAdmin, body: { url: 'https://hooks.example.org/strict', active: false } })).json
    .key;
  const job = await call(t.base, 'POST', '/restapi/sync?dryRun=true', { headers: asAdmin, body: { groups: [{ externalId: 'strict-G', name: 'Strict' }] } });
  expect(job.status).toBe(200);
  jobKey = job.json.key;
});
afterAll(() => t.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
const STRICT_ROUTES = ROUTES.filter((route) => route.strictQuery);

async function countOf(table: string): Promise<number> {
  const [row] = await t.service.orm.em.fork().getConnection().execute(`select count(*)::int as count from ${table}`);
  return row.count;
}

/** A 400 whose message says `text`, in REST words. */
function expectRefused(reply: { status: number; json?: unknown }, text: string) {
  expect({ status: reply.status, json: reply.json }).toEqual({ status: 400, json: expect.objectContaining({ code: 'BAD_REQUEST', translation: text }) });
}

/** The feed's cursor after its newest event. */
async function feedNext(): Promise<{ xid: bigint; id: bigint; text: string }> {
  const page = await call(t.base, 'GET', '/restapi/changes?limit=1000', { headers: asAdmin });
  let next: string = page.json.next;
  for (let more = page; more.json.events.length; next = more.json.next)
    more = await call(t.base, 'GET', `/restapi/changes?after=${next}&limit=1000`, { headers: asAdmin });
  const [xid, id] = next.split('-').map(BigInt);
  return { xid, id, text: next };
}

/** Cursors no answer gave: a transaction far ahead of any begun, and an event id not yet written. */
async function futureCursors(): Promise<string[]> {
  const { xid, id } = await feedNext();
  return [`${xid + 10n ** 12n}-0`, `${xid}-${id + 10n ** 12n}`];
}

it('the change feed, webhook and sync routes are strict, and only they', () => {
  expect(STRICT_ROUTES.map(nameOf).sort()).toEqual(
    ROUTES.filter((route) => /^\/(changes|webhooks|sync)(\/|$)/.test(route.path))
      .map(nameOf)
      .sort(),
  );
  expect(STRICT_ROUTES.length).toBeGreaterThanOrEqual(13);
});

describe.each(STRICT_ROUTES.map((route) => [nameOf(route), route] as const))('%s', (_name, route) => {
  it('refuses a query parameter it does not take, naming it, before it acts', async () => {
    const reply = await call(t.base, route.method, `${pathOf(route, { webhookKey, jobKey })}?_=12345`, {
      headers: asAdmin,
      body: route.bodyArg ? {} : undefined,
    });
    expectRefused(reply, 'unknown query parameter "_"');
  });
});

it('takes the service token as a query parameter, which is no parameter of the operation', async () => {
  const login = await call(t.base, 'GET', `/restapi/auth/${ADMIN.login}?password=${ADMIN.password}`);
  const token = login.headers.get('x-service-token')!;
  expect(token).toBeTruthy();
  expect((await call(t.base, 'GET', `/restapi/changes?X-SERVICE-TOKEN=${encodeURIComponent(token)}&limit=1`, { headers: JSON_TYPE })).status).toBe(200);
});

describe('POST /sync reads its switches strictly', () => {
  it.each(['1', 'yes', 'on', 'TRUE', 'True', '', ' true', '0', 'no'])('dryRun=%j is a 400 and nothing is staged or applied', async (value) => {
    const jobs = await countOf('sync_job');
    const groups = await countOf('business_group');
    const reply = await call(t.base, 'POST', `/restapi/sync?dryRun=${encodeURIComponent(value)}`, {
      headers: asAdmin,
      body: { groups: [{ externalId: `strict-dry-${value}`, name: 'Not dry' }] },
    });
    expectRefused(reply, 'query parameter "dryRun" must be true or false');
    expect(await countOf('sync_job')).toBe(jobs);
    expect(await countOf('business_group')).toBe(groups);
  });

  it.each(['atomic', 'force'])('%s=1 is a 400 naming it', async (name) => {
    const reply = await call(t.base, 'POST', `/restapi/sync?dryRun=true&${name}=1`, { headers: asAdmin, body: { groups: [] } });
    expectRefused(reply, `query parameter "${name}" must be true or false`);
  });

  it('a switch given twice is a 400, true and false are read as they say', async () => {
    expectRefused(
      await call(t.base, 'POST', '/restapi/sync?dryRun=true&dryRun=false', { headers: asAdmin, body: { groups: [] } }),
      'query parameter "dryRun" is given more than once',
    );
    const dry = await call(t.base, 'POST', '/restapi/sync?dryRun=true&atomic=false&force=false', {
      headers: asAdmin,
      body: { groups: [{ externalId: 'strict-read-G', name: 'Read' }] },
    });
    expect({ status: dry.status, dryRun: dry.json.dryRun }).toEqual({ status: 200, dryRun: true });
    const applied = await call(t.base, 'POST', '/restapi/sync?dryRun=false&atomic=true', {
      headers: asAdmin,
      body: { groups: [{ externalId: 'strict-read-G', name: 'Read' }] },
    });
    expect({ status: applied.status, dryRun: applied.json.dryRun, atomic: applied.json.atomic }).toEqual({ status: 202, dryRun: false, atomic: true });
  });
});

describe('limits, pages and cursors', () => {
  it.each([
    ['/restapi/changes', 'limit', ['-1', '0', '1.5', '1e2', '0x10', ' 5', 'abc', '1001']],
    ['/restapi/changes', 'wait', ['-1', '1.5', 'soon']],
    ['/restapi/sync', 'limit', ['-1', '0', '1001', 'ten']],
    ['/restapi/sync/{job}/items', 'limit', ['-1', '0', '10001']],
    ['/restapi/sync/{job}/items', 'after', ['-1', '1e1', '99999']],
    ['/restapi/sync/{job}/items', 'section', ['people']],
    ['/restapi/sync/{job}/items', 'action', ['delete']],
    ['/restapi/webhooks/{webhook}/failures', 'limit', ['-1', '0', '1001']],
  ])('GET %s refuses %s=%j, naming it', async (path, name, values) => {
    for (const value of values) {
      const url = `${path.replace('{job}', String(jobKey)).replace('{webhook}', String(webhookKey))}?${name}=${encodeURIComponent(value)}`;
      const reply = await call(t.base, 'GET', url, { headers: asAdmin });
      expect({ value, status: reply.status }).toEqual({ value, status: 400 });
      expect((reply.json as { translation: string }).translation).toMatch(new RegExp(`^(query parameter "${name}"|${name}:)`));
    }
  });

  it('a page of sync items reads up to the last object and no further', async () => {
    const items = await call(t.base, 'GET', `/restapi/sync/${jobKey}/items`, { headers: asAdmin });
    const last = items.json.at(-1).seq;
    expect((await call(t.base, 'GET', `/restapi/sync/${jobKey}/items?after=${last}&section=groups&action=create`, { headers: asAdmin })).json).toEqual([]);
    expectRefused(
      await call(t.base, 'GET', `/restapi/sync/${jobKey}/items?after=${last + 1}`, { headers: asAdmin }),
      'after: the seq of an object of the job (0: from the start)',
    );
  });

  it('GraphQL refuses the same limits and pages (BAD_REQUEST)', async () => {
    for (const [query, variables] of [
      ['query($l: Int) { changes(limit: $l) { next } }', { l: -1 }],
      ['query($l: Int) { syncJobs(limit: $l) { key } }', { l: -1 }],
      ['query($j: Long!, $l: Int) { syncItems(jobKey: $j, limit: $l) { seq } }', { j: jobKey, l: -1 }],
      ['query($j: Long!, $a: Int) { syncItems(jobKey: $j, after: $a) { seq } }', { j: jobKey, a: -1 }],
      ['query($j: Long!, $a: Int) { syncItems(jobKey: $j, after: $a) { seq } }', { j: jobKey, a: 99999 }],
      ['query($w: Long!, $l: Int) { webhookFailures(webhookKey: $w, limit: $l) { key } }', { w: webhookKey, l: -1 }],
    ] as const) {
      const reply = await graphql(t.base, adminAuth(), query, variables);
      expect({ query, code: reply.body.errors?.[0]?.extensions?.code }).toEqual({ query, code: 'BAD_REQUEST' });
    }
  });

  it('a cursor beyond the end of the feed is a 400 on both transports; the newest one is read', async () => {
    const newest = await feedNext();
    expect((await call(t.base, 'GET', `/restapi/changes?after=${newest.text}`, { headers: asAdmin })).status).toBe(200);
    expect((await call(t.base, 'GET', `/restapi/webhooks/${webhookKey}/failures?after=${newest.text}`, { headers: asAdmin })).status).toBe(200);
    const before = (await call(t.base, 'GET', `/restapi/webhooks/${webhookKey}`, { headers: asAdmin })).json.cursor;
    for (const future of await futureCursors()) {
      const feed = await call(t.base, 'GET', `/restapi/changes?after=${future}`, { headers: asAdmin });
      expect(feed.status).toBe(400);
      expect(feed.json.translation).toMatch(new RegExp(`^after: "${future}" lies beyond the end of the feed`));
      const failures = await call(t.base, 'GET', `/restapi/webhooks/${webhookKey}/failures?after=${future}`, { headers: asAdmin });
      expect(failures.status).toBe(400);
      const replay = await call(t.base, 'POST', `/restapi/webhooks/${webhookKey}/replay?from=${future}`, { headers: asAdmin });
      expect(replay.status).toBe(400);
      expect(replay.json.translation).toMatch(/^from: .* lies beyond the end of the feed/);
      for (const query of [
        'query($a: String) { changes(after: $a) { next } }',
        `query($a: String) { webhookFailures(webhookKey: ${webhookKey}, after: $a) { key } }`,
        `mutation($a: String) { replayWebhook(webhookKey: ${webhookKey}, from: $a) { cursor } }`,
      ]) {
        const reply = await graphql(t.base, adminAuth(), query, { a: future });
        expect({ query, code: reply.body.errors?.[0]?.extensions?.code }).toEqual({ query, code: 'BAD_REQUEST' });
      }
    }
    // No replay moved the subscription.
    expect((await call(t.base, 'GET', `/restapi/webhooks/${webhookKey}`, { headers: asAdmin })).json.cursor).toBe(before);
  });
});
