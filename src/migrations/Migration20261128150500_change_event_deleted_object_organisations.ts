import { Migration } from '@mikro-orm/migrations';

/**
 * A deletion's event keeps the organisations its object belonged to when it was deleted (src/changes/objects.ts):
 * the object is gone, and with it what its policy would ask; the managers of those organisations read the deletion.
 * Events written before keep null: no organisation, so only the policy of a still existing object decides.
 */
export class Migration20261128150500_change_event_deleted_object_organisations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "change_event" add column "organisation_keys" bigint[] null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "change_event" drop column "organisation_keys";`);
  }
}
