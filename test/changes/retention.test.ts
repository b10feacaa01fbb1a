import { Client } from 'pg';
import { purgeChanges } from '../../src/changes/repository';
import { JSON_TYPE, XML_TYPE, call, graphql } from '../support/http';
import { adminAuth, startTestService, type TestService } from '../support/service';

/**
 * Retention (run by the service's housekeeping at start and every ten minutes): events older than
 * CHANGES_RETENTION_DAYS are deleted, and a reader whose cursor lies behind them is told so (410).
 */

let t: TestService;
let db: Client;
beforeAll(async () => {
  t = await startTestService({ changesRetentionDays: 30 });
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

/** `count` events `daysAgo` days old, of type `type`, about the administrator, in one transaction; their cursors. */
async function insertEvents(type: string, count: number, daysAgo: number): Promise<string[]> {
  const { rows } = await db.query(
    `insert into change_event (at, type, object_type, object_key, keys) select now() - make_interval(days => $1), $2, 'user', '1', '{}' from generate_series(1, $3)
     returning xid::text || '-' || id as cursor`,
    [daysAgo, type, count],
  );
  return rows.map((row) => row.cursor as string);
}

const typesLeft = async () => (await db.query(`select type, count(*)::int as n from change_event group by type order by type`)).rows;

it('deletes the events older than the retention in batches, keeps the others, and refuses a cursor behind them with 410 on both transports', async () => {
  const old = await insertEvents('test.old.written', 25_000, 40);
  const [recent] = await insertEvents('test.recent.written', 3, 1);

  await purgeChanges(t.service.orm.em.fork(), 30);

  expect(await typesLeft()).toEqual([{ type: 'test.recent.written', n: 3 }]);
  const behind = await call(t.base, 'GET', `/restapi/changes?after=${old[100]}`, { headers: { ...adminAuth(), ...JSON_TYPE } });
  expect(behind.status).toBe(410);
  expect(behind.json).toEqual({ code: 'GONE', translation: expect.stringContaining(`up to ${old.at(-1)} are no longer kept`) });
  const inXml = await call(t.base, 'GET', `/restapi/changes?after=${old[100]}`, { headers: { ...adminAuth(), ...XML_TYPE } });
  expect(inXml.status).toBe(410);
  expect(inXml.text).toContain('<code>GONE</code>');
  const viaGraphql = await graphql(t.base, adminAuth(), `{ changes(after: "${old[100]}") { next } }`);
  expect(viaGraphql.body.errors[0].extensions.code).toBe('GONE');

  // From the horizon on, and from the start, the feed reads what is kept.
  const fromHorizon = await call(t.base, 'GET', `/restapi/changes?after=${old.at(-1)}&types=test.recent.written`, { headers: adminAuth() });
  expect(fromHorizon.json.events[0].cursor).toBe(recent);
  const fromStart = await call(t.base, 'GET', '/restapi/changes?types=test.recent.written', { headers: adminAuth() });
  expect(fromStart.json.events).toHaveLength(3);
});
