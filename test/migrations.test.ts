import { openDatabase } from '../src/db/orm';
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
