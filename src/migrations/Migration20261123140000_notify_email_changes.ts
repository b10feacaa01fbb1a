import { Migration } from '@mikro-orm/migrations';

/** OAuth bearer tokens may name a person by e-mail: a changed e-mail is announced like a changed login. */
export class Migration20261123140000_notify_email_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop trigger identity_principal_changed on identity;');
    this.addSql(`create trigger identity_principal_changed after update of login, status, email or delete on identity
      for each row execute function notify_principal_change();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger identity_principal_changed on identity;');
    this.addSql(`create trigger identity_principal_changed after update of login, status or delete on identity
      for each row execute function notify_principal_change();`);
  }
}
