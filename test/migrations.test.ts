import { openDatabase } from '../src/db/orm';
import { RENAMED_MIGRATIONS } from '../src/migrations';
import { startTestService } from './support/service';

it('the committed migrations create exactly the schema the entities describe', async () => {
  const t = await startTestService();
  const { orm, close } = await openDatabase(t.databaseUrl, 1);
  try {
    expect(await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false })).toBe('');
  } finally {
    await close();
    await t.stop();
  }
});

it('a database that ran the migrations under their earlier names keeps them as run', async () => {
  const t = await startTestService();
  await t.service.stop();
  const { orm, close } = await openDatabase(t.databaseUrl, 1);
  const connection = orm.em.getConnection();
  for (const [old, current] of Object.entries(RENAMED_MIGRATIONS)) {
    await connection.execute('update mikro_orm_migrations set name = ? where name = ?', [old, current]);
  }
  await close();
  const reopened = await openDatabase(t.databaseUrl, 1);
  try {
    const rows = await reopened.orm.em.getConnection().execute<{ name: string }[]>('select name from mikro_orm_migrations order by id');
    expect(rows.map((row) => row.name)).toEqual(reopened.orm.config.get('migrations').migrationsList!.map((migration) => migration.name));
  } finally {
    await reopened.close();
    await t.stop();
  }
});
