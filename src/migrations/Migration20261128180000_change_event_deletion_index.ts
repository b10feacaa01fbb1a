import { Migration } from '@mikro-orm/migrations';

/**
 * The deletions of given objects, found by the objects: an event about an object that is gone since is read by the
 * readers of its deletion (src/changes/policy.ts). Deletions alone carry organisations: the index holds them only.
 */
export class Migration20261128180000_change_event_deletion_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index change_event_deletion_index on change_event (object_type, object_key) where organisation_keys is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index change_event_deletion_index;`);
  }
}
