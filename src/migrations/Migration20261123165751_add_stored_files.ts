import { Migration } from '@mikro-orm/migrations';

/** The PostgreSQL file storage (src/files/storage.ts): one row per file, found by its unique path. */
export class Migration20261123165751_add_stored_files extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "stored_file" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "path" text not null, "content_type" varchar(255) not null, "size" int not null, "content" bytea not null);`,
    );
    this.addSql(`alter table "stored_file" add constraint "stored_file_path_unique" unique ("path");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stored_file" cascade;`);
  }
}
