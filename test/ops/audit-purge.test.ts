import { Client } from 'pg';
import { purgeAuditLog } from '../../src/audit/audit-log';
import { eventually } from '../support/eventually';
import { startTestService, type TestService } from '../support/service';

/**
 * The audit purge (run by the service's housekeeping at start and every ten minutes) deletes the
 * rows older than AUDIT_RETENTION_DAYS and nothing else, through the index on `at`.
 */

let service: TestService;
let db: Client;

beforeAll(async () => {
  service = await startTestService({ auditRetentionDays: 30 });
  db = new Client({ connectionString: service.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await service.stop();
});

/** Inserts `count` audit rows `daysAgo` days (plus `minutes`) old, under the operation `tag`. */
const insertRows = (tag: string, count: number, daysAgo: number, minutes = 0) =>
  db.query(
    `insert into audit_log (at, transport, operation, object_type, object_key)
     select now() - make_interval(days => $1, mins => $2), 'rest', $3, 'user', n::text from generate_series(1, $4) n`,
    [daysAgo, minutes, tag, count],
  );

const countOf = async (tag: string) => Number((await db.query(`select count(*) as n from audit_log where operation = $1`, [tag])).rows[0].n);

it('deletes only the rows older than the retention: a minute past it goes, a minute short of it stays', async () => {
  await insertRows('purge-old', 40, 400);
  await insertRows('purge-just-past', 5, 30, 1);
  await insertRows('purge-just-short', 7, 29, 59 + 23 * 60);
  await insertRows('purge-recent', 11, 0);

  await purgeAuditLog(service.service.orm.em.fork(), 30);

  expect(await countOf('purge-old')).toBe(0);
  expect(await countOf('purge-just-past')).toBe(0);
  expect(await countOf('purge-just-short')).toBe(7);
  expect(await countOf('purge-recent')).toBe(11);

  // A longer retention keeps what a shorter one would delete.
  await insertRows('purge-longer', 3, 100);
  await purgeAuditLog(service.service.orm.em.fork(), 365);
  expect(await countOf('purge-longer')).toBe(3);
  await purgeAuditLog(service.service.orm.em.fork(), 99);
  expect(await countOf('purge-longer')).toBe(0);
  expect(await countOf('purge-recent')).toBe(11);
});

it("the service's housekeeping runs the purge with AUDIT_RETENTION_DAYS: a restart on the same database purges", async () => {
  await insertRows('housekeeping-old', 20, 31);
  await insertRows('housekeeping-kept', 4, 29);
  const second = await startTestService({ auditRetentionDays: 30 }, service.databaseUrl.split('/').pop());
  try {
    await eventually(async () => expect(await countOf('housekeeping-old')).toBe(0), 10_000);
    expect(await countOf('housekeeping-kept')).toBe(4);
  } finally {
    await second.stop();
  }
});

it('the purge deletes through the index on `at`, not by reading the whole table', async () => {
  // 200,000 recent rows and a few old ones: a sequential scan would read them all.
  await insertRows('explain-recent', 200_000, 0);
  await insertRows('explain-old', 10, 400);
  await db.query('analyze audit_log');
  const plan = (await db.query(`explain delete from audit_log where at < now() - make_interval(days => 30)`)).rows
    .map((row: Record<string, string>) => row['QUERY PLAN'])
    .join('\n');
  expect(plan).toMatch(/Index (Only )?Scan using audit_log_at_index|Bitmap Index Scan on audit_log_at_index/);
  expect(plan).not.toMatch(/Seq Scan/);
  await purgeAuditLog(service.service.orm.em.fork(), 30);
  expect(await countOf('explain-old')).toBe(0);
  expect(await countOf('explain-recent')).toBe(200_000);
}, 60_000);
