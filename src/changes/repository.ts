import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import { transaction } from '../db/transaction';

/** A change as a write appends it (src/audit/audit-log.ts), in the write's transaction. */
export interface NewChange {
  type: string;
  objectType: string | null;
  objectKey: string | null;
  externalId: string | null;
  keys: Record<string, string>;
  identityKey: number | null;
  object: unknown;
  /** A deletion's: the organisations its object belonged to. */
  organisationKeys: string[] | null;
}

/** Change events, one parameter: a JSON array of rows (type, object type, object key, externalId, keys, caller, object, organisations). */
const INSERT_CHANGES = `insert into change_event (type, object_type, object_key, external_id, keys, identity_key, object, organisation_keys)
  select r->>0, r->>1, r->>2, r->>3, (r->>4)::jsonb, (r->>5)::int, nullif(r->>6, 'null')::json, nullif(r->>7, 'null')::bigint[]
    from json_array_elements(?::json) r`;

/** Appends changes in the order given, in the writes' transaction: one statement whatever their number. */
export async function appendChanges(em: EntityManager, changes: readonly NewChange[]): Promise<void> {
  if (!changes.length) return;
  const rows = changes.map((change) => [
    change.type,
    change.objectType,
    change.objectKey,
    change.externalId,
    JSON.stringify(change.keys),
    change.identityKey,
    JSON.stringify(change.object ?? null),
    change.organisationKeys && `{${change.organisationKeys.join(',')}}`,
  ]);
  await sql(em, INSERT_CHANGES, [JSON.stringify(rows)]);
}

export interface ChangeRow {
  cursor: string;
  type: string;
  objectType: string | null;
  objectKey: string | null;
  externalId: string | null;
  identityKey: number | null;
  at: Date;
  keys: Record<string, string>;
  object: unknown;
  /** A deletion's: the organisations its object belonged to (src/changes/objects.ts). */
  organisationKeys: string[] | null;
}

/** Where a reader stands: after the event `id` of the transaction `xid` (`<xid>-<id>`). */
export interface Cursor {
  xid: string;
  id: string;
}

export const START: Cursor = { xid: '0', id: '0' };
export const cursorText = (cursor: Cursor) => `${cursor.xid}-${cursor.id}`;

/**
 * The transaction id below which every transaction that could still append events has ended, for the statement's
 * snapshot: the oldest transaction in progress, leaving out those that pg_stat_activity shows working in another
 * database of the server (they never write this table; a transaction that ended meanwhile, or whose database is not
 * shown, is kept: that only holds the feed back a moment). Transaction ids in pg_stat_activity are 32-bit.
 */
const FENCE = `coalesce(
  (select x from pg_snapshot_xip(pg_current_snapshot()) x
    where not exists (select 1 from pg_stat_activity a
      where a.datname <> current_database() and a.backend_xid::text = (x::text::numeric % 4294967296)::text)
    order by x limit 1),
  pg_snapshot_xmax(pg_current_snapshot()))`;

/**
 * The next events after `after`, in (transaction, event) order, of finished transactions only: a transaction id is
 * taken when a transaction first writes, so one that began earlier may commit later; no event of a transaction at
 * or beyond the oldest one of this database still running is read (FENCE), and once a reader's cursor passes a
 * transaction id every transaction below it that could write here has ended, committed or not. A long write
 * transaction on this database holds the feed back until it ends; it never loses an event.
 * `types` are names of letters and dots (checked by the service).
 */
export function changesAfter(em: EntityManager, after: Cursor, types: readonly string[] | null, limit: number): Promise<ChangeRow[]> {
  return sql<ChangeRow>(
    em,
    `select xid::text || '-' || id as cursor, type, object_type as "objectType", object_key as "objectKey", external_id as "externalId",
       identity_key as "identityKey", at, keys, object, organisation_keys::text[] as "organisationKeys"
     from change_event
     where (xid, id) > (?::xid8, ?::bigint) and xid < ${FENCE} and (?::text[] is null or type = any(?::text[]))
     order by xid, id limit ?`,
    [after.xid, after.id, types && `{${types.join(',')}}`, types && `{${types.join(',')}}`, limit],
  );
}

/** Whether `type` is the deletion of an object of `kind` itself (`user.deleted`, `curriculum.element.deleted`), not of a part of it. */
const deletesObjectOf = (kind: string, type: string) => type === `${kind}.deleted` || type.endsWith(`.${kind}.deleted`);

/**
 * Of these objects of a kind, those deleted since, each with the organisations it belonged to when it was deleted (as
 * its deletion's event recorded them): what the earlier events of a gone object are judged by.
 */
export async function organisationsOfDeleted(em: EntityManager, objectType: string, objectKeys: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await sql<{ type: string; objectKey: string; organisationKeys: string[] }>(
    em,
    `select type, object_key as "objectKey", organisation_keys::text[] as "organisationKeys" from change_event
     where object_type = ? and object_key = any(?::text[]) and organisation_keys is not null`,
    [objectType, `{${objectKeys.join(',')}}`],
  );
  return new Map(rows.filter((row) => deletesObjectOf(objectType, row.type)).map((row) => [row.objectKey, row.organisationKeys]));
}

/**
 * Where the feed stands for a reader who starts now: before the oldest transaction of this database still in
 * progress (FENCE), whose events, and every later transaction's, are still to come.
 */
export async function feedHead(em: EntityManager): Promise<Cursor> {
  const [row] = await sql<{ xid: string }>(em, `select (${FENCE})::text as xid`);
  return { xid: row.xid, id: '0' };
}

/**
 * The feed's end for now: the first transaction id not yet given (`pg_snapshot_xmax`) and the last event id given
 * (`change_event_id_seq`). Every event still to come lies in a transaction from `xid` on, or has an id beyond `id`.
 */
export async function feedEnd(em: EntityManager): Promise<Cursor> {
  const [row] = await sql<Cursor>(em, 'select pg_snapshot_xmax(pg_current_snapshot())::text as xid, (select last_value from change_event_id_seq)::text as id');
  return row;
}

/** How far the retention has deleted the feed: the newest deleted event, none while nothing was deleted. */
export async function horizon(em: EntityManager): Promise<Cursor | null> {
  const [row] = await sql<{ xid: string; id: string }>(em, 'select xid::text as xid, event_id::text as id from change_feed_horizon where id = 1');
  return row ?? null;
}

/** Whether `cursor` lies below `other` in the feed's order. */
export const isBefore = (cursor: Cursor, other: Cursor) =>
  BigInt(cursor.xid) < BigInt(other.xid) || (cursor.xid === other.xid && BigInt(cursor.id) < BigInt(other.id));

const PURGE_BATCH = 10_000;

/**
 * Deletes events older than `retentionDays`, oldest first, in batches of their own transaction (a long backlog does
 * not become one huge one), and moves the horizon to the newest deleted event.
 */
export async function purgeChanges(em: EntityManager, retentionDays: number): Promise<void> {
  for (;;) {
    const deleted = await transaction(em, async (tx) => {
      const [gone] = await sql<{ count: number }>(
        tx,
        `with gone as (
           delete from change_event where id in (
             select id from change_event where at < now() - make_interval(days => ?) order by at limit ?)
           returning xid, id),
         newest as (select xid, id from gone order by xid desc, id desc limit 1),
         moved as (
           insert into change_feed_horizon (id, xid, event_id) select 1, xid, id from newest
           on conflict (id) do update set xid = excluded.xid, event_id = excluded.event_id
             where (change_feed_horizon.xid, change_feed_horizon.event_id) < (excluded.xid, excluded.event_id))
         select count(*)::int as count from gone`,
        [retentionDays, PURGE_BATCH],
      );
      return gone.count;
    });
    if (deleted < PURGE_BATCH) return;
  }
}
