import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Nullable, Varchar } from './base';

/**
 * One change a write made, appended in the write's own transaction (the outbox of src/changes). `xid` is the
 * writing transaction's id: readers take events of finished transactions only (src/changes/repository.ts).
 */
@Entity({ tableName: 'change_event' })
@Index({ properties: ['xid', 'id'] })
@Index({
  name: 'change_event_deletion_index',
  expression: 'create index change_event_deletion_index on change_event (object_type, object_key) where organisation_keys is not null',
})
export class ChangeEvent {
  @PrimaryKey({ type: 'bigint', autoincrement: true }) id!: string;
  @Property({ columnType: 'xid8', defaultRaw: 'pg_current_xact_id()' }) xid!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  @Index()
  at: Date = new Date();

  /** `<family>.<object>.<verb>`, e.g. `group.participant.added`. */
  @Varchar(128) type!: string;
  @Nullable('string', 64) objectType?: string | null;
  @Nullable('string', 64) objectKey?: string | null;
  @Nullable('string') externalId?: string | null;

  /** For a deletion: the organisations its object belonged to when it was deleted, whose managers read it (src/changes/policy.ts). */
  @Property({ columnType: 'bigint[]', type: 'array', nullable: true }) organisationKeys?: string[] | null;

  /** Every key the write named: `{ "groupKey": "12", "identityKey": "34" }`. */
  @Property({ type: 'json' }) keys!: Record<string, string>;

  /** Who wrote; no foreign key: the event outlives the identity. */
  @Nullable('integer') identityKey?: number | null;

  /** The object as its REST JSON representation (secrets masked); null for a deletion or a yes/no answer. `json`, not `jsonb`: its fields keep their order. */
  @Property({ type: 'json', columnType: 'json', nullable: true }) object?: unknown;
}

/** How far the retention has deleted the feed (one row): a reader whose cursor lies below it has missed events. */
@Entity({ tableName: 'change_feed_horizon' })
export class ChangeFeedHorizon {
  @PrimaryKey({ type: 'integer', autoincrement: false }) id!: number;

  /** The newest deleted event's transaction and key. */
  @Property({ columnType: 'xid8' }) xid!: string;
  @Property({ type: 'bigint' }) eventId!: string;
}

export const changeEntities = [ChangeEvent, ChangeFeedHorizon];
