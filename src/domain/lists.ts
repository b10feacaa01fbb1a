import { DomainError } from './errors';
import type { RequestContext } from './context';

/** One range of a key-ordered list: the rows with a key above `after`, at most `size` of them (`null`: all of them). */
export interface Range {
  after: number;
  size: number | null;
}

/** How many rows one read of a streamed list takes. */
export const BATCH_SIZE = 250;

/** How many rows one read of a list takes for a whole answer (GraphQL), held whole anyway: a thousand rows in one read. */
export const ANSWER_BATCH_SIZE = 1001;

/**
 * The rows of a key-ordered list, read range by range (`key > after order by key limit size`), so
 * that each read is one indexed range scan of a size that holds the event loop briefly. Streamed
 * (REST), no more than one range is held in memory; for a whole answer (GraphQL) the ranges count
 * against the rows the answer may hold (`takeRows`).
 */
export async function* inRanges<T>(ctx: RequestContext, read: (range: Range) => Promise<T[]>, keyOf: (row: T) => number): AsyncGenerator<T[]> {
  let after = 0;
  const batch = ctx.streamLists ? BATCH_SIZE : ANSWER_BATCH_SIZE;
  for (;;) {
    const rows = ctx.streamLists ? await read({ after, size: batch }) : await takeRows(ctx, (size) => read({ after, size: Math.min(batch, size ?? batch) }));
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

/**
 * GraphQL: the rows `read` answers when it is given the most this answer may still hold plus one
 * (`null`: no budget, every row), counted against GRAPHQL_MAX_COST; more than the answer may hold is
 * QUERY_TOO_COSTLY instead of an answer of any size (src/graphql/apollo.ts answers that one error),
 * and the lists read after it read nothing. Every list of an answer reads through it: the top-level
 * lists and the pages of the edges below them.
 */
export async function takeRows<T>(ctx: RequestContext, read: (size: number | null) => Promise<T[]>): Promise<T[]> {
  const left = ctx.listRowsLeft;
  if (left === undefined) return read(null);
  if (ctx.tooCostly) return [];
  const rows = await read(left + 1);
  if (rows.length > left) {
    ctx.tooCostly = true;
    throw new DomainError(
      'BAD_REQUEST',
      `the lists of this answer hold more than the ${(ctx.listRowsLimit ?? left).toLocaleString('en-US')} rows one answer may hold (GRAPHQL_MAX_COST): filter, or page with limit`,
      [],
      {
        code: 'QUERY_TOO_COSTLY',
        limit: 'GRAPHQL_MAX_COST',
      },
    );
  }
  ctx.listRowsLeft = left - rows.length;
  return rows;
}

/**
 * Answers a list. A REST request (ctx.streamLists) gets the batches handed to its transport, which
 * writes them out as they come (src/rest/respond.ts) and stops reading when the client goes away;
 * GraphQL gets the whole list.
 */
export async function answerList<T, V>(ctx: RequestContext, batches: AsyncIterable<T[]>, present: (row: T) => V): Promise<V[]> {
  if (ctx.streamLists) {
    ctx.listStream = { batches, present: present as (row: unknown) => unknown };
    return [];
  }
  const all: V[] = [];
  for await (const rows of batches) for (const row of rows) all.push(present(row));
  return all;
}

/** Answers a list whose rows are in the order of their `id`, read range by range (`inRanges`). */
export function answerListById<T, V>(ctx: RequestContext, read: (range: Range) => Promise<(T & { id: number })[]>, present: (row: T) => V): Promise<V[]> {
  const rows = inRanges(ctx, read, (row) => row.id);
  return answerList(ctx, rows, present);
}
