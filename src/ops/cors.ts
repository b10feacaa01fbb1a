import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOKEN_HEADER } from '../auth/security-filter';
import { REQUEST_ID_HEADER } from './request-id';

const METHODS = 'GET, HEAD, PUT, POST, DELETE';
/** What a client sends beyond the headers browsers allow by themselves: credentials, bodies, conditional reads, its request id. */
const REQUEST_HEADERS = ['Authorization', TOKEN_HEADER, 'Content-Type', 'Accept', 'If-None-Match', 'If-Modified-Since', REQUEST_ID_HEADER].join(', ');
/** What a script may read of an answer beyond the headers browsers show it by themselves. */
const EXPOSED_HEADERS = [
  TOKEN_HEADER,
  REQUEST_ID_HEADER,
  'ETag',
  'Last-Modified',
  'Retry-After',
  'WWW-Authenticate',
  'Content-Disposition',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
].join(', ');
/** How long a browser may reuse a preflight's answer (Chromium keeps it at most 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin requests (CORS) from the pages of the listed origins (`CORS_ORIGINS`): their
 * preflights are answered here, before authentication and request budgets, and their answers
 * name the origin, allow credentials and expose the headers a client reads. A request from any
 * other origin gets no CORS header, so the browser keeps its page from reading the answer; its
 * preflight goes on like any OPTIONS request (401 without credentials). Every answer varies by
 * `Origin`, so that no cache hands one origin's answer to another.
 *
 * Not the `cors` package: it answers any OPTIONS request of a listed origin as a preflight, and
 * leaves `Vary: Origin` off the answers to other origins.
 */
export class CrossOrigin {
  private readonly origins: ReadonlySet<string>;

  constructor(origins: readonly string[]) {
    this.origins = new Set(origins);
  }

  /** Sets the CORS headers of the request's answer; true when the request was a preflight of a listed origin, now answered. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    res.setHeader('Vary', 'Origin');
    const origin = req.headers.origin;
    if (!origin || !this.origins.has(origin)) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', METHODS);
      res.setHeader('Access-Control-Allow-Headers', REQUEST_HEADERS);
      res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      res.statusCode = 204;
      res.end();
      return true;
    }
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    return false;
  }
}
