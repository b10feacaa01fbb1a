import { MikroORM, ReflectMetadataProvider } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver, defineConfig } from '@mikro-orm/postgresql';
import { Client, Pool, types } from 'pg';
import { entities } from '../entities';
import { useReadPool } from './sql';
import { disableIdleAsyncContexts } from './async-context';
import { RENAMED_MIGRATIONS, migrationsList } from '../migrations';

// bigint columns (long keys, counts) as numbers: keys stay JSON numbers on the wire, exact below 2^53.
types.setTypeParser(types.builtins.INT8, Number);

/**
 * A connection the server does not accept within this time counts as an outage (503 with
 * Retry-After, src/db/unavailable.ts) instead of holding the request; a stopped server refuses at once.
 */
export const CONNECT_TIMEOUT_MS = 3000;
/** Longest wait for a free connection of a pool (knex's default is 60 s, pg's forever); then 503 with Retry-After. */
export const ACQUIRE_TIMEOUT_MS = 10_000;

/** TCP keepalive: a database host that vanishes without closing its connections (a network cut) fails their statements within a minute or so, instead of after the system's two hours. */
const KEEP_ALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 };

export function ormConfig(clientUrl: string, poolMax = 10) {
  return defineConfig({
    clientUrl,
    entities,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList: migrationsList(), transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: poolMax },
    // compileSqlOnError: a failed statement's error names its placeholders, not the values bound to them (logins, hashes) that would reach the log.
    driverOptions: {
      acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
      compileSqlOnError: false,
      connection: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...KEEP_ALIVE },
    },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    discovery: { warnWhenNoEntities: true },
  });
}

export type Orm = MikroORM<PostgreSqlDriver>;

export interface Database {
  orm: Orm;
  /** The plain pg pool of the hot read statements. */
  pool: Pool;
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

/**
 * Brings the database up to date; the names of the migrations it applied. Instances that start
 * together take turns (a session advisory lock on a connection of its own, `directUrl`: a pooler in
 * transaction mode would hand the locked session to other clients and never unlock it): the first
 * applies, the others then find nothing pending. The migrations run in one transaction of the ORM.
 */
export async function applyMigrations(orm: Orm, directUrl: string = orm.config.get('clientUrl')): Promise<string[]> {
  const lock = new Client({ connectionString: directUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  lock.on('error', () => undefined); // a failure reaches the awaited statement
  await lock.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('gateway_migrations'))`);
    await renameMigrations(orm);
    return (await orm.getMigrator().up()).map((migration) => migration.name);
  } finally {
    await lock.end();
  }
}

export interface DatabaseOptions {
  /** The database without a pooler in between, for the migrations' lock (the ORM's URL when not given). */
  directUrl?: string;
  /** The hot read statements go by name, prepared once per connection (default true). */
  namedStatements?: boolean;
}

/** MikroORM for entities and transactions, plus a plain pg pool for the hot read statements. */
export async function openDatabase(
  clientUrl: string,
  poolMax = 10,
  log: (message: string) => void = () => undefined,
  options: DatabaseOptions = {},
): Promise<Database> {
  disableIdleAsyncContexts();
  const orm = await MikroORM.init<PostgreSqlDriver>(ormConfig(clientUrl, poolMax));
  const applied = await applyMigrations(orm, options.directUrl);
  log(applied.length ? `migrations: applied ${applied.length}` : 'migrations: up to date');
  // pg-pool's timeout bounds the wait for a free client as well as the connect: the longer bound of the two.
  const pool = new Pool({ connectionString: clientUrl, max: poolMax, connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS, ...KEEP_ALIVE });
  // An idle connection the server closed (restart, shutdown) is replaced on next use; it must not crash the process.
  pool.on('error', (error) => console.error(`database pool: ${error.message}`));
  useReadPool(orm.em, pool, options.namedStatements ?? true);
  return {
    orm,
    pool,
    close: async () => {
      await pool.end();
      await orm.close();
    },
  };
}
