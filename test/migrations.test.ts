import { Client } from 'pg';
import { openDatabase } from '../src/db/orm';
import { RENAMED_MIGRATIONS } from '../src/migrations';
import { buildRelation, buildRelationRole, buildUser } from './factories';
import { JSON_TYPE, XML_TYPE, call } from './support/http';
import { adminAuth, startTestService } from './support/service';

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

it('memberships and relations have bigint keys, which stay JSON numbers beyond 2^31', async () => {
  const t = await startTestService();
  const db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select table_name as "table", data_type as type from information_schema.columns
       where column_name = 'id' and table_name in ('group_membership', 'organisation_role', 'identity_relation', 'audit_log') order by table_name`,
    );
    expect(rows).toEqual(['audit_log', 'group_membership', 'identity_relation', 'organisation_role'].map((table) => ({ table, type: 'bigint' })));

    const source = await buildUser(t);
    const target = await buildUser(t);
    const role = await buildRelationRole(t);
    await db.query(`select setval('identity_relation_id_seq', 3000000000)`);
    const key = await buildRelation(t, source.key, target.key, role);
    expect(key).toBe(3000000001);
    const json = await call(t.base, 'GET', `/restapi/users/${source.key}/relations/source`, { headers: { ...adminAuth(), ...JSON_TYPE } });
    expect(json.text).toContain('"key":3000000001');
    const xml = await call(t.base, 'GET', `/restapi/users/${source.key}/relations/source`, { headers: { ...adminAuth(), ...XML_TYPE } });
    expect(xml.text).toContain('<key>3000000001</key>');
  } finally {
    await db.end();
    await t.stop();
  }
});
