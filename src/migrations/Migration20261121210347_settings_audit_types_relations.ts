import { Migration } from '@mikro-orm/migrations';

export class Migration20261121210347 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "app_setting" ("key" varchar(64) not null, "value" varchar(255) not null, "updated_at" timestamptz not null default now(), constraint "app_setting_pkey" primary key ("key"));`,
    );

    this.addSql(
      `create table "audit_log" ("id" bigserial primary key, "at" timestamptz not null default now(), "identity_key" int null, "identity_login" varchar(128) null, "api_key_id" int null, "transport" varchar(16) not null, "operation" varchar(128) not null, "object_type" varchar(64) null, "object_key" varchar(64) null, "changes" jsonb null);`,
    );
    this.addSql(`create index "audit_log_at_index" on "audit_log" ("at");`);
    this.addSql(`create index "audit_log_identity_key_index" on "audit_log" ("identity_key");`);

    this.addSql(
      `create table "organisation_type" ("id" serial primary key, "identifier" varchar(255) not null, "display_name" varchar(255) not null, "description" text null, "css_class" varchar(255) null, "external_id" varchar(255) null, "managed_flags" varchar(255) null, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now());`,
    );

    this.addSql(
      `create table "organisation_type_sub_type" ("type_id" int not null, "sub_type_id" int not null, constraint "organisation_type_sub_type_pkey" primary key ("type_id", "sub_type_id"));`,
    );

    this.addSql(
      `create table "relation_role" ("id" serial primary key, "role" varchar(255) not null, "external_id" varchar(255) null, "external_ref" varchar(255) null, "managed_flags" varchar(255) null, "rights" jsonb not null default '[]', "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now());`,
    );

    this.addSql(
      `create table "identity_relation" ("id" serial primary key, "source_id" int not null, "target_id" int not null, "role_id" int not null, "external_id" varchar(255) null, "managed_flags" varchar(255) null, "creation_date" timestamptz not null default now());`,
    );
    this.addSql(`create index "identity_relation_source_id_index" on "identity_relation" ("source_id");`);
    this.addSql(`create index "identity_relation_target_id_index" on "identity_relation" ("target_id");`);
    this.addSql(
      `alter table "identity_relation" add constraint "identity_relation_source_id_target_id_role_id_unique" unique ("source_id", "target_id", "role_id");`,
    );

    this.addSql(
      `alter table "organisation_type_sub_type" add constraint "organisation_type_sub_type_type_id_foreign" foreign key ("type_id") references "organisation_type" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "organisation_type_sub_type" add constraint "organisation_type_sub_type_sub_type_id_foreign" foreign key ("sub_type_id") references "organisation_type" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "identity_relation" add constraint "identity_relation_source_id_foreign" foreign key ("source_id") references "identity" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "identity_relation" add constraint "identity_relation_target_id_foreign" foreign key ("target_id") references "identity" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "identity_relation" add constraint "identity_relation_role_id_foreign" foreign key ("role_id") references "relation_role" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "authentication" add column "origin" varchar(32) null;`);

    this.addSql(
      `alter table "organisation" add column "css_class" varchar(255) null, add column "path" varchar(1024) not null default '/', add column "type_id" int null;`,
    );
    this.addSql(
      `alter table "organisation" add constraint "organisation_type_id_foreign" foreign key ("type_id") references "organisation_type" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "organisation_path_index" on "organisation" ("path" varchar_pattern_ops);`);
    this.addSql(`update "organisation" set "path" = '/' || "id" || '/' where "parent_id" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "organisation_type_sub_type" drop constraint "organisation_type_sub_type_type_id_foreign";`);

    this.addSql(`alter table "organisation_type_sub_type" drop constraint "organisation_type_sub_type_sub_type_id_foreign";`);

    this.addSql(`alter table "organisation" drop constraint "organisation_type_id_foreign";`);

    this.addSql(`alter table "identity_relation" drop constraint "identity_relation_role_id_foreign";`);

    this.addSql(`drop table if exists "app_setting" cascade;`);

    this.addSql(`drop table if exists "audit_log" cascade;`);

    this.addSql(`drop table if exists "organisation_type" cascade;`);

    this.addSql(`drop table if exists "organisation_type_sub_type" cascade;`);

    this.addSql(`drop table if exists "relation_role" cascade;`);

    this.addSql(`drop table if exists "identity_relation" cascade;`);

    this.addSql(`alter table "authentication" drop column "origin";`);

    this.addSql(`drop index "organisation_path_index";`);
    this.addSql(`alter table "organisation" drop column "css_class", drop column "path", drop column "type_id";`);
  }
}
