import { buildGroup, buildUsers, uniqueLogin } from '../factories';
import { JSON_TYPE, call } from '../support/http';
import { adminAuth, startTestService, testConfig, type TestService } from '../support/service';

/**
 * Sync jobs as instances run them: one instance that only queues (SYNC_RUN=false) and instances started and stopped
 * beside it on the same database, as a restart or a second instance would.
 */

let queue: TestService;
let database: string;
const runnerConfig = { sync: { ...testConfig().sync, batchSize: 2, concurrency: 1 } };
beforeAll(async () => {
  queue = await startTestService({ sync: { ...testConfig().sync, run: false, dryRunWaitSeconds: 0, documentLimitBytes: 65_536 } });
  database = queue.databaseUrl.slice(queue.databaseUrl.lastIndexOf('/') + 1);
});
afterAll(() => queue.stop());

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
type Json = Record<string, any>;

const submit = (document: unknown, query = '') => call(queue.base, 'POST', `/restapi/sync${query}`, { headers: asAdmin, body: document });
const jobOf = async (key: number): Promise<Json> => (await call(queue.base, 'GET', `/restapi/sync/${key}`, { headers: asAdmin })).json;

async function until(key: number, done: (job: Json) => boolean, ms = 60_000): Promise<Json> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    const job = await jobOf(key);
    if (done(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${key} did not get there`);
}
const ended = (key: number) => until(key, (job) => !['queued', 'running'].includes(job.state));

async function sql<T = Json>(text: string, params: unknown[] = []): Promise<T[]> {
  return queue.service.orm.em.fork().getConnection().execute(text, params);
}

const people = (tag: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    externalId: `${tag}-${index}`,
    login: `${tag}-${index}`,
    firstName: 'Restart',
    lastName: 'Test',
    email: `${tag}-${index}@example.org`,
  }));

describe('a restart', () => {
  it('during a job: the next instance resumes after the last committed batch, and every object is written once', async () => {
    const tag = uniqueLogin('restart');
    const submitted = await submit({ users: people(tag, 120) });
    expect(submitted.status).toBe(202);
    expect(submitted.json.state).toBe('queued');
    const first = await startTestService(runnerConfig, database);
    const midway = await until(submitted.json.key, (job) => job.sections[1].done >= 6);
    await first.stop();
    const left = await jobOf(submitted.json.key);
    expect(left.state).toBe('running');
    expect(left.sections[1].done).toBeGreaterThanOrEqual(midway.sections[1].done);
    expect(left.sections[1].done).toBeLessThan(120);
    const second = await startTestService(runnerConfig, database);
    try {
      const job = await ended(submitted.json.key);
      expect(job.state).toBe('done');
      expect(job.sections[1]).toMatchObject({ total: 120, done: 120, created: 120, failed: 0 });
      const [{ count }] = await sql<{ count: number }>(`select count(*)::int as count from identity where login like ?`, [`${tag}-%`]);
      expect(count).toBe(120);
      const [{ audited }] = await sql<{ audited: number }>(
        `select count(*)::int as audited from audit_log where operation = 'createUser' and changes->'user'->>'login' like ?`,
        [`${tag}-%`],
      );
      expect(audited).toBe(120);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('of an instance that died holding a job: another takes it up once the lease has run out; a dry run says it stopped', async () => {
    const tag = uniqueLogin('dead');
    const applied = await submit({ users: people(tag, 5) });
    const planned = await submit({ users: people(`${tag}-dry`, 5) }, '?dryRun=true');
    // No instance ran the dry run within SYNC_DRY_RUN_WAIT_SECONDS (0 here): it is a job to read later.
    expect(planned.status).toBe(202);
    expect(planned.headers.get('location')).toBe(`/restapi/sync/${planned.json.key}`);
    // As an instance leaves them when it is killed: running, held, the lease run out.
    await sql(`update sync_job set state = 'running', lease_holder = 'killed', leased_until = now() - interval '1 second', attempts = 1 where id in (?, ?)`, [
      applied.json.key,
      planned.json.key,
    ]);
    const runner = await startTestService(runnerConfig, database);
    try {
      expect(await ended(applied.json.key)).toMatchObject({ state: 'done', sections: expect.arrayContaining([expect.objectContaining({ created: 5 })]) });
      const dry = await ended(planned.json.key);
      expect(dry.state).toBe('stopped');
      expect(dry.error).toMatch(/send the document again/);
    } finally {
      await runner.stop();
    }
  });
});

describe('a database crash', () => {
  it("empties the job's objects (kept without the write-ahead log): the next instance fails the job and says so, and writes nothing", async () => {
    const [{ kept }] = await sql<{ kept: string }>(
      `select string_agg(relname || ':' || relpersistence::text, ',' order by relname) as kept from pg_class where relname in ('sync_item', 'sync_outcome', 'sync_job')`,
    );
    expect(kept).toBe('sync_item:u,sync_job:p,sync_outcome:u');
    const tag = uniqueLogin('crash');
    const queued = await submit({ users: people(tag, 4) });
    expect(queued.json.state).toBe('queued');
    // What PostgreSQL leaves of an unlogged table when it recovers from a crash: nothing.
    await sql('delete from sync_outcome where job_id = ?', [queued.json.key]);
    await sql('delete from sync_item where job_id = ?', [queued.json.key]);
    const runner = await startTestService(runnerConfig, database);
    try {
      const job = await ended(queued.json.key);
      expect(job).toMatchObject({ state: 'failed', error: 'the objects of this job were lost: the database restarted after a crash; send the document again' });
      const [{ count }] = await sql<{ count: number }>(`select count(*)::int as count from identity where login like ?`, [`${tag}-%`]);
      expect(count).toBe(0);
      // A job of no objects is no loss: it ends as it always did.
      const empty = await submit({ users: [] });
      expect((await ended(empty.json.key)).state).toBe('done');
    } finally {
      await runner.stop();
    }
  });
});

describe('one mirror job per container', () => {
  it('refuses a second mirror of the same container (409) until the first has ended; merges and other containers go on', async () => {
    const tag = uniqueLogin('claim');
    const [one, two] = await buildUsers(t(), 2, {}, (index) => ({ externalId: `${tag}-P${index}` }));
    await buildGroup(t(), { externalId: `${tag}-G` });
    await buildGroup(t(), { externalId: `${tag}-H` });
    const group = (externalId: string) => ({ memberships: [{ type: 'group', externalId, role: 'participant', members: [one.login, two.login] }] });
    const first = await submit(group(`${tag}-G`), '?mode=mirror');
    expect(first.status).toBe(202);
    const second = await submit(group(`${tag}-G`), '?mode=mirror');
    expect(second.status).toBe(409);
    expect(second.json.translation).toBe(`a mirror job of the same containers is under way: group:${tag}-G (job ${first.json.key})`);
    expect((await submit(group(`${tag}-G`))).status).toBe(202);
    expect((await submit(group(`${tag}-H`), '?mode=mirror')).status).toBe(202);
    const runner = await startTestService(runnerConfig, database);
    try {
      expect((await ended(first.json.key)).state).toBe('done');
      const third = await submit(group(`${tag}-G`), '?mode=mirror');
      expect(third.status).toBe(202);
      expect((await ended(third.json.key)).state).toBe('done');
    } finally {
      await runner.stop();
    }
  });
});

describe('the document', () => {
  it('larger than SYNC_DOCUMENT_LIMIT_BYTES is refused (413) and leaves no job', async () => {
    const [{ before }] = await sql<{ before: number }>('select count(*)::int as before from sync_job');
    const reply = await submit({ users: people(uniqueLogin('big'), 1000) });
    expect(reply.status).toBe(413);
    const [{ after }] = await sql<{ after: number }>('select count(*)::int as after from sync_job');
    expect(after).toBe(before);
  });
});

const t = () => queue;
