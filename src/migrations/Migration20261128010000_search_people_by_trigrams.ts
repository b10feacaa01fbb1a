import { Migration } from '@mikro-orm/migrations';

/**
 * A search for part of a login, name or e-mail (`GET /users?login=seed-123*`, `%seed-123%`) reads the
 * people whose trigrams match, not every person in key order: among a million people a rare match
 * would otherwise walk the whole key index for each range of the answer. pg_trgm ships with
 * PostgreSQL and is a trusted extension (the database owner may create it).
 */
export class Migration20261128010000_search_people_by_trigrams extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql('create index "identity_login_trgm_index" on "identity" using gin ("login" gin_trgm_ops);');
    this.addSql('create index "identity_first_name_trgm_index" on "identity" using gin ("first_name" gin_trgm_ops);');
    this.addSql('create index "identity_last_name_trgm_index" on "identity" using gin ("last_name" gin_trgm_ops);');
    this.addSql('create index "identity_email_trgm_index" on "identity" using gin ("email" gin_trgm_ops);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index "identity_email_trgm_index";');
    this.addSql('drop index "identity_last_name_trgm_index";');
    this.addSql('drop index "identity_first_name_trgm_index";');
    this.addSql('drop index "identity_login_trgm_index";');
  }
}
