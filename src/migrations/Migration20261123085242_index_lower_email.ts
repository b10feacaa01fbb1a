import { Migration } from '@mikro-orm/migrations';

export class Migration20261123085242_index_lower_email extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index identity_email_lower_index on identity (lower(email));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "identity_email_lower_index";`);
  }
}
