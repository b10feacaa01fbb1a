import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';

/** Per ORM: a plain pg pool for statements outside transactions (MikroORM's execute costs ~100 µs more each). */
const readPools = new WeakMap<object, Pool>();

export function useReadPool(em: EntityManager, pool: Pool) {
  readPools.set(em.getConnection(), pool);
}

/** `?, ?, …`: one placeholder per value, for `in (…)` lists. */
export const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

const numbered = new Map<string, string>();

/** `?` placeholders as pg's `$1, $2, …` (our statements use no `?` operators or literals). */
function toNumbered(text: string): string {
  let converted = numbered.get(text);
  if (converted === undefined) {
    let index = 0;
    converted = text.replace(/\?/g, () => `$${++index}`);
    if (numbered.size < 1000) numbered.set(text, converted);
  }
  return converted;
}

/** Runs raw SQL with `?` placeholders inside the entity manager's transaction, if it has one. */
export async function sql<T = Record<string, unknown>>(em: EntityManager, text: string, params: unknown[] = []): Promise<T[]> {
  const pool = em.isInTransaction() ? undefined : readPools.get(em.getConnection());
  if (pool) return (await pool.query(toNumbered(text), params)).rows as T[];
  return em.getConnection().execute<T[]>(text, params as never[], 'all', em.getTransactionContext());
}
