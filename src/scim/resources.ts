import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import { ScimError } from './errors';
import { attributeKey, type Condition, filterCondition, type FilterAttributes } from './filter';

export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** The most resources one page answers (ServiceProviderConfig's filter.maxResults). */
export const MAX_PAGE = 1000;
const DEFAULT_PAGE = 100;

/** A query of GET /Users or /Groups (RFC 7644 §3.4.2). */
export interface ListRequest {
  filter?: string;
  /** 1-based. */
  startIndex: number;
  count: number;
}

function integer(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  if (!/^-?\d{1,15}$/.test(value)) throw new ScimError(400, 'invalidValue', `${name} must be an integer`);
  return Number(value);
}

/** startIndex below 1 is 1, a negative count 0 (RFC 7644 §3.4.2.4); a count beyond MAX_PAGE is MAX_PAGE. */
export function listRequestOf(query: URLSearchParams): ListRequest {
  const filter = query.get('filter') ?? undefined;
  return {
    filter: filter?.trim() ? filter : undefined,
    startIndex: Math.max(1, integer(query, 'startIndex') ?? 1),
    count: Math.min(MAX_PAGE, Math.max(0, integer(query, 'count') ?? DEFAULT_PAGE)),
  };
}

export const pageOf = <T extends object>(total: number, request: ListRequest, resources: T[]) => ({
  schemas: [LIST_SCHEMA],
  totalResults: total,
  startIndex: request.startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** What GET /Users and /Groups read: `from` a table and its alias, `key` its key column, the rows the scope and the filter keep. */
export interface ListedTable {
  from: string;
  key: string;
  columns: string;
  attributes: FilterAttributes;
}

/**
 * The page the request asks for, in key order, and the number of rows the request's filter and the scope keep: counted
 * only when the page does not tell it (a page shorter than asked for, not past the end, ends the rows: an identity
 * provider's lookup of one person sends one statement).
 */
export async function listedRows<T>(em: EntityManager, table: ListedTable, scope: Condition, request: ListRequest): Promise<{ total: number; rows: T[] }> {
  const filter = request.filter ? filterCondition(table.attributes, request.filter) : { text: 'true', params: [] };
  const where = `where ${filter.text} and ${scope.text}`;
  const params = [...filter.params, ...scope.params];
  const offset = request.startIndex - 1;
  const rows = request.count
    ? await sql<T>(em, `select ${table.columns} from ${table.from} ${where} order by ${table.key} offset ? limit ?`, [...params, offset, request.count])
    : [];
  if (rows.length < request.count && (rows.length > 0 || offset === 0)) return { total: offset + rows.length, rows };
  const [{ total }] = await sql<{ total: number }>(em, `select count(*)::int as total from ${table.from} ${where}`, params);
  return { total, rows };
}

/** A resource's version (ETag): weak, from when its row last changed. */
export const versionOf = (lastModified: Date) => `W/"${lastModified.getTime()}"`;

/** Attributes always returned whatever `attributes` asks (RFC 7643 §7, returned "always"). */
const ALWAYS = new Set(['id', 'schemas']);

/** The names of `attributes` or `excludedAttributes`, as attributeKey keys; dotted ones name a sub-attribute. */
const namesOf = (list: string | null) =>
  list
    ? list
        .split(',')
        .map((name) => attributeKey(name.trim()))
        .filter(Boolean)
    : [];

/** The resource with only the attributes asked for (`attributes`), or without those refused (`excludedAttributes`): RFC 7644 §3.4.2.5. */
export function projected(resource: Record<string, unknown>, query: URLSearchParams): Record<string, unknown> {
  const included = namesOf(query.get('attributes'));
  const excluded = namesOf(query.get('excludedAttributes'));
  if (!included.length && !excluded.length) return resource;
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(resource)) {
    const key = attributeKey(name);
    if (ALWAYS.has(key)) {
      result[name] = value;
      continue;
    }
    const subNames = (names: string[]) => names.filter((path) => path.startsWith(`${key}.`)).map((path) => path.slice(key.length + 1));
    if (included.length) {
      if (included.includes(key)) result[name] = value;
      else if (subNames(included).length && value && typeof value === 'object' && !Array.isArray(value))
        result[name] = Object.fromEntries(Object.entries(value).filter(([sub]) => subNames(included).includes(sub.toLowerCase())));
    } else if (!excluded.includes(key)) {
      const dropped = subNames(excluded);
      result[name] =
        dropped.length && value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).filter(([sub]) => !dropped.includes(sub.toLowerCase())))
          : value;
    }
  }
  return result;
}
