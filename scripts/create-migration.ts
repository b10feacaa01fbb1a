import 'reflect-metadata';
import path from 'node:path';
import { loadConfig } from '../src/config/config';
import { configuredDatabase } from '../src/db/configured';
import { openDatabase } from '../src/db/orm';

/**
 * `npm run migration:create -- <what_it_does>`: brings the configured database (DATABASE_URL, else
 * the embedded one) up to date, then writes the difference between it and the entities as
 * src/migrations/Migration<timestamp>_<what_it_does>.ts.
 */
async function main(name: string | undefined): Promise<number> {
  if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) {
    console.error('usage: npm run migration:create -- <what_it_does>   (lower case and underscores, e.g. add_course_tables)');
    return 2;
  }
  const { url, directUrl, embedded } = await configuredDatabase(loadConfig());
  const { orm, close } = await openDatabase(url, 1, undefined, { directUrl });
  try {
    const result = await orm.getMigrator().createMigration(path.resolve('src/migrations'), false, false, name);
    if (!result.diff.up.length) {
      console.log('the entities and the database agree: no migration written');
      return 0;
    }
    console.log(`written src/migrations/${result.fileName}; format it with npm run format`);
    return 0;
  } finally {
    await close();
    await embedded?.stop();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
