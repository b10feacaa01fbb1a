import { MikroORM, ReflectMetadataProvider } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver, defineConfig } from '@mikro-orm/postgresql';
import { Pool, types } from 'pg';
import { entities } from '../entities';
import { useReadPool } from './sql';
import { RENAMED_MIGRATIONS, migrationsList } from '../migrations';

// bigint columns (long keys, counts) as numbers: keys stay JSON numbers on the wire, exact below 2^53.
types.setTypeParser(types.builtins.INT8, Number);

export function ormConfig(clientUrl: string, poolMax = 10) {
  return defineConfig({
    clientUrl,
    entities,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList: migrationsList(), transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: poolMax },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    discovery: { warnWhenNoEntities: true },
  });
}

export type Orm = MikroORM<PostgreSqlDriver>;

export interface Database {
  orm: Orm;
  close: () => Promise<void>;
}

/** Records migrations that ran under an earlier name under their current name, so they do not run again. */
async function renameMigrations(orm: Orm) {
  const connection = orm.em.getConnection();
  const [table] = await connection.execute<{ exists: boolean }[]>(`select to_regclass('mikro_orm_migrations') is not null as exists`);
  if (!table.exists) return;
  for (const [old, current] of Object.entries(RENAMED_MIGRATIONS)) {
    await connection.execute('update mikro_orm_migrations set name = ? where name = ?', [current, old]);
  }
}

/** MikroORM for entities and transactions, plus a plain pg pool for the hot read statements. */
export async function openDatabase(clientUrl: string, poolMax = 10): Promise<Database> {
  const orm = await MikroORM.init<PostgreSqlDriver>(ormConfig(clientUrl, poolMax));
  await renameMigrations(orm);
  await orm.getMigrator().up();
  const pool = new Pool({ connectionString: clientUrl, max: poolMax });
  // An idle connection the server closed (restart, shutdown) is replaced on next use; it must not crash the process.
  pool.on('error', (error) => console.error(`database pool: ${error.message}`));
  useReadPool(orm.em, pool);
  return {
    orm,
    close: async () => {
      await pool.end();
      await orm.close();
    },
  };
}
