import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { uniqueLogin } from '../factories';
import { readState } from '../support/database';
import { JSON_TYPE, call } from '../support/http';
import { startServiceProcess, type ServiceProcess } from '../support/process';
import { adminAuth } from '../support/service';

/** A sync job across a restart of the process that runs it, as an operator's supervisor restarts it: SIGTERM and kill -9. */

const name = `gateway_sync_process_${process.pid}`;
const onServer = async <T>(database: string, work: (client: Client) => Promise<T>): Promise<T> => {
  const client = new Client({ connectionString: `${readState().serverUrl}${database}` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};
beforeAll(() => onServer('postgres', (client) => client.query(`create database ${name} template ${readState().templateDatabase}`)));
afterAll(() => onServer('postgres', (client) => client.query(`drop database if exists ${name} with (force)`)));

const asAdmin = { ...adminAuth(), ...JSON_TYPE };
// Small batches, one at a time, and a short lease: the kill lands between batches, the next instance takes over soon.
const env = { DATABASE_URL: `${readState().serverUrl}${name}`, SYNC_BATCH_SIZE: '5', SYNC_PARALLEL_BATCHES: '1', SYNC_LEASE_SECONDS: '2' };
const PEOPLE = 150;
/** The person whose login another transaction holds: the job waits at that batch, so the signal lands while it runs. */
const HELD = PEOPLE / 2;

type Job = { key: number; state: string; sections: { section: string; done: number; created: number; failed: number }[] };
const users = (job: Job) => job.sections.find((section) => section.section === 'users')!;

async function jobOn(base: string, key: number): Promise<Job> {
  return (await call(base, 'GET', `/restapi/sync/${key}`, { headers: asAdmin })).json;
}

async function until(base: string, key: number, done: (job: Job) => boolean): Promise<Job> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const job = await jobOn(base, key);
    if (done(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${key} did not get there`);
}

async function submitted(base: string, prefix: string): Promise<number> {
  const people = Array.from({ length: PEOPLE }, (_, index) => ({
    externalId: `${prefix}-${index}`,
    login: `${prefix}-${index}`,
    firstName: 'Process',
    lastName: 'Restart',
    email: `${prefix}-${index}@example.org`,
  }));
  const reply = await call(base, 'POST', '/restapi/sync', { headers: asAdmin, body: { users: people } });
  expect(reply.status).toBe(202);
  return reply.json.key;
}

/**
 * Inserts the `HELD` person of `prefix` in a transaction left open: the job's insert of that login waits for it at
 * the batch holding that person, however fast the batches before it went. `release` rolls it back; the job goes on.
 */
async function holdBack(prefix: string) {
  const client = new Client({ connectionString: `${readState().serverUrl}${name}` });
  await client.connect();
  await client.query('begin');
  await client.query(`insert into identity (login, first_name, last_name) values ($1, 'Held', 'Back')`, [`${prefix}-${HELD}`]);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await client.query('rollback');
    await client.end();
  };
}

/** Every person of the document once, and one audit row for each creation: nothing written twice, nothing lost. */
async function expectEachOnce(prefix: string) {
  const [people, audited] = await onServer(name, async (client) => [
    (await client.query(`select count(*)::int as n from identity where login like $1`, [`${prefix}-%`])).rows[0].n,
    (await client.query(`select count(*)::int as n from audit_log where operation = 'createUser' and changes->'user'->>'login' like $1`, [`${prefix}-%`]))
      .rows[0].n,
  ]);
  expect({ people, audited }).toEqual({ people: PEOPLE, audited: PEOPLE });
}

it.each(['SIGKILL', 'SIGTERM'] as const)(
  '%s to the process running a job: the next one finishes it, every object written once',
  async (signal) => {
    const prefix = uniqueLogin(signal.toLowerCase());
    let first: ServiceProcess | undefined = await startServiceProcess(env);
    let second: ServiceProcess | undefined;
    const release = await holdBack(prefix);
    try {
      const key = await submitted(first.base, prefix);
      await until(first.base, key, (job) => users(job).done >= 10);
      first.child.kill(signal);
      // A stopping instance leaves off after the batch under way: that batch may go on now.
      await release();
      expect(await first.exited).toBe(signal === 'SIGKILL' ? 'SIGKILL' : 0);
      first = undefined;
      // What the stopped instance left, read before another instance can take the job on (once it runs, it may have
      // done any number of batches by the time a request reaches it).
      const left = await onServer(name, async (client) => {
        const { rows } = await client.query(`select state, (progress->'users'->>'done')::int as done from sync_job where id = $1`, [key]);
        return rows[0] as { state: string; done: number };
      });
      expect(left.state).toBe('running');
      expect(left.done).toBeLessThanOrEqual(HELD + Number(env.SYNC_BATCH_SIZE));
      second = await startServiceProcess(env);
      const job = await until(second.base, key, (current) => current.state !== 'running');
      expect(job.state).toBe('done');
      expect(users(job)).toMatchObject({ done: PEOPLE, created: PEOPLE, failed: 0 });
      await expectEachOnce(prefix);
    } finally {
      await release();
      first?.child.kill('SIGKILL');
      if (second) {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    }
  },
  120_000,
);

it('Ctrl-C to the command line running a sync: it leaves off after its batch, exit code 1, and a service finishes the job', async () => {
  const prefix = uniqueLogin('clisigint');
  const file = path.join(os.tmpdir(), `${prefix}.json`);
  const people = Array.from({ length: PEOPLE }, (_, index) => ({
    externalId: `${prefix}-${index}`,
    login: `${prefix}-${index}`,
    firstName: 'C',
    lastName: 'Li',
    email: `${prefix}-${index}@example.org`,
  }));
  fs.writeFileSync(file, JSON.stringify({ users: people }));
  // A service that runs no jobs has made the administrator the command acts as.
  const bootstrap = await startServiceProcess({ ...env, SYNC_RUN: 'false' });
  bootstrap.child.kill('SIGTERM');
  await bootstrap.exited;
  const release = await holdBack(prefix);
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/cli/main.ts', 'sync', file], {
    cwd: path.join(__dirname, '../..'),
    env: { ...process.env, ...env, NODE_ENV: 'production' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let service: ServiceProcess | undefined;
  try {
    const progressed = async () =>
      onServer(name, async (client) => {
        const { rows } = await client.query(
          `select id::int as key, (progress->'users'->>'done')::int as done from sync_job where transport = 'cli' order by id desc limit 1`,
        );
        return rows[0] as { key: number; done: number | null } | undefined;
      });
    let job = await progressed();
    for (const deadline = Date.now() + 60_000; !(job && (job.done ?? 0) >= 10) && Date.now() < deadline; job = await progressed())
      await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGINT');
    await release();
    expect(await exited).toBe(1);
    expect(stderr).toContain(`job ${job!.key} left off after its last batch: a running service (npm start) takes it up`);
    service = await startServiceProcess(env);
    const finished = await until(service.base, job!.key, (current) => current.state !== 'running' && current.state !== 'queued');
    expect(finished.state).toBe('done');
    expect(users(finished)).toMatchObject({ done: PEOPLE, created: PEOPLE, failed: 0 });
    await expectEachOnce(prefix);
  } finally {
    await release();
    child.kill('SIGKILL');
    fs.rmSync(file, { force: true });
    if (service) {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  }
}, 120_000);
