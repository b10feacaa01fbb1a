import fs from 'node:fs';
import { Client } from 'pg';
import type { RunningDatabase } from '../../src/db/embedded';
import { OPENAPI_FILE, STATE_FILE, readState } from './database';

export default async function globalTeardown() {
  const { serverUrl, templateDatabase, testDatabasePrefix } = readState();
  const client = new Client({ connectionString: `${serverUrl}postgres` });
  await client.connect();
  let names: string[];
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [testDatabasePrefix]);
    names = [templateDatabase, ...rows.map((row) => row.datname)];
  } finally {
    await client.end();
  }
  await dropDatabases(serverUrl, names);
  const db = (globalThis as Record<string, unknown>).__embeddedDb as RunningDatabase | undefined;
  if (db) {
    await db.stop();
    const { embeddedDir } = readState();
    if (embeddedDir) fs.rmSync(embeddedDir, { recursive: true, force: true });
  }
  fs.rmSync(STATE_FILE, { force: true });
  fs.rmSync(OPENAPI_FILE, { force: true });
}

/**
 * Drops the databases side by side: each drop waits for a checkpoint, and drops that wait together
 * share one, where a drop at the end of each test file cost a checkpoint each.
 */
export async function dropDatabases(serverUrl: string, names: string[], connections = 8): Promise<void> {
  const queue = [...names];
  await Promise.all(
    Array.from({ length: Math.min(connections, queue.length) }, async () => {
      const client = new Client({ connectionString: `${serverUrl}postgres` });
      await client.connect();
      try {
        for (let name = queue.shift(); name !== undefined; name = queue.shift()) await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    }),
  );
}
