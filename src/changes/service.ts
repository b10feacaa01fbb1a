import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../domain/context';
import { badRequest, DomainError } from '../domain/errors';
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

interface ChangeRead {
  from: Cursor;
  types: string[] | null;
  limit: number;
  /** When a wait for the first readable event ends (`Date.now()`); 0: no wait. */
  until: number;
}

/** The events after `after`; with `waitSeconds`, when there are none yet, the first that commit within that time (a long poll). */
export async function readChanges(
  ctx: RequestContext,
  after: string | null | undefined,
  types: readonly string[] | null | undefined,
  limit: number | null | undefined,
  waitSeconds?: number | null,
): Promise<ChangePage> {
  const cursor = await parseReachedCursor(ctx.em, after);
  const size = limit ?? DEFAULT_CHANGES_LIMIT;
  if (!Number.isInteger(size) || size < 1 || size > MAX_CHANGES_LIMIT) throw badRequest(`limit: between 1 and ${MAX_CHANGES_LIMIT}`);
  const wanted = parseTypes(types);
  await requireKept(ctx.em, cursor);
  const wait = waitSeconds ?? 0;
  if (!Number.isInteger(wait) || wait < 0 || wait > MAX_CHANGES_WAIT_SECONDS) throw badRequest(`wait: seconds between 0 and ${MAX_CHANGES_WAIT_SECONDS}`);
  const read: ChangeRead = { from: cursor, types: wanted, limit: size, until: wait && Date.now() + wait * 1000 };
  if (!wait) return readPage(ctx, read);
  // A long poll ends when the credential it came with is revoked (UNAUTHENTICATED), and its caller's roles are kept up to date meanwhile.
  const watched = await ctx.watchCredential?.();
  try {
    return await readPage(ctx, read, undefined, watched?.revoked);
  } finally {
    watched?.release();
  }
}

/** One page of `read`: waits until `read.until` (or until `stop` aborts) while none is readable; throws once `revoked` aborts. */
async function readPage(ctx: RequestContext, read: ChangeRead, stop?: AbortSignal, revoked?: AbortSignal): Promise<ChangePage> {
  const signal = read.until ? changeSignalOf(ctx.em) : undefined;
  // `next` passes every event read, also those this caller may not see: the next read starts after them.
  let from = read.from;
  for (;;) {
    const rows = await changesAfter(ctx.em, from, read.types, read.limit);
    if (rows.length) from = parseCursor(rows.at(-1)!.cursor);
    const events = await readableChanges(ctx, rows);
    revoked?.throwIfAborted();
    if (events.length || !signal || Date.now() >= read.until || stop?.aborted) return { events, next: cursorText(from) };
    if (!rows.length) await signal.next(read.until - Date.now(), stop, revoked);
    revoked?.throwIfAborted();
  }
}

/**
 * The events the caller may read after `after` (absent: those that become readable from now on), as they commit,
 * until `stop` aborts: long polls of MAX_CHANGES_WAIT_SECONDS, DEFAULT_CHANGES_LIMIT events a read. The first read
 * happens before this answers, so a malformed or expired cursor fails before a stream opens. The credential the
 * stream was opened with is watched (src/auth/credential-watch.ts): once it is revoked no event follows and the
 * stream fails with UNAUTHENTICATED; changed roles apply to the next read. The request's entity manager holds nothing
 * from one read to the next (policies load entities into it; no transaction is open between reads, and waits hold
 * no connection).
 */
export async function followChanges(
  ctx: RequestContext,
  after: string | null | undefined,
  types: readonly string[] | null | undefined,
  stop: AbortSignal,
): Promise<AsyncGenerator<ChangeRow, void, undefined>> {
  const watched = await ctx.watchCredential?.();
  const release = () => watched?.release();
  // The stream may end before its first pull, when the generator below never runs.
  stop.addEventListener('abort', release, { once: true });
  const revoked = watched?.revoked;
  let page: ChangePage;
  try {
    page = await readChanges(ctx, after ?? cursorText(await feedHead(ctx.em)), types, DEFAULT_CHANGES_LIMIT);
  } catch (error) {
    release();
    throw error;
  }
  const wanted = parseTypes(types);
  return (async function* () {
    try {
      for (;;) {
        ctx.em.clear();
        for (const event of page.events) {
          revoked?.throwIfAborted();
          yield event;
        }
        if (stop.aborted) return;
        const read = { from: parseCursor(page.next), types: wanted, limit: DEFAULT_CHANGES_LIMIT, until: Date.now() + MAX_CHANGES_WAIT_SECONDS * 1000 };
        page = await readPage(ctx, read, stop, revoked);
        if (stop.aborted) return;
      }
    } finally {
      release();
    }
  })();
}
