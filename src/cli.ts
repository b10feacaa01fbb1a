import 'reflect-metadata';
import { loadConfig } from './config/config';
import { configuredDatabase } from './db/configured';
import { openDatabase } from './db/orm';
import { sql } from './db/sql';
import { TAXONOMY_USAGE, taxonomyCommand } from './taxonomy/cli';
import { SETTING_NAMES, defaultSettings, parseSetting, resetSetting, writeSetting, type SettingName } from './settings/settings';

const USAGE = `usage: npm run cli -- settings list
       npm run cli -- settings set <name> <value>
       npm run cli -- settings reset <name>               (back to its default)
       ${TAXONOMY_USAGE}
names: ${SETTING_NAMES.join(', ')}`;

async function main(args: string[]): Promise<number> {
  const [group, command, name, value] = args;
  if (group === 'taxonomy') return taxonomy(args.slice(1));
  if (group !== 'settings' || !['list', 'set', 'reset'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  if ((command !== 'list' && !SETTING_NAMES.includes(name as SettingName)) || (command === 'set' && value === undefined)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const { url, directUrl, embedded, description } = await configuredDatabase(config);
  console.error(`database: ${description}`);
  const { orm, close } = await openDatabase(url, 2, undefined, { directUrl, namedStatements: config.databasePreparedStatements });
  try {
    const em = orm.em.fork();
    const defaults = defaultSettings(config);
    const audit = (changes: Record<string, unknown>) =>
      sql(em, `insert into audit_log (transport, operation, object_type, object_key, changes) values ('cli', 'updateSettings', 'setting', ?, ?)`, [
        name,
        JSON.stringify(changes),
      ]);
    if (command === 'set') {
      parseSetting(name as SettingName, value);
      await writeSetting(em, name as SettingName, value);
      await audit({ [name]: value });
      console.log(`${name} = ${value} (every running instance applies it within seconds)`);
    } else if (command === 'reset') {
      const removed = await resetSetting(em, name as SettingName);
      if (removed) await audit({ [name]: null });
      console.log(`${name} = ${defaults[name as SettingName]} (default${removed ? '; every running instance applies it within seconds' : ', as it was'})`);
    } else {
      const rows = await sql<{ key: string; value: string }>(em, 'select key, value from app_setting order by key');
      const stored = new Map(rows.map((row) => [row.key, row.value]));
      for (const setting of SETTING_NAMES) console.log(`${setting} = ${stored.get(setting) ?? `${defaults[setting]} (default)`}`);
    }
    return 0;
  } finally {
    await close();
    await embedded?.stop();
  }
}

/** `taxonomy list|create|rename|delete`: what an administrator does through GraphQL or PUT /taxonomy, from the command line. */
async function taxonomy(args: string[]): Promise<number> {
  const config = loadConfig();
  const { url, directUrl, embedded, description } = await configuredDatabase(config);
  console.error(`database: ${description}`);
  const { orm, close } = await openDatabase(url, 2, undefined, { directUrl, namedStatements: config.databasePreparedStatements });
  try {
    const code = await taxonomyCommand(orm.em.fork(), args, (line) => console.log(line));
    if (code === 2) console.error(USAGE);
    return code;
  } finally {
    await close();
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
