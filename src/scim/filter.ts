import { parse, type Filter } from 'scim2-parse-filter';
import { ScimError } from './errors';

/**
 * SCIM filters (RFC 7644 §3.4.2.2) as SQL conditions: `scim2-parse-filter` reads the expression, each attribute it
 * names becomes the column that holds it, so a filter runs in PostgreSQL through the column's index and nobody is
 * loaded to be tested in memory. Attribute names are case-insensitive and may carry their schema's URN.
 */

/** A SQL condition with `?` placeholders and their values. */
export interface Condition {
  text: string;
  params: unknown[];
}

/** What a filterable attribute is in SQL. */
export interface FilterAttribute {
  /** The SQL expression of its value. */
  column: string;
  type: 'string' | 'boolean' | 'dateTime' | 'integer';
  /** RFC 7643 caseExact: false compares in lower case (`lower(column)`, which its index must serve for `eq`). */
  caseExact?: boolean;
  /** A fixed value instead of a column (a sub-attribute every value of this gateway has: an e-mail's `type` is `work`). */
  constant?: string | boolean;
}

/** The attributes of a resource type, by lower-case path (`username`, `name.givenname`, `emails.value`). */
export type FilterAttributes = ReadonlyMap<string, FilterAttribute>;

const SCHEMA_PREFIX = /^urn:ietf:params:scim:schemas:(core:2\.0:(user|group)|extension:enterprise:2\.0:user):/i;

/** The attribute's key in a FilterAttributes: lower case, the core schema's URN left out, the enterprise one as `enterprise:`. */
export function attributeKey(path: string): string {
  const lower = path.toLowerCase();
  const prefix = SCHEMA_PREFIX.exec(lower);
  if (!prefix) return lower;
  return `${prefix[1].startsWith('extension') ? 'enterprise:' : ''}${lower.slice(prefix[0].length)}`;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDERING = { gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/** The value a filter compares with, as the attribute's type wants it; a wrong type is the client's invalidFilter. */
function operand(attribute: FilterAttribute, path: string, value: unknown): string | boolean | number | null {
  if (value === null) return null;
  switch (attribute.type) {
    case 'boolean':
      // Some providers send booleans as text.
      if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
      if (typeof value === 'boolean') return value;
      break;
    case 'integer':
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      break;
    case 'dateTime':
      if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
      break;
    default:
      if (typeof value === 'string') return value;
  }
  throw new ScimError(400, 'invalidFilter', `${path}: ${JSON.stringify(value)} is no ${attribute.type}`);
}

function comparison(attribute: FilterAttribute, path: string, op: string, raw: unknown): Condition {
  const value = operand(attribute, path, raw);
  const cast = attribute.type === 'dateTime' ? '::timestamptz' : '';
  if (attribute.constant !== undefined) {
    const constant = attribute.constant;
    const equal = typeof constant === 'string' && typeof value === 'string' ? constant.toLowerCase() === value.toLowerCase() : constant === value;
    if (op === 'eq' || op === 'ne') return { text: (op === 'eq') === equal ? 'true' : 'false', params: [] };
    throw new ScimError(400, 'invalidFilter', `${path} takes eq, ne and pr`);
  }
  const folded = attribute.type === 'string' && !attribute.caseExact;
  const column = folded ? `lower(${attribute.column})` : attribute.column;
  const param = folded ? 'lower(?)' : `?${cast}`;
  if (value === null) {
    if (op === 'eq') return { text: `${attribute.column} is null`, params: [] };
    if (op === 'ne') return { text: `${attribute.column} is not null`, params: [] };
    throw new ScimError(400, 'invalidFilter', `${path} ${op} null`);
  }
  switch (op) {
    case 'eq':
      return { text: `${column} = ${param}`, params: [value] };
    case 'ne':
      return { text: `${column} is distinct from ${param}`, params: [value] };
    case 'co':
    case 'sw':
    case 'ew': {
      if (attribute.type !== 'string') throw new ScimError(400, 'invalidFilter', `${path} is no string: ${op} does not apply`);
      const text = escapeLike(String(value));
      const pattern = op === 'co' ? `%${text}%` : op === 'sw' ? `${text}%` : `%${text}`;
      return { text: `${attribute.column} ${attribute.caseExact ? 'like' : 'ilike'} ?`, params: [pattern] };
    }
    case 'gt':
    case 'ge':
    case 'lt':
    case 'le':
      if (attribute.type === 'boolean') throw new ScimError(400, 'invalidFilter', `${path} is a boolean: ${op} does not apply`);
      return { text: `${column} ${ORDERING[op]} ${param}`, params: [value] };
    default:
      throw new ScimError(400, 'invalidFilter', `unknown operator ${op}`);
  }
}

function attributeOf(attributes: FilterAttributes, path: string): FilterAttribute {
  const attribute = attributes.get(attributeKey(path));
  if (!attribute) throw new ScimError(400, 'invalidFilter', `no attribute ${path} to filter by`);
  return attribute;
}

function conditionOf(attributes: FilterAttributes, filter: Filter, parent?: string): Condition {
  const path = (name: string) => (parent ? `${parent}.${name}` : name);
  switch (filter.op) {
    case 'and':
    case 'or': {
      const parts = filter.filters.map((part) => conditionOf(attributes, part, parent));
      return { text: `(${parts.map((part) => part.text).join(` ${filter.op} `)})`, params: parts.flatMap((part) => part.params) };
    }
    case 'not': {
      const inner = conditionOf(attributes, filter.filter, parent);
      return { text: `not coalesce(${inner.text}, false)`, params: inner.params };
    }
    case '[]':
      // emails[type eq "work" and value co "@example.org"]: the sub-attributes of a multi-valued attribute.
      if (parent) throw new ScimError(400, 'invalidFilter', 'a value filter inside a value filter');
      return conditionOf(attributes, filter.valFilter, filter.attrPath);
    case 'pr': {
      const attribute = attributeOf(attributes, path(filter.attrPath));
      if (attribute.constant !== undefined) return { text: 'true', params: [] };
      return { text: attribute.type === 'string' ? `coalesce(${attribute.column}, '') <> ''` : `${attribute.column} is not null`, params: [] };
    }
    default:
      return comparison(attributeOf(attributes, path(filter.attrPath)), path(filter.attrPath), filter.op, filter.compValue);
  }
}

/** The SQL condition of a filter over these attributes; a filter that does not parse, or names what is not there, is a 400 invalidFilter. */
export function filterCondition(attributes: FilterAttributes, filter: string): Condition {
  let parsed: Filter;
  try {
    parsed = parse(filter);
  } catch (error) {
    throw new ScimError(400, 'invalidFilter', `the filter does not parse: ${(error as Error).message}`);
  }
  return conditionOf(attributes, parsed);
}
