import { MikroORM, ReflectMetadataProvider } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver, defineConfig } from '@mikro-orm/postgresql';
import { entities } from '../entities';
import { migrationsList } from '../migrations';

export function ormConfig(clientUrl: string, poolMax = 10) {
  return defineConfig({
    clientUrl,
    entities,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: poolMax },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    discovery: { warnWhenNoEntities: true },
  });
}

export type Orm = MikroORM<PostgreSqlDriver>;

export async function openDatabase(clientUrl: string, poolMax?: number): Promise<Orm> {
  const orm = await MikroORM.init<PostgreSqlDriver>(ormConfig(clientUrl, poolMax));
  await orm.getMigrator().up();
  return orm;
}
