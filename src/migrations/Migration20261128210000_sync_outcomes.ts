import { Migration } from '@mikro-orm/migrations';

/**
 * What a job did with each object moves out of sync_item into a table of its own, written once per object (an insert,
 * not an update of the staged row and its three indexes), and read by action (a job's first failures, while it runs).
 */
export class Migration20261128210000_sync_outcomes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "sync_outcome" ("job_id" bigint not null, "seq" int not null, "action" varchar(16) not null, "changes" jsonb null, "error" text null, "result_key" bigint null, constraint "sync_outcome_pkey" primary key ("job_id", "seq"));`,
    );
    this.addSql(`create index "sync_outcome_action_index" on "sync_outcome" ("job_id", "action", "seq");`);
    this.addSql(
      `insert into "sync_outcome" ("job_id", "seq", "action", "changes", "error", "result_key") select "job_id", "seq", "action", "changes", "error", "result_key" from "sync_item" where "action" is not null;`,
    );
    this.addSql(`alter table "sync_item" drop column "action", drop column "changes", drop column "error", drop column "result_key";`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "sync_item" add column "action" varchar(16) null, add column "changes" jsonb null, add column "error" text null, add column "result_key" bigint null;`,
    );
    this.addSql(
      `update "sync_item" i set "action" = o."action", "changes" = o."changes", "error" = o."error", "result_key" = o."result_key" from "sync_outcome" o where o."job_id" = i."job_id" and o."seq" = i."seq";`,
    );
    this.addSql(`drop table "sync_outcome";`);
  }
}
