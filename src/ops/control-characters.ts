import { isUtf8 } from 'node:buffer';
import { DomainError } from '../domain/errors';

export const controlCharacterRefused = () =>
  new DomainError('BAD_REQUEST', 'a text field holds a control character (U+0000 to U+001F other than tab, line feed and carriage return, or U+007F)');

/** Whether a URL's percent-escapes decode to valid UTF-8 (node hands the request line over byte for byte, as latin1). */
export function urlIsUtf8(url: string): boolean {
  if (!url.includes('%') && !/[^ -~]/.test(url)) return true;
  return isUtf8(
    Buffer.from(
      url.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ),
  );
}

/** C0 controls but tab, line feed and carriage return, and DEL: never text a field may hold. */
// eslint-disable-next-line no-control-regex -- finding these characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** GraphQL string escapes that stand for those characters (`\u0001`, `\u{7F}`, `\b`, `\f`), not preceded by an escaping backslash. */
const GRAPHQL_ESCAPE = /(?<!\\)(?:\\\\)*\\(?:u00(?:[01][0-8bcef]|1[0-9a-f]|7f)|u\{0*(?:[0-8bcef]|1[0-9a-f]|7f)\}|[bf])/i;

const MAX_DEPTH = 64;

/** Whether a decoded value (strings, keys of objects, items of lists) holds a control character. */
export function holdsControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsControlCharacter(item, depth + 1));
  return Object.entries(value).some(([key, item]) => CONTROL.test(key) || holdsControlCharacter(item, depth + 1));
}

/** Whether a GraphQL request (query text and variables, as JSON decoded them) holds a control character, escaped in a string literal or not. */
export function graphqlRequestHoldsControlCharacter(body: unknown): boolean {
  if (holdsControlCharacter(body)) return true;
  const query = body && typeof body === 'object' ? (body as { query?: unknown }).query : undefined;
  return typeof query === 'string' && query.includes('\\') && GRAPHQL_ESCAPE.test(query);
}
