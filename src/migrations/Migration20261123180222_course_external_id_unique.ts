import { Migration } from '@mikro-orm/migrations';

export class Migration20261123180222_course_external_id_unique extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create unique index "repository_entry_course_external_id_unique" on "repository_entry" ("external_id") where "resource_type_name" = 'CourseModule';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "repository_entry_course_external_id_unique";`);
  }
}
