import { Migration } from '@mikro-orm/migrations';

export class Migration20261123203611_add_taxonomy_tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "taxonomy" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "external_id" varchar(255) null, "managed_flags" varchar(255) null, "identifier" varchar(255) not null, "display_name" varchar(255) not null, "description" text null);`,
    );
    this.addSql(`alter table "taxonomy" add constraint "taxonomy_identifier_unique" unique ("identifier");`);
    this.addSql(`create unique index "taxonomy_external_id_unique" on "taxonomy" ("external_id") where "external_id" is not null;`);

    this.addSql(
      `create table "taxonomy_level_type" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "external_id" varchar(255) null, "managed_flags" varchar(255) null, "taxonomy_id" int not null, "identifier" varchar(255) not null, "display_name" varchar(255) null, "description" text null, "css_class" varchar(255) null, "visible" boolean not null default true, "library_settings" jsonb null);`,
    );
    this.addSql(`create index "taxonomy_level_type_external_id_index" on "taxonomy_level_type" ("external_id") where "external_id" is not null;`);
    this.addSql(`alter table "taxonomy_level_type" add constraint "taxonomy_level_type_taxonomy_id_identifier_unique" unique ("taxonomy_id", "identifier");`);

    this.addSql(
      `create table "taxonomy_level" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "external_id" varchar(255) null, "managed_flags" varchar(255) null, "taxonomy_id" int not null, "identifier" varchar(255) not null, "display_name" varchar(255) null, "description" text null, "parent_id" int null, "type_id" int null, "path" varchar(1024) not null default '/');`,
    );
    this.addSql(`create index "taxonomy_level_parent_id_index" on "taxonomy_level" ("parent_id");`);
    this.addSql(`create index "taxonomy_level_type_id_index" on "taxonomy_level" ("type_id");`);
    this.addSql(`create index "taxonomy_level_path_index" on "taxonomy_level" ("path" varchar_pattern_ops);`);
    this.addSql(`create index "taxonomy_level_external_id_index" on "taxonomy_level" ("external_id") where "external_id" is not null;`);
    this.addSql(`create index "taxonomy_level_taxonomy_id_id_index" on "taxonomy_level" ("taxonomy_id", "id");`);
    this.addSql(`alter table "taxonomy_level" add constraint "taxonomy_level_taxonomy_id_identifier_unique" unique ("taxonomy_id", "identifier");`);

    this.addSql(
      `create table "taxonomy_competence" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "level_id" int not null, "identity_id" int not null, "type" varchar(16) not null, "expiration" timestamptz null);`,
    );
    this.addSql(`create index "taxonomy_competence_identity_id_level_id_index" on "taxonomy_competence" ("identity_id", "level_id");`);
    this.addSql(`create index "taxonomy_competence_level_id_identity_id_index" on "taxonomy_competence" ("level_id", "identity_id");`);

    this.addSql(
      `create table "repository_entry_taxonomy_level" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "entry_id" int not null, "level_id" int not null);`,
    );
    this.addSql(`create index "repository_entry_taxonomy_level_level_id_index" on "repository_entry_taxonomy_level" ("level_id");`);
    this.addSql(
      `alter table "repository_entry_taxonomy_level" add constraint "repository_entry_taxonomy_level_entry_id_level_id_unique" unique ("entry_id", "level_id");`,
    );

    this.addSql(
      `create table "taxonomy_level_type_sub_type" ("type_id" int not null, "sub_type_id" int not null, constraint "taxonomy_level_type_sub_type_pkey" primary key ("type_id", "sub_type_id"));`,
    );

    this.addSql(
      `alter table "taxonomy_level_type" add constraint "taxonomy_level_type_taxonomy_id_foreign" foreign key ("taxonomy_id") references "taxonomy" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "taxonomy_level" add constraint "taxonomy_level_taxonomy_id_foreign" foreign key ("taxonomy_id") references "taxonomy" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "taxonomy_level" add constraint "taxonomy_level_parent_id_foreign" foreign key ("parent_id") references "taxonomy_level" ("id") on update cascade on delete restrict;`,
    );
    this.addSql(
      `alter table "taxonomy_level" add constraint "taxonomy_level_type_id_foreign" foreign key ("type_id") references "taxonomy_level_type" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "taxonomy_competence" add constraint "taxonomy_competence_level_id_foreign" foreign key ("level_id") references "taxonomy_level" ("id") on update cascade on delete restrict;`,
    );
    this.addSql(
      `alter table "taxonomy_competence" add constraint "taxonomy_competence_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "repository_entry_taxonomy_level" add constraint "repository_entry_taxonomy_level_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "repository_entry_taxonomy_level" add constraint "repository_entry_taxonomy_level_level_id_foreign" foreign key ("level_id") references "taxonomy_level" ("id") on update cascade on delete restrict;`,
    );

    this.addSql(
      `alter table "taxonomy_level_type_sub_type" add constraint "taxonomy_level_type_sub_type_type_id_foreign" foreign key ("type_id") references "taxonomy_level_type" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "taxonomy_level_type_sub_type" add constraint "taxonomy_level_type_sub_type_sub_type_id_foreign" foreign key ("sub_type_id") references "taxonomy_level_type" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "taxonomy_level_type" drop constraint "taxonomy_level_type_taxonomy_id_foreign";`);

    this.addSql(`alter table "taxonomy_level" drop constraint "taxonomy_level_taxonomy_id_foreign";`);

    this.addSql(`alter table "taxonomy_level" drop constraint "taxonomy_level_type_id_foreign";`);

    this.addSql(`alter table "taxonomy_level_type_sub_type" drop constraint "taxonomy_level_type_sub_type_type_id_foreign";`);

    this.addSql(`alter table "taxonomy_level_type_sub_type" drop constraint "taxonomy_level_type_sub_type_sub_type_id_foreign";`);

    this.addSql(`alter table "taxonomy_level" drop constraint "taxonomy_level_parent_id_foreign";`);

    this.addSql(`alter table "taxonomy_competence" drop constraint "taxonomy_competence_level_id_foreign";`);

    this.addSql(`alter table "repository_entry_taxonomy_level" drop constraint "repository_entry_taxonomy_level_level_id_foreign";`);

    this.addSql(`drop table if exists "taxonomy" cascade;`);

    this.addSql(`drop table if exists "taxonomy_level_type" cascade;`);

    this.addSql(`drop table if exists "taxonomy_level" cascade;`);

    this.addSql(`drop table if exists "taxonomy_competence" cascade;`);

    this.addSql(`drop table if exists "repository_entry_taxonomy_level" cascade;`);

    this.addSql(`drop table if exists "taxonomy_level_type_sub_type" cascade;`);
  }
}
