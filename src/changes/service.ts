import type { EntityManager } from '@mikro-orm/postgresql';
import { canAuthenticate, principalByKey } from '../auth/principal';
import { requireCaller, type RequestContext } from '../domain/context';
import { badRequest, DomainError, unauthenticated } from '../domain/errors';
import { readableChanges } from './policy';
import { changeSignalOf } from './signal';
import { changesAfter, cursorText, feedEnd, feedHead, horizon, isBefore, START, type ChangeRow, type Cursor } from './repository';

export const DEFAULT_CHANGES_LIMIT = 100;
export const MAX_CHANGES_LIMIT = 1000;
/** The longest long poll: below the default SHUTDOWN_GRACE_SECONDS, so a stopping instance still answers it. */
export const MAX_CHANGES_WAIT_SECONDS = 20;

const CURSOR = /^(\d{1,20})-(\d{1,20})$/;
const TYPE = /^[a-z]+(\.[a-z]+)*$/;

/** A cursor as a client sends it (`after`, or the parameter `name`); none: the start of the feed. */
export function parseCursor(after: string | null | undefined, name = 'after'): Cursor {
  if (after == null || after === '') return START;
  const match = CURSOR.exec(after);
  if (!match) throw badRequest(`${name}: "${after}" is not a cursor of this feed (the "next" of an earlier answer)`);
  return { xid: match[1], id: match[2] };
}

/**
 * A client's cursor, refused (400) when it lies beyond the feed's end: in a transaction not yet begun, or after an
 * event not yet written. No answer ever held such a cursor, and reading on from it would skip the events to come.
 */
export async function parseReachedCursor(em: EntityManager, after: string | null | undefined, name = 'after'): Promise<Cursor> {
  const cursor = parseCursor(after, name);
  if (cursor === START) return cursor;
  const end = await feedEnd(em);
  if (BigInt(cursor.xid) > BigInt(end.xid) || BigInt(cursor.id) > BigInt(end.id)) {
    throw badRequest(`${name}: "${after}" lies beyond the end of the feed (${cursorText(end)}): no answer gave this cursor`);
  }
  return cursor;
}

/** `types` as REST sends it (`a,b`, or the parameter repeated) or GraphQL (a list). */
export function parseTypes(given: readonly string[] | null | undefined): string[] | null {
  const types = (given ?? [])
    .flatMap((entry) => entry.split(','))
    .map((type) => type.trim())
    .filter(Boolean);
  for (const type of types) if (!TYPE.test(type)) throw badRequest(`types: "${type}" is no event type (such as user.created)`);
  return types.length ? types : null;
}

/** 410 when events after `cursor` have been deleted by the retention: reading on from it would miss them. */
export async function requireKept(em: EntityManager, cursor: Cursor): Promise<void> {
  const deletedThrough = cursor === START ? null : await horizon(em);
  if (deletedThrough && isBefore(cursor, deletedThrough)) {
    throw new DomainError(
      'GONE',
      `after: events after ${cursorText(cursor)} up to ${cursorText(deletedThrough)} are no longer kept (CHANGES_RETENTION_DAYS); read again without after, or from ${cursorText(deletedThrough)}`,
    );
  }
}

export interface ChangePage {
  events: ChangeRow[];
  /** Where the next read starts: the last event's cursor, or `after` again when nothing new has committed. */
  next: string;
}

/** The events after `after`; with `waitSeconds`, when there are none yet, the first that commit within that time (or until `stop` aborts). */
export async function readChanges(
  ctx: RequestContext,
  after: string | null | undefined,
  types: readonly string[] | null | undefined,
  limit: number | null | undefined,
  waitSeconds?: number | null,
  stop?: AbortSignal,
): Promise<ChangePage> {
  const cursor = await parseReachedCursor(ctx.em, after);
  const size = limit ?? DEFAULT_CHANGES_LIMIT;
  if (!Number.isInteger(size) || size < 1 || size > MAX_CHANGES_LIMIT) throw badRequest(`limit: between 1 and ${MAX_CHANGES_LIMIT}`);
  const wanted = parseTypes(types);
  await requireKept(ctx.em, cursor);
  const wait = waitSeconds ?? 0;
  if (!Number.isInteger(wait) || wait < 0 || wait > MAX_CHANGES_WAIT_SECONDS) throw badRequest(`wait: seconds between 0 and ${MAX_CHANGES_WAIT_SECONDS}`);
  const until = Date.now() + wait * 1000;
  const signal = changeSignalOf(ctx.em);
  // `next` passes every event read, also those this caller may not see: the next read starts after them.
  let from = cursor;
  for (;;) {
    const read = await changesAfter(ctx.em, from, wanted, size);
    if (read.length) from = parseCursor(read.at(-1)!.cursor);
    const events = await readableChanges(ctx, read);
    if (events.length || !signal || Date.now() >= until || stop?.aborted) return { events, next: cursorText(from) };
    if (!read.length) await signal.next(until - Date.now(), stop);
  }
}

/** A person who can no longer log in ends their stream; changed roles apply to its next read. */
async function refreshCaller(ctx: RequestContext): Promise<void> {
  const caller = requireCaller(ctx);
  const row = await principalByKey(ctx.em, caller.key);
  if (!row || !canAuthenticate(row)) throw unauthenticated();
  ctx.caller = { ...caller, grants: row.grants };
}

/**
 * The events the caller may read after `after` (absent: those that become readable from now on), as they commit,
 * until `stop` aborts: long polls of MAX_CHANGES_WAIT_SECONDS, DEFAULT_CHANGES_LIMIT events a read. The first read
 * happens before this answers, so a malformed or expired cursor fails before a stream opens. The caller is read
 * again before every later read (`refreshCaller`), and the request's entity manager holds nothing from one read to
 * the next (policies load entities into it; no transaction is open between reads, and waits hold no connection).
 */
export async function followChanges(
  ctx: RequestContext,
  after: string | null | undefined,
  types: readonly string[] | null | undefined,
  stop: AbortSignal,
): Promise<AsyncGenerator<ChangeRow, void, undefined>> {
  let page = await readChanges(ctx, after ?? cursorText(await feedHead(ctx.em)), types, DEFAULT_CHANGES_LIMIT);
  return (async function* () {
    for (;;) {
      ctx.em.clear();
      yield* page.events;
      if (stop.aborted) return;
      await refreshCaller(ctx);
      page = await readChanges(ctx, page.next, types, DEFAULT_CHANGES_LIMIT, MAX_CHANGES_WAIT_SECONDS, stop);
      if (stop.aborted) return;
    }
  })();
}
