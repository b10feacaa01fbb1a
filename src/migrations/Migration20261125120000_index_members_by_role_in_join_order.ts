import { Migration } from '@mikro-orm/migrations';

/**
 * The members with a role of a group or a course in the order they joined: a page of them (GraphQL
 * GroupVO/CourseVO participants, owners, coaches; REST's ranges) is a short index scan, not a sort of
 * every member of a course of 50,000.
 */
export class Migration20261125120000_index_members_by_role_in_join_order extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "group_membership_group_id_role_id_index" on "group_membership" ("group_id", "role", "id");');
    this.addSql('create index "repository_entry_membership_entry_id_role_id_index" on "repository_entry_membership" ("entry_id", "role", "id");');
  }

  override async down(): Promise<void> {
    this.addSql('drop index "repository_entry_membership_entry_id_role_id_index";');
    this.addSql('drop index "group_membership_group_id_role_id_index";');
  }
}
