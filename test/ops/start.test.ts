import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { onTestServer, readState } from '../support/database';
import { eventually } from '../support/eventually';
import { freePort, startServiceProcess } from '../support/process';
import { ADMIN } from '../support/service';

/**
 * What an operator sees when a start or a command-line tool cannot go on: one readable line that
 * says what and how to fix it, exit 1, and nothing created; and which database each one uses.
 */

const ROOT = path.join(__dirname, '..', '..');

/** Runs `script` (a TypeScript entry point) to its end, as an operator runs it (no jest NODE_ENV). */
function run(script: string, args: string[], env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  const { NODE_ENV: _nodeEnv, JEST_WORKER_ID: _worker, ...inherited } = process.env;
  const merged: NodeJS.ProcessEnv = { ...inherited, HOST: '127.0.0.1', ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'info', ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  return new Promise((resolve) =>
    execFile(process.execPath, ['-r', '@swc-node/register', script, ...args], { cwd: ROOT, env: merged, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

/** The messages of the JSON log lines in `output`. */
const messages = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; stack?: string; err?: unknown });

let dir: string;
let database: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-start-'));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as its own user, which must reach the data directory
  database = `gateway_start_${process.pid}`;
  await onTestServer(`create database ${database}`);
});
afterAll(async () => {
  await onTestServer(`drop database if exists ${database} with (force)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

const databaseUrl = () => `${readState().serverUrl}${database}`;
const tablesOf = async () => {
  const client = new Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0].n as number;
  } finally {
    await client.end();
  }
};

it('a port in use: one line that says so and how to fix it, exit 1, before the database is touched', async () => {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as net.AddressInfo).port;
  try {
    const started = await run('src/main.ts', [], { DATABASE_URL: databaseUrl(), PORT: String(port), ADMIN_PASSWORD: undefined });
    expect(started.code).toBe(1);
    const lines = messages(started.stdout + started.stderr);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 60,
        msg: `the service did not start: port ${port} on 127.0.0.1 is in use: stop what listens there, or set PORT to a free port`,
      }),
    ]);
    expect(lines[0].stack ?? lines[0].err).toBeUndefined();
    // No migration ran, no administrator (and no generated password) was created.
    expect(await tablesOf()).toBe(0);
    expect(started.stdout).not.toContain('password');
  } finally {
    holder.close();
  }
}, 60_000);

it('an unreachable DATABASE_URL: one line naming the database (not its password), exit 1', async () => {
  const started = await run('src/main.ts', [], { DATABASE_URL: 'postgres://gateway:secret-pw@127.0.0.1:1/gateway', PORT: '0' });
  expect(started.code).toBe(1);
  expect(messages(started.stdout + started.stderr).map((line) => line.msg)).toEqual([
    'the service did not start: cannot connect to PostgreSQL at 127.0.0.1:1, database gateway (DATABASE_URL): ECONNREFUSED; check DATABASE_URL and that the server runs',
  ]);
  expect(started.stdout + started.stderr).not.toContain('secret-pw');
}, 60_000);

it('a setting that is no number names the variable', async () => {
  const started = await run('src/main.ts', [], { DATABASE_URL: databaseUrl(), PORT: 'eighty' });
  expect(started.code).toBe(1);
  expect(messages(started.stdout + started.stderr).map((line) => line.msg)).toEqual([
    'the configuration is not valid: PORT must be a whole number, not "eighty"',
  ]);
}, 60_000);

it('the start log names the database and says what it does: database, migrations, listening', async () => {
  const started = await startServiceProcess({ DATABASE_URL: databaseUrl() });
  try {
    const said = messages(started.output()).map((line) => line.msg);
    const where = `database: PostgreSQL at ${new URL(databaseUrl()).hostname}:${new URL(databaseUrl()).port}, database ${database} (DATABASE_URL)`;
    expect(said.indexOf(where)).toBeGreaterThanOrEqual(0);
    expect(said.findIndex((msg) => /^migrations: applied \d+$/.test(msg))).toBeGreaterThan(said.indexOf(where));
    expect(said.findIndex((msg) => msg.startsWith('listening on '))).toBeGreaterThan(said.findIndex((msg) => msg.startsWith('migrations: ')));
    // Access lines are gathered before they are written: one request alone still gets its line within a moment.
    await fetch(`${started.base}/restapi/users/me`, { headers: { 'X-Request-Id': 'alone-1' } });
    await eventually(async () => {
      expect(messages(started.output()).find((line) => (line as { reqId?: string }).reqId === 'alone-1')).toMatchObject({ msg: 'request', status: 401 });
    }, 1000);
    // More than one batch's worth (about 230 bytes a line, up to 64 KiB a write): every line arrives whole, soon after its request.
    const ids = Array.from({ length: 400 }, (_, index) => `batch-${index}`);
    await Promise.all(ids.map((id) => fetch(`${started.base}/restapi/users/me`, { headers: { 'X-Request-Id': id } }).then((response) => response.text())));
    await eventually(async () => {
      const logged = new Set(messages(started.output()).map((line) => (line as { reqId?: string }).reqId));
      expect(ids.filter((id) => !logged.has(id))).toEqual([]);
    }, 1000);
  } finally {
    started.child.kill('SIGTERM');
    await started.exited;
  }
}, 60_000);

describe('the command-line tool', () => {
  it('names the database it uses (DATABASE_URL)', async () => {
    const listed = await run('src/cli/main.ts', ['settings', 'list'], { DATABASE_URL: databaseUrl() });
    expect(listed.code).toBe(0);
    const url = new URL(databaseUrl());
    expect(listed.stderr).toContain(`database: PostgreSQL at ${url.hostname}:${url.port}, database ${database} (DATABASE_URL)`);
    expect(listed.stdout).toContain('restEnabled = ');
  }, 60_000);

  it("refuses an embedded server that serves another checkout's data directory, and uses its own", async () => {
    const pgPort = await freePort();
    const own = path.join(dir, 'own');
    const other = path.join(dir, 'other');
    // Another checkout's service runs with its embedded PostgreSQL on the port this checkout is configured for.
    const service = await startServiceProcess({ EMBEDDED_PG_DIR: other, EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: undefined });
    try {
      const refused = await run('src/cli/main.ts', ['settings', 'set', 'restEnabled', 'false'], {
        EMBEDDED_PG_DIR: own,
        EMBEDDED_PG_PORT: String(pgPort),
        DATABASE_URL: undefined,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `the embedded PostgreSQL on port ${pgPort} serves the data directory ${other}, not this checkout's ${own}: ` +
          "set EMBEDDED_PG_PORT to the port of this checkout's server (or stop the other one), or DATABASE_URL to use another database",
      );
      expect(fs.existsSync(own)).toBe(false);
      // Pointed at the running server's own directory, it uses it and says so.
      const listed = await run('src/cli/main.ts', ['settings', 'list'], { EMBEDDED_PG_DIR: other, EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: undefined });
      expect(listed.code).toBe(0);
      expect(listed.stderr).toContain(`database: embedded PostgreSQL at 127.0.0.1:${pgPort}, database gateway, data in ${other}`);
      expect(listed.stdout).toContain('restEnabled = true (default)');
      // Configured for another port, it finds the server its data directory names instead of failing on its lock file.
      const elsewhere = await run('src/cli/main.ts', ['settings', 'list'], {
        EMBEDDED_PG_DIR: other,
        EMBEDDED_PG_PORT: String(await freePort()),
        DATABASE_URL: undefined,
      });
      expect(elsewhere.code).toBe(0);
      expect(elsewhere.stderr).toContain(`database: embedded PostgreSQL at 127.0.0.1:${pgPort}, database gateway, data in ${other}`);
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  }, 120_000);
});
