import fs from 'node:fs';
import path from 'node:path';
import type { Migration } from '@mikro-orm/migrations';

/** Migration files are named `Migration<timestamp>_<what it does>`; they run in the order of their names. */
const MIGRATION_FILE = /^(Migration\d{14}_\w+)\.(ts|js)$/;

/** Names the migrations had before they were named after what they do; a database that ran them under the old name keeps them as run. */
export const RENAMED_MIGRATIONS: Record<string, string> = {
  Migration20261121203345: 'Migration20261121203345_identities_groups_organisations',
  Migration20261121210347: 'Migration20261121210347_settings_audit_types_relations',
};

/** Every migration in this folder, read from the folder itself (compiled .js or, under the tests, .ts). */
export function migrationsList(): { name: string; class: new (...args: any[]) => Migration }[] {
  return fs
    .readdirSync(__dirname)
    .map((file) => MIGRATION_FILE.exec(file))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([file, name]) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the list is read from the folder when the ORM is configured, synchronously
      const exported = require(path.join(__dirname, file)) as Record<string, new () => Migration>;
      const migration = Object.values(exported)[0];
      if (!migration) throw new Error(`migration file ${file} exports no migration class`);
      return { name, class: migration };
    });
}
