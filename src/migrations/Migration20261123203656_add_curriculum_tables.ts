import { Migration } from '@mikro-orm/migrations';

export class Migration20261123203656_add_curriculum_tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "curriculum_element_type" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "external_id" varchar(255) null, "managed_flags" varchar(255) null, "identifier" varchar(255) not null, "display_name" varchar(255) not null, "description" text null, "css_class" varchar(255) null, "calendars" varchar(16) null, "lectures" varchar(16) null);`,
    );
    this.addSql(`create unique index "curriculum_element_type_external_id_unique" on "curriculum_element_type" ("external_id");`);

    this.addSql(
      `create table "curriculum_element_type_sub_type" ("type_id" int not null, "sub_type_id" int not null, constraint "curriculum_element_type_sub_type_pkey" primary key ("type_id", "sub_type_id"));`,
    );

    this.addSql(
      `create table "curriculum" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "external_id" varchar(255) null, "managed_flags" varchar(255) null, "identifier" varchar(255) not null, "display_name" varchar(255) not null, "description" text null, "status" varchar(255) null, "degree" varchar(255) null, "organisation_id" int null);`,
    );
    this.addSql(`create index "curriculum_organisation_id_index" on "curriculum" ("organisation_id");`);
    this.addSql(`create index "curriculum_identifier_index" on "curriculum" ("identifier");`);
    this.addSql(`create unique index "curriculum_external_id_unique" on "curriculum" ("external_id");`);

    this.addSql(
      `create table "curriculum_role" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "curriculum_id" int not null, "identity_id" int not null, "role" varchar(32) not null);`,
    );
    this.addSql(`create index "curriculum_role_identity_id_index" on "curriculum_role" ("identity_id");`);
    this.addSql(
      `alter table "curriculum_role" add constraint "curriculum_role_curriculum_id_identity_id_role_unique" unique ("curriculum_id", "identity_id", "role");`,
    );

    this.addSql(
      `create table "curriculum_element" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "external_id" varchar(255) null, "managed_flags" varchar(255) null, "identifier" varchar(255) null, "display_name" varchar(255) not null, "description" text null, "status" varchar(32) not null default 'active', "begin_date" timestamptz null, "end_date" timestamptz null, "calendars" varchar(16) null, "curriculum_id" int not null, "parent_id" int null, "type_id" int null, "path" varchar(1024) not null default '/', "position" int not null default 0);`,
    );
    this.addSql(`create index "curriculum_element_parent_id_index" on "curriculum_element" ("parent_id");`);
    this.addSql(`create index "curriculum_element_type_id_index" on "curriculum_element" ("type_id");`);
    this.addSql(`create index "curriculum_element_curriculum_index" on "curriculum_element" ("curriculum_id", "position");`);
    this.addSql(`create index "curriculum_element_identifier_index" on "curriculum_element" ("identifier");`);
    this.addSql(`create unique index "curriculum_element_external_id_unique" on "curriculum_element" ("external_id");`);
    this.addSql(`create index "curriculum_element_path_index" on "curriculum_element" ("path" varchar_pattern_ops);`);

    this.addSql(
      `create table "curriculum_element_membership" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "element_id" int not null, "identity_id" int not null, "role" varchar(32) not null, "inheritance" varchar(16) not null default 'none');`,
    );
    this.addSql(`create index "curriculum_element_membership_identity_id_role_index" on "curriculum_element_membership" ("identity_id", "role");`);
    this.addSql(
      `alter table "curriculum_element_membership" add constraint "curriculum_element_membership_element_id_identity_66311_unique" unique ("element_id", "identity_id", "role");`,
    );

    this.addSql(
      `create table "curriculum_element_entry" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "element_id" int not null, "entry_id" int not null);`,
    );
    this.addSql(`create index "curriculum_element_entry_entry_id_index" on "curriculum_element_entry" ("entry_id");`);
    this.addSql(
      `alter table "curriculum_element_entry" add constraint "curriculum_element_entry_element_id_entry_id_unique" unique ("element_id", "entry_id");`,
    );

    this.addSql(
      `alter table "curriculum_element_type_sub_type" add constraint "curriculum_element_type_sub_type_type_id_foreign" foreign key ("type_id") references "curriculum_element_type" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "curriculum_element_type_sub_type" add constraint "curriculum_element_type_sub_type_sub_type_id_foreign" foreign key ("sub_type_id") references "curriculum_element_type" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "curriculum" add constraint "curriculum_organisation_id_foreign" foreign key ("organisation_id") references "organisation" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "curriculum_role" add constraint "curriculum_role_curriculum_id_foreign" foreign key ("curriculum_id") references "curriculum" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "curriculum_role" add constraint "curriculum_role_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "curriculum_element" add constraint "curriculum_element_curriculum_id_foreign" foreign key ("curriculum_id") references "curriculum" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "curriculum_element" add constraint "curriculum_element_parent_id_foreign" foreign key ("parent_id") references "curriculum_element" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "curriculum_element" add constraint "curriculum_element_type_id_foreign" foreign key ("type_id") references "curriculum_element_type" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "curriculum_element_membership" add constraint "curriculum_element_membership_element_id_foreign" foreign key ("element_id") references "curriculum_element" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "curriculum_element_membership" add constraint "curriculum_element_membership_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "curriculum_element_entry" add constraint "curriculum_element_entry_element_id_foreign" foreign key ("element_id") references "curriculum_element" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "curriculum_element_entry" add constraint "curriculum_element_entry_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "curriculum_element_type_sub_type" drop constraint "curriculum_element_type_sub_type_type_id_foreign";`);

    this.addSql(`alter table "curriculum_element_type_sub_type" drop constraint "curriculum_element_type_sub_type_sub_type_id_foreign";`);

    this.addSql(`alter table "curriculum_element" drop constraint "curriculum_element_type_id_foreign";`);

    this.addSql(`alter table "curriculum_role" drop constraint "curriculum_role_curriculum_id_foreign";`);

    this.addSql(`alter table "curriculum_element" drop constraint "curriculum_element_curriculum_id_foreign";`);

    this.addSql(`alter table "curriculum_element" drop constraint "curriculum_element_parent_id_foreign";`);

    this.addSql(`alter table "curriculum_element_membership" drop constraint "curriculum_element_membership_element_id_foreign";`);

    this.addSql(`alter table "curriculum_element_entry" drop constraint "curriculum_element_entry_element_id_foreign";`);

    this.addSql(`drop table if exists "curriculum_element_type" cascade;`);

    this.addSql(`drop table if exists "curriculum_element_type_sub_type" cascade;`);

    this.addSql(`drop table if exists "curriculum" cascade;`);

    this.addSql(`drop table if exists "curriculum_role" cascade;`);

    this.addSql(`drop table if exists "curriculum_element" cascade;`);

    this.addSql(`drop table if exists "curriculum_element_membership" cascade;`);

    this.addSql(`drop table if exists "curriculum_element_entry" cascade;`);
  }
}
