import { Migration } from '@mikro-orm/migrations';

/**
 * A sync job's objects and outcomes (sync_item, sync_outcome) are kept without the write-ahead log: a term's million
 * objects are staged and recorded at a fraction of the disk writes. PostgreSQL empties unlogged tables when it restarts
 * after a crash (not after a clean stop) and does not replicate them; the job keeps how many objects it staged
 * (sync_job.staged, logged), and a job whose objects are gone fails and says so (src/sync/runner.ts).
 */
export class Migration20261129130000_sync_objects_unlogged extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "sync_job" add column "staged" int not null default 0;`);
    this.addSql(`alter table "sync_item" set unlogged;`);
    this.addSql(`alter table "sync_outcome" set unlogged;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sync_outcome" set logged;`);
    this.addSql(`alter table "sync_item" set logged;`);
    this.addSql(`alter table "sync_job" drop column "staged";`);
  }
}
