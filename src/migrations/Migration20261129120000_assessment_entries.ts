import { Migration } from '@mikro-orm/migrations';

/** Assessment results of course elements (GET/POST/PUT /repo/courses/{courseId}/assessments…): one row per course, element and person. */
export class Migration20261129120000_assessment_entries extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "assessment_entry" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "entry_id" int not null, "node_ident" varchar(64) not null, "identity_id" int not null, "passed" boolean null, "score" real null, "weighted_score" real null, "max_score" real null, "weighted_max_score" real null, "user_visible" boolean null, "grade" varchar(255) null, "grade_system_ident" varchar(255) null, "performance_class_ident" varchar(255) null, "completion" double precision null, "attempts" int null, "assessment_status" varchar(16) null, "last_user_modified" timestamptz null, "last_coach_modified" timestamptz null, "assessment_done" timestamptz null, "fully_assessed" boolean null, "fully_assessed_date" timestamptz null, "first_visit" timestamptz null, "last_visit" timestamptz null);`,
    );
    this.addSql(`create index "assessment_entry_identity_index" on "assessment_entry" ("identity_id");`);
    this.addSql(`alter table "assessment_entry" add constraint "assessment_entry_entry_node_identity_uq" unique ("entry_id", "node_ident", "identity_id");`);
    this.addSql(
      `alter table "assessment_entry" add constraint "assessment_entry_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "assessment_entry" add constraint "assessment_entry_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "assessment_entry" cascade;`);
  }
}
