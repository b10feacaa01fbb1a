import { Migration } from '@mikro-orm/migrations';

export class Migration20261123200722_course_archives_and_file_chunks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "stored_file_chunk" ("file_id" bigint not null, "seq" int not null, "data" bytea not null, constraint "stored_file_chunk_pkey" primary key ("file_id", "seq"));`,
    );

    this.addSql(
      `alter table "stored_file_chunk" add constraint "stored_file_chunk_file_id_foreign" foreign key ("file_id") references "stored_file" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "course_run_element" add column "xml_extra" jsonb null;`);

    this.addSql(`alter table "course_element" add column "xml_extra" jsonb null;`);

    this.addSql(`alter table "stored_file" add column "chunked" boolean not null default false;`);
    this.addSql(`create index "stored_file_path_prefix_index" on "stored_file" ("path" text_pattern_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stored_file_chunk" cascade;`);

    this.addSql(`alter table "course_element" drop column "xml_extra";`);

    this.addSql(`alter table "course_run_element" drop column "xml_extra";`);

    this.addSql(`drop index "stored_file_path_prefix_index";`);
    this.addSql(`alter table "stored_file" drop column "chunked";`);
  }
}
