import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { loadConfig } from '../src/config/config';
import { configuredDatabase } from '../src/db/configured';
import { applyMigrations, ormConfig } from '../src/db/orm';

/**
 * `npm run migrate`: applies the pending migrations to the configured database (DATABASE_URL,
 * else the embedded one) without starting the service, and prints what it applied. Exit 0 when
 * the database is up to date, 1 when a migration failed (it is rolled back: all or nothing).
 */
async function main(): Promise<number> {
  const { url, directUrl, embedded, description } = await configuredDatabase(loadConfig());
  console.error(`database: ${description}`);
  try {
    const orm = await MikroORM.init<PostgreSqlDriver>(ormConfig(url, 1));
    try {
      const applied = await applyMigrations(orm, directUrl);
      if (!applied.length) console.log('the database is up to date: no migration applied');
      for (const name of applied) console.log(`applied ${name}`);
      if (applied.length) console.log(`${applied.length} migration(s) applied`);
      return 0;
    } finally {
      await orm.close();
    }
  } finally {
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
