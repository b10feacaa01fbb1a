import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/**
 * Shared between jest's global setup and the test files (they may run in other processes, which
 * inherit the environment): one file per jest run, so that runs side by side keep their servers.
 */
export const STATE_FILE = (process.env.GATEWAY_TEST_STATE_FILE ??= path.join(os.tmpdir(), `gateway-test-db-${process.pid}.json`));

/** openapi.json as the service publishes it, written by the global setup for the response checks (./response-schema.ts). */
export const OPENAPI_FILE = STATE_FILE.replace(/\.json$/, '-openapi.json');

export interface TestDatabaseState {
  /** Server URL without a database name (ends with '/'). */
  serverUrl: string;
  embeddedDir?: string;
  /** A database with every migration applied, which each test service's database copies (`create database … template …`). */
  templateDatabase: string;
  /** How the names of this run's test databases begin: the global teardown drops them all at once (a run stopped before it, e.g. by Ctrl-C, leaves them, as it leaves the template). */
  testDatabasePrefix: string;
}

/** `gateway_run<pid of the jest run>_`; the names go on with the worker's pid, a random part and a counter. */
export const testDatabasePrefix = (runPid: number) => `gateway_run${runPid}_`;

export function readState(): TestDatabaseState {
  return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
}

/** Runs statements on the test server's `postgres` database (creating and dropping databases), one connection for all. */
export async function onTestServer(...statements: string[]): Promise<void> {
  const client = new Client({ connectionString: `${readState().serverUrl}postgres` });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
