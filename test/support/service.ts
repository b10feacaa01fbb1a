import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../src/config/config';
import { startService, type RunningService, type ServiceOptions } from '../../src/server';
import { onTestServer, readState } from './database';
import { basic, type Headers } from './http';

export const ADMIN = { login: 'administrator', password: 'admin-test-password' };

export const adminAuth = (): Headers => basic(ADMIN.login, ADMIN.password);

export interface TestService {
  base: string;
  service: RunningService;
  databaseUrl: string;
  stop: () => Promise<void>;
}

let counter = 0;

const testDatabaseName = () => `${readState().testDatabasePrefix}${process.pid}_${randomBytes(4).toString('hex')}_${++counter}`;

/**
 * A test database's sessions commit without waiting for the WAL to reach the disk: what a commit
 * makes visible, and when, stays the same (only a crash of the PostgreSQL server could lose the last
 * commits), and thousands of commits a file no longer wait for an fsync each.
 */
const withoutCommitFlush = (name: string) => `alter database ${name} set synchronous_commit = off`;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    host: '127.0.0.1',
    port: 0,
    adminPassword: ADMIN.password,
    bcryptCost: 4,
    logLevel: 'silent',
    // Files run in parallel against one PostgreSQL server (max_connections 100 here): each service holds few connections.
    databasePoolSize: 3,
    ...overrides,
  };
}

/** Starts the whole service in-process on a fresh database of the test server. */
export async function startTestService(overrides: Partial<Config> = {}, database?: string, options?: ServiceOptions): Promise<TestService> {
  // jest gives every test file its own module registry (the counter starts again), in the same process: the random part keeps a file's databases apart from those an earlier file left behind.
  const name = database ?? testDatabaseName();
  if (!database) await onTestServer(`create database ${name} template ${readState().templateDatabase}`, withoutCommitFlush(name));
  const databaseUrl = `${readState().serverUrl}${name}`;
  const service = await startService(testConfig({ databaseUrl, ...overrides }), () => undefined, options);
  return {
    base: `http://127.0.0.1:${service.port}`,
    service,
    databaseUrl,
    // The database stays until the global teardown drops this run's databases together (./global-teardown.ts).
    stop: () => service.stop(),
  };
}

/**
 * Starts `count` instances of the service at once on one fresh database, as N instances behind a
 * load balancer start (they apply the migrations and the bootstrap in turns); `stop` stops them all.
 * `migrated`: the database is a copy of the migrated template, for tests of what instances share once running.
 */
export async function startTestInstances(
  count: number,
  overrides: Partial<Config> = {},
  { migrated = false } = {},
): Promise<{ instances: TestService[]; stop: () => Promise<void> }> {
  const name = testDatabaseName();
  await onTestServer(`create database ${name}${migrated ? ` template ${readState().templateDatabase}` : ''}`, withoutCommitFlush(name));
  const started = await Promise.allSettled(Array.from({ length: count }, () => startTestService(overrides, name)));
  const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    for (const instance of instances) await instance.stop();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { instances, stop };
}
