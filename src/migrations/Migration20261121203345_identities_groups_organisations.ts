import { Migration } from '@mikro-orm/migrations';

export class Migration20261121203345 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "business_group" ("id" serial primary key, "name" varchar(255) not null, "description" text null, "external_id" varchar(255) null, "managed_flags" varchar(255) null, "type" varchar(32) not null default 'LearningGroup', "min_participants" int null, "max_participants" int null, "owners_visible" boolean not null default false, "participants_visible" boolean not null default false, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now());`,
    );
    this.addSql(`create index "business_group_external_id_index" on "business_group" ("external_id");`);

    this.addSql(
      `create table "identity" ("id" serial primary key, "login" varchar(128) not null, "external_id" varchar(255) null, "first_name" varchar(255) not null, "last_name" varchar(255) not null, "email" varchar(255) null, "status" int not null default 2, "properties" jsonb not null default '{}', "language" varchar(16) null, "creation_date" timestamptz not null default now(), "last_login" timestamptz null, "expiration_date" timestamptz null, "inactivation_date" timestamptz null);`,
    );
    this.addSql(`create index "identity_external_id_index" on "identity" ("external_id");`);
    this.addSql(`create unique index identity_login_lower_uq on identity (lower(login));`);

    this.addSql(
      `create table "http_session" ("id" varchar(64) not null, "identity_id" int not null, "provider" varchar(32) not null, "creation_date" timestamptz not null default now(), "expires_at" timestamptz not null, constraint "http_session_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "http_session_identity_id_index" on "http_session" ("identity_id");`);
    this.addSql(`create index "http_session_expires_at_index" on "http_session" ("expires_at");`);

    this.addSql(
      `create table "group_membership" ("id" serial primary key, "group_id" int not null, "identity_id" int not null, "role" varchar(16) not null, "creation_date" timestamptz not null default now());`,
    );
    this.addSql(`create index "group_membership_identity_id_index" on "group_membership" ("identity_id");`);
    this.addSql(
      `alter table "group_membership" add constraint "group_membership_group_id_identity_id_role_unique" unique ("group_id", "identity_id", "role");`,
    );

    this.addSql(
      `create table "authentication" ("id" serial primary key, "identity_id" int not null, "provider" varchar(32) not null, "auth_username" varchar(255) not null, "credential" varchar(255) null, "external_id" varchar(255) null, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "last_usage" timestamptz null);`,
    );
    this.addSql(`create index "authentication_identity_id_index" on "authentication" ("identity_id");`);
    this.addSql(`create unique index authentication_single_provider_uq on authentication (identity_id, provider) where provider in ('OLAT', 'REST');`);
    this.addSql(`create index "authentication_provider_credential_index" on "authentication" ("provider", "credential");`);
    this.addSql(`alter table "authentication" add constraint "authentication_provider_auth_username_unique" unique ("provider", "auth_username");`);

    this.addSql(
      `create table "organisation" ("id" serial primary key, "identifier" varchar(255) not null, "display_name" varchar(255) not null, "description" text null, "external_id" varchar(255) null, "managed_flags" varchar(255) null, "status" varchar(32) not null default 'active', "parent_id" int null, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now());`,
    );
    this.addSql(`alter table "organisation" add constraint "organisation_identifier_unique" unique ("identifier");`);

    this.addSql(
      `create table "organisation_role" ("id" serial primary key, "identity_id" int not null, "organisation_id" int not null, "role" varchar(32) not null, "inheritance" varchar(16) not null default 'none', "creation_date" timestamptz not null default now());`,
    );
    this.addSql(`create index "organisation_role_identity_id_index" on "organisation_role" ("identity_id");`);
    this.addSql(`create index "organisation_role_organisation_id_role_index" on "organisation_role" ("organisation_id", "role");`);
    this.addSql(
      `alter table "organisation_role" add constraint "organisation_role_identity_id_organisation_id_role_unique" unique ("identity_id", "organisation_id", "role");`,
    );

    this.addSql(
      `alter table "http_session" add constraint "http_session_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "group_membership" add constraint "group_membership_group_id_foreign" foreign key ("group_id") references "business_group" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "group_membership" add constraint "group_membership_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "authentication" add constraint "authentication_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "organisation" add constraint "organisation_parent_id_foreign" foreign key ("parent_id") references "organisation" ("id") on update cascade on delete restrict;`,
    );

    this.addSql(
      `alter table "organisation_role" add constraint "organisation_role_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "organisation_role" add constraint "organisation_role_organisation_id_foreign" foreign key ("organisation_id") references "organisation" ("id") on update cascade on delete cascade;`,
    );
  }
}
