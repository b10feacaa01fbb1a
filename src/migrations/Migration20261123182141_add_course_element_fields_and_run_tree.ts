import { Migration } from '@mikro-orm/migrations';

export class Migration20261123182141_add_course_element_fields_and_run_tree extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "course_run_element" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "entry_id" int not null, "ident" varchar(32) not null, "parent_ident" varchar(32) null, "position" int not null default 0, "type" varchar(16) not null, "short_title" varchar(255) null, "long_title" varchar(255) null, "description" text null, "objectives" text null, "instruction" text null, "instructional_design" text null, "display_type" varchar(16) null, "page_file" varchar(1024) null);`,
    );
    this.addSql(`alter table "course_run_element" add constraint "course_run_element_entry_id_ident_unique" unique ("entry_id", "ident");`);

    this.addSql(
      `alter table "course_run_element" add constraint "course_run_element_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "repository_entry" add column "published_at" timestamptz null;`);

    this.addSql(
      `alter table "course_element" add column "objectives" text null, add column "instruction" text null, add column "instructional_design" text null, add column "display_type" varchar(16) null, add column "page_file" varchar(1024) null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "course_run_element" cascade;`);

    this.addSql(
      `alter table "course_element" drop column "objectives", drop column "instruction", drop column "instructional_design", drop column "display_type", drop column "page_file";`,
    );

    this.addSql(`alter table "repository_entry" drop column "published_at";`);
  }
}
