import { Migration } from '@mikro-orm/migrations';

/**
 * The change feed's outbox (src/changes): one row per change, appended in the write's transaction, with the id of
 * that transaction, by which readers take only what finished transactions wrote; and how far retention deleted it.
 * A transaction that appends events announces it on `gateway_changes` at commit (once, whatever it appended): long
 * polls on every instance read again (src/changes/signal.ts).
 */
export class Migration20261128020328_add_change_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "change_event" ("id" bigserial primary key, "xid" xid8 not null default pg_current_xact_id(), "at" timestamptz not null default now(), "type" varchar(128) not null, "object_type" varchar(64) null, "object_key" varchar(64) null, "external_id" varchar(255) null, "keys" jsonb not null, "identity_key" int null, "object" json null);`,
    );
    this.addSql(`create index "change_event_at_index" on "change_event" ("at");`);
    this.addSql(`create index "change_event_xid_id_index" on "change_event" ("xid", "id");`);

    this.addSql(
      `create table "change_feed_horizon" ("id" int not null, "xid" xid8 not null, "event_id" bigint not null, constraint "change_feed_horizon_pkey" primary key ("id"));`,
    );
    this.addSql(`create function notify_change_event() returns trigger language plpgsql as $$
      begin
        perform pg_notify('gateway_changes', '');
        return null;
      end $$;`);
    this.addSql(`create trigger change_event_appended after insert on change_event for each statement execute function notify_change_event();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger change_event_appended on change_event;');
    this.addSql('drop function notify_change_event();');
    this.addSql(`drop table if exists "change_event" cascade;`);

    this.addSql(`drop table if exists "change_feed_horizon" cascade;`);
  }
}
