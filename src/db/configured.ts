import { Client } from 'pg';
import type { Config } from '../config/config';
import { startEmbeddedPostgres, type RunningDatabase } from './embedded';

/**
 * The database the service is configured for, for command-line tools: DATABASE_URL, or else the
 * embedded server (reused when a running service has it up, started here otherwise).
 */
export async function configuredDatabase(config: Config): Promise<{ url: string; embedded?: RunningDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const url = `postgres://postgres:postgres@127.0.0.1:${config.embeddedPort}/gateway`;
  const probe = new Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return { url };
  } catch {
    const embedded = await startEmbeddedPostgres(config.embeddedDataDir, config.embeddedPort, () => undefined);
    return { url: embedded.url, embedded };
  }
}
