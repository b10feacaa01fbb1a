import { Migration } from '@mikro-orm/migrations';

export class Migration20261124002721_add_login_throttle_rate_limits_audit_address extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "login_failure_window" ("key" varchar(320) not null, "failures" int not null, "window_end" timestamptz not null, constraint "login_failure_window_pkey" primary key ("key"));`,
    );
    this.addSql(`create index "login_failure_window_window_end_index" on "login_failure_window" ("window_end");`);

    this.addSql(
      `create table "rate_limit_bucket" ("key" varchar(320) not null, "tokens" double precision not null, "allowed" boolean not null, "updated_at" timestamptz not null, constraint "rate_limit_bucket_pkey" primary key ("key"));`,
    );
    this.addSql(`create index "rate_limit_bucket_updated_at_index" on "rate_limit_bucket" ("updated_at");`);

    this.addSql(`alter table "audit_log" add column "client_address" varchar(64) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "login_failure_window" cascade;`);

    this.addSql(`drop table if exists "rate_limit_bucket" cascade;`);

    this.addSql(`alter table "audit_log" drop column "client_address";`);
  }
}
