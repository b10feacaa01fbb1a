import { Migration } from '@mikro-orm/migrations';

export class Migration20261123174616_add_courses_tables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence "olat_resource_id_seq" start with 90000000000001;`);
    this.addSql(`create sequence "olat_resource_key_seq";`);
    this.addSql(
      `create table "repository_entry" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "external_id" varchar(255) null, "managed_flags" varchar(255) null, "softkey" varchar(36) not null, "displayname" varchar(255) not null, "resourcename" varchar(255) not null default '-', "description" text null, "teaser" varchar(255) null, "authors" varchar(2048) null, "location" varchar(255) null, "external_ref" varchar(255) null, "status" varchar(16) not null default 'preparation', "resource_type_name" varchar(50) not null default 'CourseModule', "olat_resource_id" bigint not null, "olat_resource_key" bigint not null, "lifecycle_valid_from" timestamptz null, "lifecycle_valid_to" timestamptz null, "lifecycle_label" varchar(255) null, "lifecycle_softkey" varchar(128) null, "organisation_id" int not null, "public_visible" boolean not null default false, "editor_root_node_id" varchar(32) null, "node_access_type" varchar(32) not null default 'condition');`,
    );
    this.addSql(`alter table "repository_entry" add constraint "repository_entry_softkey_unique" unique ("softkey");`);
    this.addSql(`alter table "repository_entry" add constraint "repository_entry_olat_resource_id_unique" unique ("olat_resource_id");`);
    this.addSql(`alter table "repository_entry" add constraint "repository_entry_olat_resource_key_unique" unique ("olat_resource_key");`);
    this.addSql(`create index "repository_entry_organisation_id_index" on "repository_entry" ("organisation_id");`);
    this.addSql(`create index "repository_entry_status_public_visible_index" on "repository_entry" ("status", "public_visible");`);
    this.addSql(`create index "repository_entry_external_ref_index" on "repository_entry" ("external_ref");`);
    this.addSql(`create index "repository_entry_external_id_index" on "repository_entry" ("external_id");`);

    this.addSql(
      `create table "course_element" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "entry_id" int not null, "ident" varchar(32) not null, "parent_id" int null, "position" int not null default 0, "type" varchar(16) not null, "short_title" varchar(255) null, "long_title" varchar(255) null, "description" text null);`,
    );
    this.addSql(`create index "course_element_parent_id_index" on "course_element" ("parent_id");`);
    this.addSql(`alter table "course_element" add constraint "course_element_entry_id_ident_unique" unique ("entry_id", "ident");`);

    this.addSql(
      `create table "repository_entry_membership" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "entry_id" int not null, "identity_id" int not null, "role" varchar(16) not null);`,
    );
    this.addSql(`create index "repository_entry_membership_identity_id_index" on "repository_entry_membership" ("identity_id");`);
    this.addSql(
      `alter table "repository_entry_membership" add constraint "repository_entry_membership_entry_id_identity_id_role_unique" unique ("entry_id", "identity_id", "role");`,
    );

    this.addSql(
      `alter table "repository_entry" add constraint "repository_entry_organisation_id_foreign" foreign key ("organisation_id") references "organisation" ("id") on update cascade on delete restrict;`,
    );

    this.addSql(
      `alter table "course_element" add constraint "course_element_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "course_element" add constraint "course_element_parent_id_foreign" foreign key ("parent_id") references "course_element" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "repository_entry_membership" add constraint "repository_entry_membership_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "repository_entry_membership" add constraint "repository_entry_membership_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "course_element" drop constraint "course_element_entry_id_foreign";`);

    this.addSql(`alter table "repository_entry_membership" drop constraint "repository_entry_membership_entry_id_foreign";`);

    this.addSql(`alter table "course_element" drop constraint "course_element_parent_id_foreign";`);

    this.addSql(`drop table if exists "repository_entry" cascade;`);

    this.addSql(`drop table if exists "course_element" cascade;`);

    this.addSql(`drop table if exists "repository_entry_membership" cascade;`);

    this.addSql(`drop sequence if exists "olat_resource_id_seq";`);
    this.addSql(`drop sequence if exists "olat_resource_key_seq";`);
  }
}
