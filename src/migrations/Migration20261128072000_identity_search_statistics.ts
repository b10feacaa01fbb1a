import { Migration } from '@mikro-orm/migrations';

/**
 * The planner's estimate for a login searched with inner wildcards (`%seed-45%67%`) comes from the column's histogram:
 * with the default 100 bounds one bound that happens to match raises it a hundredfold, and the planner then walks the
 * key index through every person instead of the trigram index. A histogram of 1,000 bounds (from a sample that covers
 * 300,000 people) keeps the estimate near the truth.
 */
export class Migration20261128072000_identity_search_statistics extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "identity" alter column "login" set statistics 1000;`);
    this.addSql(`analyze "identity" ("login");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity" alter column "login" set statistics -1;`);
  }
}
