import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from './sql';

/** A table of pairs (a link between two objects, one row per pair): each answer is one statement. */
export interface PairTable {
  /** Whether the pair is there. */
  has(em: EntityManager, left: number, right: number): Promise<boolean>;
  /** Adds the pair: false when it was there already. */
  add(em: EntityManager, left: number, right: number): Promise<boolean>;
  /** Takes the pair away: false when it was not there. */
  remove(em: EntityManager, left: number, right: number): Promise<boolean>;
}

/** The pairs of `table` with the columns `left` and `right` (unique together). */
export function pairTable(table: string, left: string, right: string): PairTable {
  const has = `select 1 from ${table} where ${left} = ? and ${right} = ?`;
  const add = `insert into ${table} (${left}, ${right}) values (?, ?) on conflict do nothing returning 1`;
  const remove = `delete from ${table} where ${left} = ? and ${right} = ? returning 1`;
  const answered = (statement: string) => async (em: EntityManager, leftKey: number, rightKey: number) =>
    (await sql(em, statement, [leftKey, rightKey])).length > 0;
  return { has: answered(has), add: answered(add), remove: answered(remove) };
}
