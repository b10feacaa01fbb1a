import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Nullable, Varchar } from './base';

/**
 * A webhook subscription (src/webhooks): where the change feed's events of `types` go, signed with `secret`, as far
 * as the owner may read them (and, with an organisation, only those about that organisation). `cursor…` is how far
 * delivery has come; the lease says which instance delivers it now and until when.
 */
@Entity({ tableName: 'webhook_subscription' })
@Index({ name: 'webhook_subscription_due_index', properties: ['nextAttemptAt'] })
export class WebhookSubscription {
  @PrimaryKey({ type: 'bigint', autoincrement: true }) id!: string;
  @Property({ type: 'datetime', defaultRaw: 'now()' }) creationDate: Date = new Date();

  /** Who created it: deliveries carry what this person may read. No foreign key: a deleted owner's subscription stops (src/webhooks/dispatcher.ts). */
  @Property({ type: 'integer' })
  @Index()
  ownerKey!: number;

  @Varchar(2048) url!: string;

  /** Event types delivered; empty: every type. */
  @Property({ type: 'json', default: '[]' }) types: string[] = [];
  @Property({ type: 'bigint', nullable: true }) organisationKey?: string | null;
  @Property({ type: 'boolean', default: true }) active = true;
  @Varchar(128) secret!: string;

  /** The secret before the last rotation, still signing until `previousSecretUntil`. */
  @Nullable('string', 128) previousSecret?: string | null;
  @Nullable('datetime') previousSecretUntil?: Date | null;

  /** The last event delivered (or parked): the transaction and event of its feed cursor. */
  @Property({ columnType: 'xid8' }) cursorXid!: string;
  @Property({ type: 'bigint' }) cursorId!: string;
  @Property({ type: 'datetime', defaultRaw: 'now()' }) nextAttemptAt: Date = new Date();

  /** Failed attempts at the event after the cursor, and since when it fails. */
  @Property({ type: 'integer', default: 0 }) attempts = 0;
  @Nullable('datetime') failingSince?: Date | null;
  @Nullable('string', 1024) lastError?: string | null;
  @Nullable('datetime') lastDeliveryAt?: Date | null;
  @Nullable('string', 64) leaseHolder?: string | null;
  @Nullable('datetime') leasedUntil?: Date | null;
}

/** An event a subscription gave up on after retrying for the retry period (`WEBHOOK_RETRY_HOURS`): listed, and sent again by a replay. */
@Entity({ tableName: 'webhook_failure' })
@Index({ properties: ['subscription', 'eventXid', 'eventId'] })
export class WebhookFailure {
  @PrimaryKey({ type: 'bigint', autoincrement: true }) id!: string;
  @ManyToOne(() => WebhookSubscription, { deleteRule: 'cascade' }) subscription!: WebhookSubscription;
  @Property({ columnType: 'xid8' }) eventXid!: string;
  @Property({ type: 'bigint' }) eventId!: string;
  @Varchar(128) type!: string;
  @Property({ type: 'integer' }) attempts!: number;
  @Nullable('string', 1024) lastError?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  @Index()
  failedAt: Date = new Date();
}

export const webhookEntities = [WebhookSubscription, WebhookFailure];
