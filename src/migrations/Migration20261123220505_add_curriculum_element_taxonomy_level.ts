import { Migration } from '@mikro-orm/migrations';

export class Migration20261123220505_add_curriculum_element_taxonomy_level extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "curriculum_element_taxonomy_level" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "element_id" int not null, "level_id" int not null);`,
    );
    this.addSql(`create index "curriculum_element_taxonomy_level_level_id_index" on "curriculum_element_taxonomy_level" ("level_id");`);
    this.addSql(
      `alter table "curriculum_element_taxonomy_level" add constraint "curriculum_element_taxonomy_level_element_id_level_id_unique" unique ("element_id", "level_id");`,
    );

    this.addSql(
      `alter table "curriculum_element_taxonomy_level" add constraint "curriculum_element_taxonomy_level_element_id_foreign" foreign key ("element_id") references "curriculum_element" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "curriculum_element_taxonomy_level" add constraint "curriculum_element_taxonomy_level_level_id_foreign" foreign key ("level_id") references "taxonomy_level" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "curriculum_element_taxonomy_level" cascade;`);
  }
}
