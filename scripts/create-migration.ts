import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ormConfig } from '../src/db/orm';
(async () => {
  const orm = await MikroORM.init<PostgreSqlDriver>(ormConfig('postgres://postgres@127.0.0.1:5432/gateway_dev'));
  const m = orm.getMigrator();
  const r = await m.createMigration('src/migrations', false, process.argv[2] === 'initial');
  console.log(r.fileName);
  console.log(r.code);
  await orm.close();
})();
