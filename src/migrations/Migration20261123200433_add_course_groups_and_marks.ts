import { Migration } from '@mikro-orm/migrations';

export class Migration20261123200433_add_course_groups_and_marks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "repository_entry_group" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "entry_id" int not null, "group_id" int not null);`,
    );
    this.addSql(`create index "repository_entry_group_group_id_index" on "repository_entry_group" ("group_id");`);
    this.addSql(`alter table "repository_entry_group" add constraint "repository_entry_group_entry_id_group_id_unique" unique ("entry_id", "group_id");`);

    this.addSql(
      `create table "repository_entry_mark" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "identity_id" int not null, "entry_id" int not null);`,
    );
    this.addSql(`create index "repository_entry_mark_entry_id_index" on "repository_entry_mark" ("entry_id");`);
    this.addSql(`alter table "repository_entry_mark" add constraint "repository_entry_mark_identity_id_entry_id_unique" unique ("identity_id", "entry_id");`);

    this.addSql(
      `alter table "repository_entry_group" add constraint "repository_entry_group_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "repository_entry_group" add constraint "repository_entry_group_group_id_foreign" foreign key ("group_id") references "business_group" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "repository_entry_mark" add constraint "repository_entry_mark_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "repository_entry_mark" add constraint "repository_entry_mark_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "repository_entry_group" cascade;`);

    this.addSql(`drop table if exists "repository_entry_mark" cascade;`);
  }
}
