import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/**
 * A PgBouncer of its own in transaction mode in front of a PostgreSQL server, for the tests and the
 * benchmark: its configuration, pid file, unix socket and log in a temporary directory, listening on
 * a free port of 127.0.0.1, so it neither needs nor meets the system's pgbouncer service. Debian's
 * package (scripts/ensure-test-packages.sh) unless PGBOUNCER names another build. From 1.21 on it
 * keeps the clients' named prepared statements (`max_prepared_statements`); before, it cannot, and
 * the gateway behind it needs DATABASE_PREPARED_STATEMENTS=false.
 */

export const PGBOUNCER = process.env.PGBOUNCER || '/usr/sbin/pgbouncer';

/** Named prepared statements kept per server connection, from PgBouncer 1.21 on (the gateway names at most 1,000 texts, src/db/sql.ts). */
const MAX_PREPARED_STATEMENTS = 1000;

export interface RunningPgBouncer {
  pid: number;
  port: number;
  /** e.g. `1.18.0`. */
  version: string;
  /** Whether it keeps named prepared statements across server connections (1.21 and later, configured so). */
  keepsPreparedStatements: boolean;
  /** `serverUrl`'s database `name`, through this PgBouncer. */
  urlOf: (name: string) => string;
  /** A statement on PgBouncer's admin console (`show clients`, `show servers` …): its rows. */
  admin: (command: string) => Promise<Record<string, string>[]>;
  /** What it logged so far. */
  log: () => string;
  stop: () => Promise<void>;
}

/** The version of the PgBouncer at `binary`, or undefined when there is none. */
export function pgbouncerVersion(binary = PGBOUNCER): string | undefined {
  if (!fs.existsSync(binary)) return undefined;
  return /PgBouncer (\d+\.\d+\.\d+)/.exec(execFileSync(binary, ['--version'], { encoding: 'utf8' }))?.[1];
}

const atLeast = (version: string, wanted: [number, number]) => {
  const [major, minor] = version.split('.').map(Number);
  return major > wanted[0] || (major === wanted[0] && minor >= wanted[1]);
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** PgBouncer refuses to run as root: then it runs as the database server's system user (it reads its temporary directory). */
function unprivilegedUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim()));
      return { name, uid, gid };
    } catch {
      // no such user: try the next
    }
  }
  throw new Error('PgBouncer does not run as root and neither the user postgres nor nobody exists');
}

const waitForPort = async (port: number, exited: () => string | undefined, withinMs: number) => {
  const until = Date.now() + withinMs;
  for (;;) {
    const problem = exited();
    if (problem) throw new Error(problem);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(!!socket.end()));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`PgBouncer does not listen on ${port} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * Starts PgBouncer in transaction mode for the server of `serverUrl` (`postgres://user@host:port/…`;
 * every database of that server, as that user with that password: its clients log in without one,
 * `auth_type = trust`, so it listens on 127.0.0.1 only). `poolSize`: server
 * connections per database (PgBouncer's `default_pool_size`).
 */
export async function startPgBouncer(serverUrl: string, poolSize = 20): Promise<RunningPgBouncer> {
  const version = pgbouncerVersion();
  if (!version) throw new Error(`no PgBouncer at ${PGBOUNCER} (apt-get install pgbouncer, or set PGBOUNCER)`);
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username) || 'postgres';
  const password = decodeURIComponent(server.password);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-pgbouncer-'));
  const keepsPreparedStatements = atLeast(version, [1, 21]);
  const ini = [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || 5432} user=${user}${password ? ` password=${password}` : ''}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    `unix_socket_dir = ${dir}`,
    `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
    `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    `admin_users = ${user}`,
    'pool_mode = transaction',
    `default_pool_size = ${poolSize}`,
    'max_client_conn = 500',
    ...(keepsPreparedStatements ? [`max_prepared_statements = ${MAX_PREPARED_STATEMENTS}`] : []),
  ];
  fs.writeFileSync(path.join(dir, 'pgbouncer.ini'), `${ini.join('\n')}\n`);
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  const runAs = unprivilegedUser();
  if (runAs) for (const file of ['', 'pgbouncer.ini', 'users.txt']) fs.chownSync(path.join(dir, file), runAs.uid, runAs.gid);
  const child = spawn(PGBOUNCER, [...(runAs ? ['-u', runAs.name] : []), path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const log = () => {
    const file = path.join(dir, 'pgbouncer.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : output.join('');
  };
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = `PgBouncer exited (${signal ?? code}):\n${log()}`;
      resolve();
    }),
  );
  const stop = async () => {
    if (exit === undefined) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, () => exit, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const urlOf = (name: string) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${name}`;
  const admin = async (command: string) => {
    // The admin console speaks the simple query protocol only: a statement without parameters is sent so.
    const client = new Client({ connectionString: urlOf('pgbouncer') });
    await client.connect();
    try {
      return (await client.query<Record<string, string>>(command)).rows;
    } finally {
      await client.end();
    }
  };
  return { pid: child.pid!, port, version, keepsPreparedStatements, urlOf, admin, log, stop };
}
