import fs from 'node:fs';
import { Client } from 'pg';
import type { RunningDatabase } from '../../src/db/embedded';
import { OPENAPI_FILE, STATE_FILE, readState } from './database';

export default async function globalTeardown() {
  const { serverUrl, templateDatabase } = readState();
  const client = new Client({ connectionString: `${serverUrl}postgres` });
  await client.connect();
  await client.query(`drop database if exists ${templateDatabase} with (force)`);
  await client.end();
  const db = (globalThis as Record<string, unknown>).__embeddedDb as RunningDatabase | undefined;
  if (db) {
    await db.stop();
    const { embeddedDir } = readState();
    if (embeddedDir) fs.rmSync(embeddedDir, { recursive: true, force: true });
  }
  fs.rmSync(STATE_FILE, { force: true });
  fs.rmSync(OPENAPI_FILE, { force: true });
}
