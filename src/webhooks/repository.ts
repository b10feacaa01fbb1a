import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import type { Cursor } from '../changes/repository';
import { transaction } from '../db/transaction';

/** A subscription as delivery and the API read it. */
export interface SubscriptionRow {
  key: number;
  creationDate: Date;
  ownerKey: number;
  url: string;
  types: string[];
  organisationKey: number | null;
  active: boolean;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
  cursorXid: string;
  cursorId: string;
  nextAttemptAt: Date;
  attempts: number;
  failingSince: Date | null;
  lastError: string | null;
  lastDeliveryAt: Date | null;
}

const COLUMNS = `s.id::int as key, s.creation_date as "creationDate", s.owner_key as "ownerKey", s.url, s.types,
  s.organisation_key::int as "organisationKey", s.active, s.secret, s.previous_secret as "previousSecret",
  s.previous_secret_until as "previousSecretUntil", s.cursor_xid::text as "cursorXid", s.cursor_id::text as "cursorId",
  s.next_attempt_at as "nextAttemptAt", s.attempts, s.failing_since as "failingSince", s.last_error as "lastError",
  s.last_delivery_at as "lastDeliveryAt"`;

export async function subscriptionByKey(em: EntityManager, key: number): Promise<SubscriptionRow | null> {
  const [row] = await sql<SubscriptionRow>(em, `select ${COLUMNS} from webhook_subscription s where s.id = ?`, [key]);
  return row ?? null;
}

/** Every subscription, or those of one owner, by key. */
export function subscriptions(em: EntityManager, ownerKey: number | null): Promise<SubscriptionRow[]> {
  return sql<SubscriptionRow>(em, `select ${COLUMNS} from webhook_subscription s where (?::int is null or s.owner_key = ?) order by s.id`, [
    ownerKey,
    ownerKey,
  ]);
}

export interface SubscriptionFields {
  url: string;
  types: string[];
  organisationKey: number | null;
  active: boolean;
}

export async function insertSubscription(em: EntityManager, ownerKey: number, fields: SubscriptionFields, secret: string, from: Cursor): Promise<number> {
  const [row] = await sql<{ key: number }>(
    em,
    `insert into webhook_subscription (owner_key, url, types, organisation_key, active, secret, cursor_xid, cursor_id)
     values (?, ?, ?, ?, ?, ?, ?::xid8, ?) returning id::int as key`,
    [ownerKey, fields.url, JSON.stringify(fields.types), fields.organisationKey, fields.active, secret, from.xid, from.id],
  );
  return row.key;
}

export async function updateSubscription(em: EntityManager, key: number, fields: SubscriptionFields): Promise<void> {
  // Switched on again, or aimed elsewhere: the next attempt is now, not after an old backoff.
  await sql(
    em,
    `update webhook_subscription set url = ?, types = ?, organisation_key = ?, active = ?,
       next_attempt_at = case when url <> ? or (active <> ? and ?) then now() else next_attempt_at end where id = ?`,
    [fields.url, JSON.stringify(fields.types), fields.organisationKey, fields.active, fields.url, fields.active, fields.active, key],
  );
}

export async function deleteSubscription(em: EntityManager, key: number): Promise<void> {
  await sql(em, 'delete from webhook_subscription where id = ?', [key]);
}

/** A new secret; the one it replaces keeps signing until `graceSeconds` from now. */
export async function rotateSecret(em: EntityManager, key: number, secret: string, graceSeconds: number): Promise<void> {
  await sql(em, `update webhook_subscription set previous_secret = secret, previous_secret_until = now() + make_interval(secs => ?), secret = ? where id = ?`, [
    graceSeconds,
    secret,
    key,
  ]);
}

/** Delivery goes on after `from`: what follows is sent again, and what was parked there is no longer a failure. */
export async function rewind(em: EntityManager, key: number, from: Cursor): Promise<void> {
  await sql(
    em,
    `update webhook_subscription set cursor_xid = ?::xid8, cursor_id = ?, attempts = 0, failing_since = null, last_error = null, next_attempt_at = now()
     where id = ?`,
    [from.xid, from.id, key],
  );
  await sql(em, 'delete from webhook_failure where subscription_id = ? and (event_xid, event_id) > (?::xid8, ?::bigint)', [key, from.xid, from.id]);
}

export interface FailureRow {
  key: number;
  cursor: string;
  type: string;
  attempts: number;
  lastError: string | null;
  failedAt: Date;
}

/** The parked failures after `after`, oldest first, `limit` of them. */
export function failures(em: EntityManager, subscriptionKey: number, after: Cursor, limit: number): Promise<FailureRow[]> {
  return sql<FailureRow>(
    em,
    `select id::int as key, event_xid::text || '-' || event_id as cursor, type, attempts, last_error as "lastError", failed_at as "failedAt"
     from webhook_failure where subscription_id = ? and (event_xid, event_id) > (?::xid8, ?::bigint) order by event_xid, event_id limit ?`,
    [subscriptionKey, after.xid, after.id, limit],
  );
}

/** Failures of events the feed no longer keeps: they can no longer be replayed. */
export async function purgeFailures(em: EntityManager, retentionDays: number): Promise<void> {
  await sql(em, 'delete from webhook_failure where failed_at < now() - make_interval(days => ?)', [retentionDays]);
}

// Delivery (src/webhooks/dispatcher.ts). Every statement below that changes a claimed subscription names the lease
// holder: an instance whose lease ran out (it stalled, another took over) changes nothing any more.

/**
 * Claims up to `limit` subscriptions due for delivery whose lease is free or ran out, for `leaseSeconds`: a short
 * transaction of its own (SKIP LOCKED: instances claiming at the same time take different ones), so the row locks
 * are not held while sending. Sent every second by every instance: marked as background work for the statement traces
 * of the tests (scripts/trace-statements.ts).
 */
export function claimDue(em: EntityManager, holder: string, leaseSeconds: number, limit: number): Promise<SubscriptionRow[]> {
  return sql<SubscriptionRow>(
    em,
    `/* background */ update webhook_subscription s set lease_holder = ?, leased_until = now() + make_interval(secs => ?)
     where s.id in (select id from webhook_subscription where active and next_attempt_at <= now() and (leased_until is null or leased_until < now())
                    order by next_attempt_at limit ? for update skip locked)
     returning ${COLUMNS}`,
    [holder, leaseSeconds, limit],
  );
}

/** Delivered (or skipped) through `cursor`: the failure count starts again, the lease is extended. False when the lease is lost. */
export async function advance(em: EntityManager, key: number, holder: string, cursor: Cursor, delivered: boolean, leaseSeconds: number): Promise<boolean> {
  const rows = await sql(
    em,
    `update webhook_subscription set cursor_xid = ?::xid8, cursor_id = ?, attempts = 0, failing_since = null, last_error = null,
       last_delivery_at = case when ? then now() else last_delivery_at end, leased_until = now() + make_interval(secs => ?)
     where id = ? and lease_holder = ? returning id`,
    [cursor.xid, cursor.id, delivered, leaseSeconds, key, holder],
  );
  return rows.length > 0;
}

/** The event after the cursor failed: tried again at `retryInSeconds` from now, the lease given up. */
export async function noteFailure(em: EntityManager, key: number, holder: string, error: string, retryInSeconds: number): Promise<void> {
  await sql(
    em,
    `update webhook_subscription set attempts = attempts + 1, failing_since = coalesce(failing_since, now()), last_error = ?,
       next_attempt_at = now() + make_interval(secs => ?), lease_holder = null, leased_until = null
     where id = ? and lease_holder = ?`,
    [error.slice(0, 1024), retryInSeconds, key, holder],
  );
}

/** The event at `cursor` failed for the whole retry period: it is parked and delivery goes on after it, in one transaction. */
export async function park(
  em: EntityManager,
  key: number,
  holder: string,
  cursor: Cursor,
  type: string,
  error: string,
  leaseSeconds: number,
): Promise<boolean> {
  return transaction(em, async (tx) => {
    const [row] = await sql<{ attempts: number }>(tx, 'select attempts from webhook_subscription where id = ? and lease_holder = ? for update', [key, holder]);
    if (!row) return false;
    await sql(tx, 'insert into webhook_failure (subscription_id, event_xid, event_id, type, attempts, last_error) values (?, ?::xid8, ?, ?, ?, ?)', [
      key,
      cursor.xid,
      cursor.id,
      type,
      row.attempts + 1,
      error.slice(0, 1024),
    ]);
    return advance(tx, key, holder, cursor, false, leaseSeconds);
  });
}

/** The lease given back; the subscription is due again at once (it has more to send) or when the next event commits. */
export async function release(em: EntityManager, key: number, holder: string): Promise<void> {
  await sql(em, 'update webhook_subscription set lease_holder = null, leased_until = null where id = ? and lease_holder = ?', [key, holder]);
}

/** A subscription whose owner is gone or may no longer authenticate stops (an administrator may switch it on again). */
export async function stop(em: EntityManager, key: number, holder: string, why: string): Promise<void> {
  await sql(em, 'update webhook_subscription set active = false, last_error = ?, lease_holder = null, leased_until = null where id = ? and lease_holder = ?', [
    why,
    key,
    holder,
  ]);
}
