import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to what a principal is made of (login, status, credentials, sessions, organisation
 * roles) is announced on `gateway_principals` with the person's key, at commit, whoever writes it:
 * each instance drops what it has cached of that person (src/auth/principal-cache.ts).
 */
export class Migration20261123110000_notify_principal_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function notify_principal_change() returns trigger language plpgsql as $$
      begin
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
      end $$;`);
    this.addSql(`create trigger identity_principal_changed after update of login, status or delete on identity
      for each row execute function notify_principal_change();`);
    this.addSql(`create trigger authentication_principal_changed
      after insert or delete or update of identity_id, provider, auth_username, credential, origin on authentication
      for each row execute function notify_principal_change();`);
    this.addSql(`create trigger organisation_role_principal_changed after insert or update or delete on organisation_role
      for each row execute function notify_principal_change();`);
    this.addSql(`create trigger http_session_principal_changed after delete on http_session
      for each row execute function notify_principal_change();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger http_session_principal_changed on http_session;');
    this.addSql('drop trigger organisation_role_principal_changed on organisation_role;');
    this.addSql('drop trigger authentication_principal_changed on authentication;');
    this.addSql('drop trigger identity_principal_changed on identity;');
    this.addSql('drop function notify_principal_change();');
  }
}
