import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, sql } from '../db/sql';
import type { RequestContext } from './context';
import { DomainError, forbidden } from './errors';
import { takeRows } from './lists';
import { groupedBy, loader } from './loaders';

/**
 * The page of a list below the root (a GraphQL edge: a group's participants, a person's groups, …):
 * for each parent, `offset` items skipped, then at most `limit` (src/schema/paging.ts EdgePageArgs).
 */
export interface EdgePage {
  limit: number;
  offset: number;
}

/** A row of an edge's page, with the key of the parent whose page it is (a name no row has: rows have their own `parentKey`s). */
export type PageRow<R> = R & { edgeParent: number };

/** Rows of a page fetched per round trip (src/db/sql.ts). */
const FETCH_ROWS = 500;

/**
 * The pages of many parents in one statement. `lateral(parent)` selects the rows of the parent whose
 * key is the SQL expression `parent`, in their order (`order by` what an index gives in that order,
 * so that each page is a short index scan); each parent gets `page`, all together at most `cap`
 * rows. A lateral subquery with a limit is never flattened into the outer query: the rows come
 * parent by parent, each page in its order.
 */
export function readPages<R>(
  em: EntityManager,
  lateral: (parent: string) => string,
  params: unknown[],
  parentKeys: readonly number[],
  page: EdgePage,
  cap: number | null,
): Promise<PageRow<R>[]> {
  return sql<PageRow<R>>(
    em,
    `select page.*, parent.key as "edgeParent" from unnest(?::bigint[]) as parent(key)
     cross join lateral (${lateral('parent.key')} limit ? offset ?) as page limit ?`,
    [keyArray(parentKeys), ...params, page.limit, page.offset, cap],
    FETCH_ROWS,
  );
}

export interface Edge<R, V> {
  /** The pages of these parents (with `readPages`), at most `cap` rows in all (`null`: no cap). */
  read: (parentKeys: readonly number[], page: EdgePage, cap: number | null) => Promise<PageRow<R>[]>;
  present: (row: PageRow<R>) => V;
  /** The parents whose list the caller may read (the rule of the edge's REST twin); the others' lists are refused (FORBIDDEN). Without it: every parent's. */
  readable?: (parentKeys: readonly number[]) => Promise<ReadonlySet<number>>;
  /** The others' lists are empty instead of refused. */
  emptyWhenUnreadable?: boolean;
}

/**
 * The page of the parent `parentKey`: the parents of one level of an answer that ask for the same
 * page are read together (one statement for the rule, one for the rows), and the rows count against
 * what the answer may hold (GRAPHQL_MAX_COST, src/domain/lists.ts).
 */
export function pageOf<R, V>(ctx: RequestContext, name: string, edge: Edge<R, V>, page: EdgePage, parentKey: number): Promise<V[]> {
  return loader<number, V[]>(ctx, `${name} (limit ${page.limit}, offset ${page.offset})`, async (keys) => {
    const readable = edge.readable ? await edge.readable(keys) : undefined;
    const parents = readable ? keys.filter((key) => readable.has(key)) : keys;
    let rows: PageRow<R>[] = [];
    try {
      if (parents.length && page.limit) rows = await takeRows(ctx, (cap) => edge.read(parents, page, cap));
    } catch (error) {
      // Over GRAPHQL_MAX_COST the answer is refused with this one error: the other parents' fields need not fail too.
      if (!(error instanceof DomainError && error.extra.code === 'QUERY_TOO_COSTLY')) throw error;
      return keys.map((_, i) => (i === 0 ? (error as Error) : []));
    }
    const unreadable = () => (edge.emptyWhenUnreadable ? [] : forbidden());
    return groupedBy(keys, rows, (row) => row.edgeParent).map((own, i) => (readable && !readable.has(keys[i]) ? unreadable() : own.map(edge.present)));
  }).load(parentKey);
}
