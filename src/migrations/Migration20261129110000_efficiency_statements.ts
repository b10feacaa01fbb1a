import { Migration } from '@mikro-orm/migrations';

/** Efficiency statements (PUT/GET /repo/courses/{resourceKey}/statements): a person's outcome of a course, one per person and resource key. */
export class Migration20261129110000_efficiency_statements extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "efficiency_statement" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "identity_id" int not null, "resource_key" bigint not null, "score" real null, "grade" varchar(255) null, "grade_system_ident" varchar(255) null, "performance_class_ident" varchar(255) null, "passed" boolean null, "course_title" varchar(255) null);`,
    );
    this.addSql(`create index "efficiency_statement_resource_index" on "efficiency_statement" ("resource_key", "id");`);
    this.addSql(`alter table "efficiency_statement" add constraint "efficiency_statement_identity_resource_uq" unique ("identity_id", "resource_key");`);
    this.addSql(
      `alter table "efficiency_statement" add constraint "efficiency_statement_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "efficiency_statement" cascade;`);
  }
}
