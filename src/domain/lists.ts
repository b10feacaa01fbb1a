import { DomainError } from './errors';
import type { RequestContext } from './context';

/** One range of a key-ordered list: the rows with a key above `after`, at most `size` of them (`null`: all of them). */
export interface Range {
  after: number;
  size: number | null;
}

/** How many rows one read of a streamed list takes. */
export const BATCH_SIZE = 250;

/**
 * The rows of a key-ordered list. Streamed (REST), they are read range by range (`key > after
 * order by key limit size`), so that each read is one indexed range scan and no more than one range
 * is held in memory; for a whole answer (GraphQL) in one statement.
 */
export async function* inRanges<T>(ctx: RequestContext, read: (range: Range) => Promise<T[]>, keyOf: (row: T) => number): AsyncGenerator<T[]> {
  if (!ctx.streamLists) return yield await readWithinBudget(ctx, read);
  let after = 0;
  for (;;) {
    const rows = await read({ after, size: BATCH_SIZE });
    if (rows.length) yield rows;
    if (rows.length < BATCH_SIZE) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

/** A whole list for GraphQL: no more rows than the answer may still hold (one more is read, to know). */
async function readWithinBudget<T>(ctx: RequestContext, read: (range: Range) => Promise<T[]>): Promise<T[]> {
  const left = ctx.listRowsLeft;
  if (left === undefined) return read({ after: 0, size: null });
  const rows = await read({ after: 0, size: left + 1 });
  if (rows.length > left) {
    throw new DomainError(
      'BAD_REQUEST',
      `the lists of this answer hold more than ${left.toLocaleString('en-US')} more rows (GRAPHQL_MAX_COST): filter, or page with limit`,
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
    ctx.listStream = (async function* () {
      for await (const rows of batches) yield rows.map(present);
    })();
    return [];
  }
  const all: V[] = [];
  for await (const rows of batches) for (const row of rows) all.push(present(row));
  return all;
}
