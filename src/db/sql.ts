import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { types, type ClientBase, type FieldDef, type Pool, type QueryResult } from 'pg';

interface ReadPool {
  pool: Pool;
  /** Statements seen before go by name (prepared once per connection); false: unnamed, parsed each time. */
  named: boolean;
}

/** Per ORM: a plain pg pool for statements outside transactions (MikroORM's execute costs ~100 µs more each). */
const readPools = new WeakMap<object, ReadPool>();

export function useReadPool(em: EntityManager, pool: Pool, named = true) {
  readPools.set(em.getConnection(), { pool, named });
}

/** `?, ?, …`: one placeholder per value, for `in (…)` lists. */
export const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

interface PreparedText {
  text: string;
  /** pg prepares a named statement once per connection: later runs skip parsing and planning. */
  name: string;
}

const prepared = new Map<string, PreparedText>();
const MAX_PREPARED = 1000;

/** `?` placeholders as pg's `$1, $2, …` (our statements use no `?` operators or literals), and a statement name for texts seen before. */
function preparedText(text: string): PreparedText | { text: string; name?: undefined } {
  let statement = prepared.get(text);
  if (statement === undefined) {
    let index = 0;
    const converted = text.replace(/\?/g, () => `$${++index}`);
    if (prepared.size >= MAX_PREPARED) return { text: converted };
    prepared.set(text, (statement = { text: converted, name: `gw${prepared.size + 1}` }));
  }
  return statement;
}

/**
 * Runs raw SQL with `?` placeholders inside the entity manager's transaction, if it has one.
 * `fetchRows`: outside a transaction, the rows are fetched this many at a time, a round trip each,
 * for statements that may answer many: the client parses what one read of the socket brings in one
 * go, and 50,000 rows at once held the event loop 190 ms.
 */
export async function sql<T = Record<string, unknown>>(em: EntityManager, text: string, params: unknown[] = [], fetchRows?: number): Promise<T[]> {
  const read = em.isInTransaction() ? undefined : readPools.get(em.getConnection());
  if (read) {
    const statement = preparedText(text);
    const query = { text: statement.text, name: read.named ? statement.name : undefined, values: params, ...(fetchRows ? { rows: fetchRows } : {}) };
    return (await read.pool.query<T & object>(query)).rows;
  }
  return rowsOnOrmConnection<T>(em, text, params);
}

/**
 * A statement of a transaction, sent on the connection the transaction holds: through knex's query builder and runner
 * each statement cost more CPU than its round trip (knex, lodash and tarn took a sixth of a membership write's CPU).
 */
async function rowsInTransaction(transaction: Knex.Transaction, text: string, params: unknown[]): Promise<QueryResult<Record<string, unknown>>> {
  if (transaction.isCompleted()) throw new Error('a statement after its transaction ended');
  const connection = (await transaction.client.acquireConnection()) as ClientBase;
  return connection.query<Record<string, unknown>>({ text: preparedText(text).text, values: params });
}

/** The types MikroORM's connection leaves as text (date, timestamp, timestamptz, interval), which pg's pools parse. */
const LEFT_AS_TEXT = new Set([1082, 1114, 1184, 1186]);

/**
 * A statement on MikroORM's connection, in its transaction if it has one, with its values bound (not written into the
 * text as MikroORM's execute does: escaping a batch's values there held the event loop), its rows parsed as the read
 * pool parses them: a timestamp is a Date whichever way a statement went.
 */
async function rowsOnOrmConnection<T>(em: EntityManager, text: string, params: unknown[]): Promise<T[]> {
  const transaction = em.getTransactionContext<Knex.Transaction>();
  const result = transaction
    ? await rowsInTransaction(transaction, text, params)
    : ((await em
        .getConnection()
        .getKnex()
        .raw(text, params as never[])) as QueryResult<Record<string, unknown>>);
  const parsed = (result.fields ?? []).filter((field: FieldDef) => LEFT_AS_TEXT.has(field.dataTypeID));
  for (const row of result.rows)
    for (const field of parsed)
      if (typeof row[field.name] === 'string') row[field.name] = types.getTypeParser(field.dataTypeID, 'text')(row[field.name] as string);
  return result.rows as T[];
}

/** A list of keys as one parameter, for `?::bigint[]` (`{1,2,3}`: the same text whichever way the statement is sent). */
export const keyArray = (keys: readonly number[]) => `{${keys.join(',')}}`;

/** A list of texts as one parameter, for `?::text[]`: an array literal, each element quoted (`{"a","b \"c\""}`). */
export const textArray = (values: readonly string[]) => `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** An SQL condition with its `?` parameters in order. */
export interface SqlCondition {
  text: string;
  params: unknown[];
}

const TEXT = Symbol('text');
type TextTrie = Map<string | typeof TEXT, TextTrie | string>;

/**
 * `make` of these SQL fragments, built once per sequence of fragments and the same string each time: fragments held in
 * constants or built once per shape (perPerson) keep their hash, so finding a statement of several kilobytes costs no
 * more than finding a short one (a new string of that size is read three times by each lookup: flattened, hashed, compared).
 */
export function builtOnce(make: (fragments: readonly string[]) => string): (fragments: readonly string[]) => string {
  const root: TextTrie = new Map();
  let texts = 0;
  return (fragments) => {
    let node = root;
    for (const fragment of fragments) {
      let next = node.get(fragment) as TextTrie | undefined;
      if (next === undefined) {
        if (texts >= MAX_PREPARED) return make(fragments);
        node.set(fragment, (next = new Map()));
      }
      node = next;
    }
    let text = node.get(TEXT) as string | undefined;
    if (text === undefined) {
      node.set(TEXT, (text = make(fragments)));
      texts++;
    }
    return text;
  };
}

/** Stands for the person's key while a condition is built once for its shape (perPerson). */
const PERSON = Symbol('person');

/**
 * A condition about a person whose text depends on its other arguments only: built once per `shape` of them (with a
 * stand-in where the person's key goes, so a text that would embed the key fails at once), then answered with the
 * person's key in the stand-in's places. A read does not build kilobytes of SQL text again, and the statement made of
 * it is looked up by a flat string.
 */
export function perPerson<A extends unknown[]>(shape: (...args: A) => string, build: (person: number, ...args: A) => SqlCondition) {
  const built = new Map<string, SqlCondition>();
  return (person: number, ...args: A): SqlCondition => {
    const key = shape(...args);
    let condition = built.get(key);
    if (condition === undefined) built.set(key, (condition = build(PERSON as unknown as number, ...args)));
    return { text: condition.text, params: condition.params.map((param) => (param === PERSON ? person : param)) };
  };
}

/** The conditions together (`and`), their parameters in order; `true` ones left out (a statement reads the same without them). */
export function allOf(...conditions: SqlCondition[]): SqlCondition {
  const binding = conditions.filter((condition) => condition.text !== 'true');
  if (binding.length <= 1) return binding[0] ?? { text: 'true', params: [] };
  return { text: binding.map((condition) => `(${condition.text})`).join(' and '), params: binding.flatMap((condition) => condition.params) };
}
