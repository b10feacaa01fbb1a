import type { EntityManager } from '@mikro-orm/postgresql';

/** Runs raw SQL with `?` placeholders inside the entity manager's transaction, if it has one. */
export function sql<T = Record<string, unknown>>(em: EntityManager, text: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(text, params as never[], 'all', em.getTransactionContext());
}
