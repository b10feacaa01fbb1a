import { Migration } from '@mikro-orm/migrations';

const notifyingFunction = (flag: string) => `create or replace function notify_principal_change() returns trigger language plpgsql as $$
      begin${flag}
        if tg_table_name = 'identity' then
          perform pg_notify('gateway_principals', old.id::text);
        elsif tg_op = 'DELETE' then
          perform pg_notify('gateway_principals', old.identity_id::text);
        else
          perform pg_notify('gateway_principals', new.identity_id::text);
          if tg_op = 'UPDATE' and old.identity_id <> new.identity_id then
            perform pg_notify('gateway_principals', old.identity_id::text);
          end if;
        end if;
        return null;
      end $$;`;

/**
 * A transaction that changes what a principal is made of also says so to itself: `gateway.principals_changed` is `on`
 * until it ends. A write reads it with its audit row (src/audit/audit-log.ts), so the instance that ran a write
 * that changed no principal keeps its cached principals (src/auth/principal-cache.ts).
 */
export class Migration20261129140000_principal_change_flag extends Migration {
  override async up(): Promise<void> {
    this.addSql(notifyingFunction(`\n        perform set_config('gateway.principals_changed', 'on', true);`));
  }

  override async down(): Promise<void> {
    this.addSql(notifyingFunction(''));
  }
}
