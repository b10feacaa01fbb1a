import { Migration } from '@mikro-orm/migrations';

export class Migration20261123200246_add_entry_metadata_and_lifecycle extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "course_config" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "entry_id" int not null, "calendar" boolean not null default false, "chat" boolean not null default false, "css_layout_ref" varchar(255) null, "efficiency_statement" boolean not null default false, "glossary_softkey" varchar(255) null, "shared_folder_softkey" varchar(255) null);`,
    );
    this.addSql(`alter table "course_config" add constraint "course_config_entry_id_unique" unique ("entry_id");`);

    this.addSql(
      `create table "repository_entry_to_organisation" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "entry_id" int not null, "organisation_id" int not null);`,
    );
    this.addSql(`create index "repository_entry_to_organisation_organisation_id_index" on "repository_entry_to_organisation" ("organisation_id");`);
    this.addSql(
      `alter table "repository_entry_to_organisation" add constraint "repository_entry_to_organisation_entry_id_organis_240ec_unique" unique ("entry_id", "organisation_id");`,
    );

    this.addSql(
      `alter table "course_config" add constraint "course_config_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "repository_entry_to_organisation" add constraint "repository_entry_to_organisation_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "repository_entry_to_organisation" add constraint "repository_entry_to_organisation_organisation_id_foreign" foreign key ("organisation_id") references "organisation" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "repository_entry" add column "objectives" text null, add column "requirements" text null, add column "credits" text null, add column "main_language" varchar(255) null, add column "expenditure_of_work" varchar(255) null, add column "guest_access" boolean not null default false, add column "version" int not null default 0;`,
    );

    // Every change of an entry's row raises its version (the ETag of GET /repo/entries/{k}) and its modification date.
    this.addSql(`create function "repository_entry_versioned"() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        new.last_modified := now();
        return new;
      end $$;`);
    this.addSql(`create trigger "repository_entry_versioned" before update on "repository_entry"
      for each row when (old.* is distinct from new.*) execute function "repository_entry_versioned"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "repository_entry_versioned" on "repository_entry";`);
    this.addSql(`drop function if exists "repository_entry_versioned"();`);
    this.addSql(`drop table if exists "course_config" cascade;`);

    this.addSql(`drop table if exists "repository_entry_to_organisation" cascade;`);

    this.addSql(
      `alter table "repository_entry" drop column "objectives", drop column "requirements", drop column "credits", drop column "main_language", drop column "expenditure_of_work", drop column "guest_access", drop column "version";`,
    );
  }
}
