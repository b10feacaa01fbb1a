import type { Command } from 'commander';
import { sql } from '../db/sql';
import { SETTING_NAMES, defaultSettings, parseSetting, resetSetting, writeSetting, type SettingName } from '../settings/settings';
import { CommandFailure, type CliRun } from './context';

const settingName = (name: string): SettingName => {
  if (!SETTING_NAMES.includes(name as SettingName)) throw new CommandFailure(`no setting "${name}"; the settings: ${SETTING_NAMES.join(', ')}`);
  return name as SettingName;
};

/** `settings list|set|reset`: the administrator's switches, which every running instance applies within seconds. */
export function settingsCommands(program: Command, run: CliRun): void {
  const settings = program.command('settings').description(`the administrator's switches: ${SETTING_NAMES.join(', ')}`);
  const audit = (em: Parameters<typeof sql>[0], name: string, changes: Record<string, unknown>) =>
    sql(em, `insert into audit_log (transport, operation, object_type, object_key, changes) values ('cli', 'updateSettings', 'setting', ?, ?)`, [
      name,
      JSON.stringify(changes),
    ]);
  settings
    .command('list')
    .description('every setting with its value (a default says so)')
    .action(() =>
      run(async ({ orm, config }, io) => {
        const rows = await sql<{ key: string; value: string }>(orm.em.fork(), 'select key, value from app_setting order by key');
        const stored = new Map(rows.map((row) => [row.key, row.value]));
        const defaults = defaultSettings(config);
        for (const setting of SETTING_NAMES) io.out(`${setting} = ${stored.get(setting) ?? `${defaults[setting]} (default)`}`);
      }),
    );
  settings
    .command('set <name> <value>')
    .description('stores a setting')
    .action((name: string, value: string) =>
      run(async ({ orm }, io) => {
        const setting = settingName(name);
        try {
          parseSetting(setting, value);
        } catch (error) {
          throw new CommandFailure((error as Error).message);
        }
        const em = orm.em.fork();
        await writeSetting(em, setting, value);
        await audit(em, setting, { [setting]: value });
        io.out(`${setting} = ${value} (every running instance applies it within seconds)`);
      }),
    );
  settings
    .command('reset <name>')
    .description('back to its default')
    .action((name: string) =>
      run(async ({ orm, config }, io) => {
        const setting = settingName(name);
        const em = orm.em.fork();
        const removed = await resetSetting(em, setting);
        if (removed) await audit(em, setting, { [setting]: null });
        io.out(`${setting} = ${defaultSettings(config)[setting]} (default${removed ? '; every running instance applies it within seconds' : ', as it was'})`);
      }),
    );
}
