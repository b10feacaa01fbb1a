import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook subscriptions (src/webhooks): where the change feed goes, how far delivery has come (a feed cursor), who
 * delivers it now (a lease), and the events given up on after the retry period.
 */
export class Migration20261128033154_add_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhook_subscription" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "owner_key" int not null, "url" varchar(2048) not null, "types" jsonb not null default '[]', "organisation_key" bigint null, "active" boolean not null default true, "secret" varchar(128) not null, "previous_secret" varchar(128) null, "previous_secret_until" timestamptz null, "cursor_xid" xid8 not null, "cursor_id" bigint not null, "next_attempt_at" timestamptz not null default now(), "attempts" int not null default 0, "failing_since" timestamptz null, "last_error" varchar(1024) null, "last_delivery_at" timestamptz null, "lease_holder" varchar(64) null, "leased_until" timestamptz null);`,
    );
    this.addSql(`create index "webhook_subscription_owner_key_index" on "webhook_subscription" ("owner_key");`);
    this.addSql(`create index "webhook_subscription_due_index" on "webhook_subscription" ("next_attempt_at");`);

    this.addSql(
      `create table "webhook_failure" ("id" bigserial primary key, "subscription_id" bigint not null, "event_xid" xid8 not null, "event_id" bigint not null, "type" varchar(128) not null, "attempts" int not null, "last_error" varchar(1024) null, "failed_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "webhook_failure_subscription_id_event_xid_event_id_index" on "webhook_failure" ("subscription_id", "event_xid", "event_id");`);
    this.addSql(`create index "webhook_failure_failed_at_index" on "webhook_failure" ("failed_at");`);

    this.addSql(
      `alter table "webhook_failure" add constraint "webhook_failure_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscription" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_failure" drop constraint "webhook_failure_subscription_id_foreign";`);

    this.addSql(`drop table if exists "webhook_subscription" cascade;`);

    this.addSql(`drop table if exists "webhook_failure" cascade;`);
  }
}
