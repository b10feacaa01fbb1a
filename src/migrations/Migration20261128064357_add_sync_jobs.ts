import { Migration } from '@mikro-orm/migrations';

/**
 * Sync jobs (src/sync): a desired-state document staged object by object, what each job did with each, and the
 * containers a mirror job holds; organisations are found by externalId through an index.
 */
export class Migration20261128064357_add_sync_jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "sync_claim" ("container" varchar(300) not null, "job_id" bigint not null, constraint "sync_claim_pkey" primary key ("container"));`,
    );
    this.addSql(`create index "sync_claim_job_id_index" on "sync_claim" ("job_id");`);

    this.addSql(
      `create table "sync_item" ("job_id" bigint not null, "seq" int not null, "section" varchar(32) not null, "ref" varchar(255) not null, "container" varchar(300) null, "role" varchar(32) null, "member_key" int null, "payload" jsonb not null, "action" varchar(16) null, "changes" jsonb null, "error" text null, "result_key" bigint null, constraint "sync_item_pkey" primary key ("job_id", "seq"));`,
    );
    this.addSql(`create index "sync_item_member_index" on "sync_item" ("job_id", "container", "role", "member_key");`);
    this.addSql(`create index "sync_item_section_index" on "sync_item" ("job_id", "section", "seq");`);

    this.addSql(
      `create table "sync_job" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "owner_key" int not null, "transport" varchar(16) not null, "mode" varchar(16) not null, "dry_run" boolean not null default false, "atomic" boolean not null default false, "force" boolean not null default false, "state" varchar(16) not null, "error" text null, "progress" jsonb not null default '{}', "attempts" int not null default 0, "started_at" timestamptz null, "finished_at" timestamptz null, "prepared" boolean not null default false, "lease_holder" varchar(64) null, "leased_until" timestamptz null);`,
    );
    this.addSql(`create index "sync_job_finished_at_index" on "sync_job" ("finished_at");`);
    this.addSql(`create index "sync_job_owner_index" on "sync_job" ("owner_key", "id");`);
    this.addSql(`create index "sync_job_due_index" on "sync_job" ("state", "leased_until");`);

    this.addSql(`create index "organisation_external_id_index" on "organisation" ("external_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sync_claim" cascade;`);

    this.addSql(`drop table if exists "sync_item" cascade;`);

    this.addSql(`drop table if exists "sync_job" cascade;`);

    this.addSql(`drop index "organisation_external_id_index";`);
  }
}
