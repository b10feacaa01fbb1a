import { DomainError } from '../domain/errors';
import type { MediaFormat } from './route';

interface MediaRange {
  type: string;
  quality: number;
}

function parseAccept(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => {
      const [type, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), quality: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((range) => range.type && range.quality > 0);
}

const FORMAT_OF: Record<string, MediaFormat> = {
  'application/json': 'json',
  'text/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
};

/** Picks JSON or XML from Accept; no Accept or a wildcard gives the operation's default (catalogue 1.9). */
export function negotiate(accept: string | undefined, defaultFormat: MediaFormat): MediaFormat {
  if (!accept?.trim()) return defaultFormat;
  const ranges = parseAccept(accept).sort((a, b) => b.quality - a.quality);
  for (const range of ranges) {
    if (FORMAT_OF[range.type]) return FORMAT_OF[range.type];
    if (range.type === '*/*' || range.type === 'application/*' || (range.type === 'text/*' && defaultFormat === 'xml')) return defaultFormat;
  }
  throw new DomainError('NOT_ACCEPTABLE', 'only application/json and application/xml are produced');
}

/** The format of an error: JSON or XML as Accept prefers, else the default (also when Accept names neither, as for text or image answers). */
export function errorFormat(accept: string | undefined, defaultFormat: MediaFormat): MediaFormat {
  try {
    return negotiate(accept, defaultFormat);
  } catch {
    return defaultFormat;
  }
}

/**
 * Whether the client asks for a page (catalogue "Paging convention"): its Accept is exactly one
 * media type, JSON or XML, with the parameter `pagingspec=1.0`.
 */
export function asksForPage(accept: string | undefined): boolean {
  const ranges = accept?.split(',').filter((part) => part.trim()) ?? [];
  if (ranges.length !== 1) return false;
  const [type, ...params] = ranges[0]
    .toLowerCase()
    .split(';')
    .map((part) => part.trim());
  return FORMAT_OF[type] !== undefined && params.some((param) => param.replace(/\s/g, '') === 'pagingspec=1.0');
}

export type BodyFormat = MediaFormat | 'form';

/** A multipart body is left to the routes that take one (src/rest/router.ts), which read it part by part. */
export const isMultipart = (contentType: string | undefined) => /^\s*multipart\//i.test(contentType ?? '');

/** The format of a request body from its Content-Type, or null when it is neither JSON nor XML (nor a form, where the route takes one). */
export function bodyFormat(contentType: string | undefined, formAccepted = false): BodyFormat | null {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  if (!type) return null;
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  if (formAccepted && type === 'application/x-www-form-urlencoded') return 'form';
  return null;
}

export const CONTENT_TYPE: Record<MediaFormat | 'text', string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
};
