import type { RequestContext } from './context';
import { badRequest } from './errors';
import { takeRows } from './lists';

/**
 * The paging convention (catalogue "Paging convention"): on the lists OpenOLAT pages, a client that
 * sends `Accept: …; pagingspec=1.0` gets rows `start` (default 0) to `start + limit` (default 25)
 * and the total; without it, every row. One convention for every family: the service takes a
 * `PageRequest`, the repository selects `count(*) over () as "totalCount"` with `offset ? limit ?`,
 * and `readPage` turns the rows into a `Page`.
 */
export interface PageRequest {
  start: number;
  /** null: every row from `start`. */
  limit: number | null;
}

/** What a paged REST request gets when it names no limit. */
export const DEFAULT_PAGE_LIMIT = 25;

export function pageRequest(start?: number | null, limit?: number | null): PageRequest {
  if ((start ?? 0) < 0 || (limit ?? 0) < 0) throw badRequest('start and limit cannot be negative');
  return { start: start ?? 0, limit: limit ?? null };
}

export interface Page<T> {
  totalCount: number;
  items: T[];
}

/**
 * One page of rows, each carrying the window count `totalCount`: one statement, unless the page is
 * empty, when `count` tells the total.
 */
export async function readPage<R extends { totalCount: number | string }>(
  read: () => Promise<R[]>,
  count: () => Promise<number>,
  page: PageRequest,
): Promise<Page<R>> {
  const rows = await read();
  if (rows.length) return { totalCount: Number(rows[0].totalCount), items: rows };
  return { totalCount: page.start === 0 && page.limit !== 0 ? 0 : await count(), items: [] };
}

/**
 * A page read within the rows a GraphQL answer may still hold (src/domain/lists.ts takeRows): a page
 * without a limit, or with a larger one, is read up to them, and more rows than that refuse the
 * answer (QUERY_TOO_COSTLY). REST reads the page as asked.
 */
export async function pageWithinBudget<T>(ctx: RequestContext, page: PageRequest, read: (page: PageRequest) => Promise<Page<T>>): Promise<Page<T>> {
  let totalCount = 0;
  const items = await takeRows(ctx, async (size) => {
    const answer = await read(size === null || (page.limit !== null && page.limit <= size) ? page : { ...page, limit: size });
    totalCount = answer.totalCount;
    return answer.items;
  });
  return { totalCount, items };
}
