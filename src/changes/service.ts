import type { RequestContext } from '../domain/context';
import { badRequest, DomainError } from '../domain/errors';
import { readableChanges } from './policy';
import { changeSignalOf } from './signal';
import { changesAfter, cursorText, horizon, isBefore, START, type ChangeRow, type Cursor } from './repository';

export const DEFAULT_CHANGES_LIMIT = 100;
export const MAX_CHANGES_LIMIT = 1000;
/** The longest long poll: below the default SHUTDOWN_GRACE_SECONDS, so a stopping instance still answers it. */
export const MAX_CHANGES_WAIT_SECONDS = 20;

const CURSOR = /^(\d{1,20})-(\d{1,20})$/;
const TYPE = /^[a-z]+(\.[a-z]+)*$/;

function cursorOf(after: string | null | undefined): Cursor {
  if (after == null || after === '') return START;
  const match = CURSOR.exec(after);
  if (!match) throw badRequest(`after: "${after}" is not a cursor of this feed (the "next" of an earlier answer)`);
  return { xid: match[1], id: match[2] };
}

/** `types` as REST sends it (`a,b`, or the parameter repeated) or GraphQL (a list). */
function typesOf(given: readonly string[] | null | undefined): string[] | null {
  const types = (given ?? [])
    .flatMap((entry) => entry.split(','))
    .map((type) => type.trim())
    .filter(Boolean);
  for (const type of types) if (!TYPE.test(type)) throw badRequest(`types: "${type}" is no event type (such as user.created)`);
  return types.length ? types : null;
}

export interface ChangePage {
  events: ChangeRow[];
  /** Where the next read starts: the last event's cursor, or `after` again when nothing new has committed. */
  next: string;
}

/** The events after `after`; with `waitSeconds`, when there are none yet, the first that commit within that time. */
export async function readChanges(
  ctx: RequestContext,
  after: string | null | undefined,
  types: readonly string[] | null | undefined,
  limit: number | null | undefined,
  waitSeconds?: number | null,
): Promise<ChangePage> {
  const cursor = cursorOf(after);
  const size = limit ?? DEFAULT_CHANGES_LIMIT;
  if (!Number.isInteger(size) || size < 1 || size > MAX_CHANGES_LIMIT) throw badRequest(`limit: between 1 and ${MAX_CHANGES_LIMIT}`);
  const wanted = typesOf(types);
  const deletedThrough = cursor === START ? null : await horizon(ctx.em);
  if (deletedThrough && isBefore(cursor, deletedThrough)) {
    throw new DomainError(
      'GONE',
      `after: events after ${cursorText(cursor)} up to ${cursorText(deletedThrough)} are no longer kept (CHANGES_RETENTION_DAYS); read again without after, or from ${cursorText(deletedThrough)}`,
    );
  }
  const wait = waitSeconds ?? 0;
  if (!Number.isInteger(wait) || wait < 0 || wait > MAX_CHANGES_WAIT_SECONDS) throw badRequest(`wait: seconds between 0 and ${MAX_CHANGES_WAIT_SECONDS}`);
  const until = Date.now() + wait * 1000;
  const signal = changeSignalOf(ctx.em);
  // `next` passes every event read, also those this caller may not see: the next read starts after them.
  let from = cursor;
  for (;;) {
    const read = await changesAfter(ctx.em, from, wanted, size);
    if (read.length) from = cursorOf(read.at(-1)!.cursor);
    const events = await readableChanges(ctx, read);
    if (events.length || !signal || Date.now() >= until) return { events, next: cursorText(from) };
    if (!read.length) await signal.next(until - Date.now());
  }
}
