import { Migration } from '@mikro-orm/migrations';

export class Migration20261123203645_add_catalog_tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "catalog_entry" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "name" varchar(110) not null, "description" text null, "external_url" varchar(255) null, "type" int not null default 0, "parent_id" int null, "entry_id" int null, "position" int not null default 0);`,
    );
    this.addSql(`create index "catalog_entry_entry_id_index" on "catalog_entry" ("entry_id");`);
    this.addSql(`create index "catalog_entry_parent_id_name_index" on "catalog_entry" ("parent_id", "name");`);
    this.addSql(`create index "catalog_entry_parent_id_position_index" on "catalog_entry" ("parent_id", "position");`);

    this.addSql(
      `create table "catalog_entry_owner" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "catalog_entry_id" int not null, "identity_id" int not null);`,
    );
    this.addSql(`create index "catalog_entry_owner_identity_id_index" on "catalog_entry_owner" ("identity_id");`);
    this.addSql(
      `alter table "catalog_entry_owner" add constraint "catalog_entry_owner_catalog_entry_id_identity_id_unique" unique ("catalog_entry_id", "identity_id");`,
    );

    this.addSql(
      `alter table "catalog_entry" add constraint "catalog_entry_parent_id_foreign" foreign key ("parent_id") references "catalog_entry" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "catalog_entry" add constraint "catalog_entry_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "catalog_entry_owner" add constraint "catalog_entry_owner_catalog_entry_id_foreign" foreign key ("catalog_entry_id") references "catalog_entry" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "catalog_entry_owner" add constraint "catalog_entry_owner_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );

    // OpenOLAT always has one root entry (catalog-v1.md §3.5): created here once, so every instance finds it.
    this.addSql(`insert into "catalog_entry" ("name", "type", "position") values ('CATALOG ROOT', 0, 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalog_entry" drop constraint "catalog_entry_parent_id_foreign";`);

    this.addSql(`alter table "catalog_entry_owner" drop constraint "catalog_entry_owner_catalog_entry_id_foreign";`);

    this.addSql(`drop table if exists "catalog_entry" cascade;`);

    this.addSql(`drop table if exists "catalog_entry_owner" cascade;`);
  }
}
