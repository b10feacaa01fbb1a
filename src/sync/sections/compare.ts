import type { ObjectRef } from '../../access/manage';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, textArray } from '../../db/sql';
import type { Write } from '../../graphql/writes';
import type { Action } from '../repository';

export interface Change {
  field: string;
  before: string | null;
  after: string | null;
}

/** What a job does with one object: the action, the fields an update changes, and the write that does it (none: nothing to do). */
export interface Decision {
  action: Action;
  key?: number | null;
  changes?: Change[];
  error?: string;
  write?: Write;
  /** More writes of the same object after `write`, in its savepoint: what one mutation does not set (a course's status, a password). */
  then?: Write[];
  /**
   * The object whose change the caller must be allowed (src/access/manage.ts): asked where no write asks it (an
   * unchanged object, an error about an existing one), for a batch at once, so that a plan tells nothing of objects
   * beyond the caller's reach.
   */
  may?: ObjectRef;
}

/** A timestamp column as ISO 8601 in UTC, as a document's dates read (`2026-09-01T00:00:00.000Z`). */
export const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const asText = (value: unknown) => (value == null ? null : String(value));

/** The fields the document gives (not null) whose value differs from the current one. */
export function changesOf(current: Record<string, unknown>, wanted: Record<string, unknown>, fields: readonly string[]): Change[] {
  const changes: Change[] = [];
  for (const field of fields) {
    const after = wanted[field];
    if (after === undefined || after === null) continue;
    const normalised = typeof after === 'string' ? after.trim() : after;
    if (asText(current[field]) !== asText(normalised)) changes.push({ field, before: asText(current[field]), after: asText(normalised) });
  }
  return changes;
}

/**
 * What a creation sets, as the changes of an object that was not there (before null): the fields of the object its
 * write sends (a person's `user`, a group's `group`, …) but keys, a list of named values (properties) as
 * `properties.<name>`, a password without its value, as an update's.
 */
export function createdFields(write: Write): Change[] {
  const input = Object.values(write.variables).find((value) => value !== null && typeof value === 'object' && !Array.isArray(value)) as
    Record<string, unknown> | undefined;
  return Object.entries(input ?? {}).flatMap(([field, value]): Change[] => {
    // Keys (a parent's, a generated softKey) are the gateway's, not the document's: a plan's would differ from its apply's.
    if (value === null || value === undefined || field.endsWith('Key')) return [];
    if (field === 'password') return [{ field, before: null, after: null }];
    if (Array.isArray(value))
      return value.flatMap((entry: { name?: unknown; value?: unknown }) =>
        typeof entry?.name === 'string' && entry.value != null ? [{ field: `${field}.${entry.name}`, before: null, after: asText(entry.value) }] : [],
      );
    return typeof value === 'object' ? [] : [{ field, before: null, after: asText(value) }];
  });
}

/** An object's writes as a decision holds them: the first, and those after it. */
export const writesOf = (writes: Write[]): Pick<Decision, 'write' | 'then'> => {
  const [write, ...then] = writes;
  return { write, ...(then.length ? { then } : {}) };
};

export const changedFields = (changes: Change[], wanted: Record<string, unknown>) =>
  Object.fromEntries(changes.map((change) => [change.field, wanted[change.field]]));

/** Rows by a text column, several per value (an externalId is not unique everywhere). */
export function grouped<T>(rows: T[], by: (row: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const value = by(row);
    if (value != null) map.set(value, [...(map.get(value) ?? []), row]);
  }
  return map;
}

/** Distinct references as one `?::text[]` parameter. */
export const refsOf = (values: (string | null | undefined)[]) => textArray([...new Set(values.filter((value): value is string => !!value))]);

/** One object found by its externalId, or why not: none (undefined) or more than one (an error). */
export function single<T>(found: Map<string, T[]>, ref: string, what: string): T | undefined | { ambiguous: string } {
  const rows = found.get(ref) ?? [];
  if (rows.length > 1) return { ambiguous: `${rows.length} ${what} have the externalId ${ref}` };
  return rows[0];
}
export const isAmbiguous = (value: unknown): value is { ambiguous: string } => !!value && typeof value === 'object' && 'ambiguous' in value;

/** The rows `query` reads for a batch's references (its one parameter: them as `?::text[]`), by externalId. */
/** What an organisation and a curriculum (a product) both carry in a sync section. */
export interface NamedRow {
  key: number;
  externalId: string;
  identifier: string;
  displayName: string;
  description: string | null;
}

export const byExternalId = async <T extends { externalId: string | null }>(em: EntityManager, query: string, refs: string[]) =>
  grouped(await sql<T>(em, query, [refsOf(refs)]), (row) => row.externalId);
