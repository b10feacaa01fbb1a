import { Migration } from '@mikro-orm/migrations';

export class Migration20261123070836_add_last_modified extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "identity" add column "last_modified" timestamptz not null default now();`);

    this.addSql(`alter table "group_membership" add column "last_modified" timestamptz not null default now();`);

    this.addSql(`alter table "organisation_role" add column "last_modified" timestamptz not null default now();`);

    this.addSql(`alter table "identity_relation" add column "last_modified" timestamptz not null default now();`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "group_membership" drop column "last_modified";`);

    this.addSql(`alter table "identity" drop column "last_modified";`);

    this.addSql(`alter table "identity_relation" drop column "last_modified";`);

    this.addSql(`alter table "organisation_role" drop column "last_modified";`);
  }
}
