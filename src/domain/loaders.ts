import DataLoader from 'dataloader';
import type { RequestContext } from './context';
import { afterWaitingWork } from './turns';

const loadersOf = new WeakMap<RequestContext, Map<string, DataLoader<unknown, unknown>>>();

/**
 * The request's loader named `name`: the keys asked for while one level of a GraphQL answer is
 * resolved go to `batch` together, so a nested list costs one statement for all its parents (also
 * when the level is completed over several turns of the event loop, src/domain/turns.ts). An
 * Error in the answer (a refusal) fails that key's field only.
 */
export function loader<K, V>(ctx: RequestContext, name: string, batch: (keys: readonly K[]) => Promise<(V | Error)[]>): DataLoader<K, V> {
  let loaders = loadersOf.get(ctx);
  if (!loaders) loadersOf.set(ctx, (loaders = new Map()));
  let found = loaders.get(name) as DataLoader<K, V> | undefined;
  if (!found)
    loaders.set(name, (found = new DataLoader<K, V>(batch, { batchScheduleFn: afterWaitingWork }) as DataLoader<unknown, unknown> as DataLoader<K, V>));
  return found;
}

/** What `present` makes of the row of each key, in the order of `keys` (null for a key no row has), from rows that name their key in `id`. */
export function inKeyOrder<R extends { id: number }, V>(keys: readonly number[], rows: R[], present: (row: R) => V): (V | null)[] {
  const byKey = new Map(rows.map((row) => [row.id, present(row)]));
  return keys.map((key) => byKey.get(key) ?? null);
}

/** The rows of each key, in the order of `keys`, from rows that name their key in `keyOf`. */
export function groupedBy<K, R>(keys: readonly K[], rows: R[], keyOf: (row: R) => K): R[][] {
  const byKey = new Map<K, R[]>(keys.map((key) => [key, []]));
  for (const row of rows) byKey.get(keyOf(row))?.push(row);
  return keys.map((key) => byKey.get(key)!);
}
