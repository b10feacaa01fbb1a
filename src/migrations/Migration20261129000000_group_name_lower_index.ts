import { Migration } from '@mikro-orm/migrations';

/** SCIM finds groups by displayName in any case (`displayName eq`): the lower-case name's index. */
export class Migration20261129000000_group_name_lower_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index business_group_name_lower_index on business_group (lower(name));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "business_group_name_lower_index";`);
  }
}
