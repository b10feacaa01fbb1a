import { Client } from 'pg';
import { loadConfig, type Config } from '../../src/config/config';
import { startService, type RunningService } from '../../src/server';
import { readState } from './database';
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

async function admin(sql: string) {
  const client = new Client({ connectionString: `${readState().serverUrl}postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    host: '127.0.0.1',
    port: 0,
    adminPassword: ADMIN.password,
    bcryptCost: 4,
    ...overrides,
  };
}

/** Starts the whole service in-process on a fresh database of the test server. */
export async function startTestService(overrides: Partial<Config> = {}, database?: string): Promise<TestService> {
  const name = database ?? `gateway_test_${process.pid}_${++counter}`;
  if (!database) await admin(`create database ${name}`);
  const databaseUrl = `${readState().serverUrl}${name}`;
  const service = await startService(testConfig({ databaseUrl, ...overrides }), () => undefined);
  return {
    base: `http://127.0.0.1:${service.port}`,
    service,
    databaseUrl,
    stop: async () => {
      await service.stop();
      if (!database) await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
