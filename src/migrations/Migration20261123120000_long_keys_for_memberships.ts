import { Migration } from '@mikro-orm/migrations';

/** Memberships and relations accumulate without bound: bigint keys, and sequences that count as far. */
const GROWING = ['group_membership', 'organisation_role', 'identity_relation'];

export class Migration20261123120000_long_keys_for_memberships extends Migration {
  override async up(): Promise<void> {
    for (const table of GROWING) {
      this.addSql(`alter table "${table}" alter column "id" type bigint using ("id"::bigint);`);
      this.addSql(`alter sequence "${table}_id_seq" as bigint;`);
    }
  }

  override async down(): Promise<void> {
    for (const table of GROWING) {
      this.addSql(`alter sequence "${table}_id_seq" as integer;`);
      this.addSql(`alter table "${table}" alter column "id" type integer using ("id"::integer);`);
    }
  }
}
