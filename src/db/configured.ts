import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { Config } from '../config/config';
import { StartRefusal } from '../ops/start-refusal';
import { CONNECT_TIMEOUT_MS } from './orm';
import { EMBEDDED_DB_NAME, runningServerPort, startEmbeddedPostgres, type RunningDatabase } from './embedded';

/** Where a database is, for logs and command-line tools: host, port and database (never the password); the embedded one's data directory, or the setting that named it. */
export function describeDatabase(url: string, embeddedDir?: string, setting = 'DATABASE_URL'): string {
  const parsed = new URL(url);
  const where = `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}, database ${decodeURIComponent(parsed.pathname.slice(1)) || '(default)'}`;
  return embeddedDir ? `embedded ${where}, data in ${path.resolve(embeddedDir)}` : `${where} (${setting})`;
}

/** Refuses with a readable line when the database cannot be reached, before anything is written to it; `setting` names where the URL came from. */
export async function requireReachable(url: string, setting = 'DATABASE_URL'): Promise<void> {
  const probe = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartRefusal(`cannot connect to ${describeDatabase(url, undefined, setting)}: ${reason}; check ${setting} and that the server runs`);
  } finally {
    await probe.end().catch(() => undefined);
  }
}

const sameDirectory = (a: string, b: string) => {
  const real = (dir: string) => (fs.existsSync(dir) ? fs.realpathSync(dir) : path.resolve(dir));
  return real(a) === real(b);
};

/**
 * The database the service is configured for, for command-line tools: DATABASE_URL, or else the embedded server
 * (reused when a running service has it up, on whichever port its postmaster.pid names; started here otherwise). An
 * embedded server on the configured port that serves another data directory (another checkout's) is refused.
 */
export async function configuredDatabase(config: Config): Promise<{ url: string; directUrl: string; embedded?: RunningDatabase; description: string }> {
  if (config.databaseUrl) {
    const directUrl = config.databaseDirectUrl ?? config.databaseUrl;
    await requireReachable(config.databaseUrl);
    if (directUrl !== config.databaseUrl) await requireReachable(directUrl, 'DATABASE_DIRECT_URL');
    return { url: config.databaseUrl, directUrl, description: describeDatabase(config.databaseUrl) };
  }
  // A service started with another EMBEDDED_PG_PORT holds the data directory: its server is used where it listens.
  const port = runningServerPort(config.embeddedDataDir) ?? config.embeddedPort;
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/${EMBEDDED_DB_NAME}`;
  const probe = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  probe.on('error', () => undefined);
  let serving: string | undefined;
  try {
    await probe.connect();
    serving = (await probe.query<{ data_directory: string }>('show data_directory')).rows[0].data_directory;
  } catch {
    serving = undefined;
  } finally {
    await probe.end().catch(() => undefined);
  }
  if (serving !== undefined) {
    if (!sameDirectory(serving, config.embeddedDataDir)) {
      throw new StartRefusal(
        `the embedded PostgreSQL on port ${port} serves the data directory ${serving}, not this checkout's ${path.resolve(config.embeddedDataDir)}: ` +
          "set EMBEDDED_PG_PORT to the port of this checkout's server (or stop the other one), or DATABASE_URL to use another database",
      );
    }
    return { url, directUrl: url, description: describeDatabase(url, config.embeddedDataDir) };
  }
  const embedded = await startEmbeddedPostgres(config.embeddedDataDir, config.embeddedPort, () => undefined);
  return { url: embedded.url, directUrl: embedded.url, embedded, description: describeDatabase(embedded.url, config.embeddedDataDir) };
}
