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
    try {
      const key = await submitted(first.base, prefix);
      await until(first.base, key, (job) => users(job).done >= 10);
      first.child.kill(signal);
      expect(await first.exited).toBe(signal === 'SIGKILL' ? 'SIGKILL' : 0);
      first = undefined;
      second = await startServiceProcess(env);
      const left = await jobOn(second.base, key);
      expect(left.state).toBe('running');
      expect(users(left).done).toBeLessThan(PEOPLE);
      const job = await until(second.base, key, (current) => current.state !== 'running');
      expect(job.state).toBe('done');
      expect(users(job)).toMatchObject({ done: PEOPLE, created: PEOPLE, failed: 0 });
      await expectEachOnce(prefix);
    } finally {
      first?.child.kill('SIGKILL');
      if (second) {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    }
  },
  120_000,
);
