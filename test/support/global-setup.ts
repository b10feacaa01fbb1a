import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded';
import { execFileSync } from 'node:child_process';
import { OPENAPI_FILE, STATE_FILE, testDatabasePrefix, type TestDatabaseState } from './database';

/**
 * Tests use the PostgreSQL server named by DATABASE_URL (the machine's 127.0.0.1:5432 in CI), or
 * else an embedded one started here. Each test file then creates its own database on that server.
 */
export default async function globalSetup() {
  let state: Omit<TestDatabaseState, 'templateDatabase' | 'testDatabasePrefix'>;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/';
    state = { serverUrl: url.toString() };
    const client = new Client({ connectionString: `${state.serverUrl}postgres` });
    await client.connect();
    await client.end();
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-test-pg-'));
    fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as its own user, which must reach the data directory
    const db = await startEmbeddedPostgres(path.join(dir, 'data'), 54330 + (process.pid % 500), () => undefined);
    (globalThis as Record<string, unknown>).__embeddedDb = db;
    const url = new URL(db.url);
    url.pathname = '/';
    state = { serverUrl: url.toString(), embeddedDir: dir };
  }
  // Migrated once here: each test service's database is a copy of it, instead of running every migration again.
  const templateDatabase = `gateway_template_${process.pid}`;
  const client = new Client({ connectionString: `${state.serverUrl}postgres` });
  await client.connect();
  try {
    await client.query(`drop database if exists ${templateDatabase}`);
    await client.query(`create database ${templateDatabase}`);
  } finally {
    await client.end();
  }
  fs.writeFileSync(STATE_FILE, JSON.stringify({ ...state, templateDatabase, testDatabasePrefix: testDatabasePrefix(process.pid) }));
  // In processes of their own: the schema's metadata stores are global, and the test files build theirs in jest's context.
  const root = path.join(__dirname, '..', '..');
  execFileSync(process.execPath, ['-r', '@swc-node/register', 'scripts/migrate.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `${state.serverUrl}${templateDatabase}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  execFileSync(process.execPath, ['-r', '@swc-node/register', 'scripts/print-openapi.ts', OPENAPI_FILE], { cwd: root, stdio: 'inherit' });
}
