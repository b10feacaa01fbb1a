import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ACCESS_LINE, type Logger } from './logger';
import type { Metrics } from './metrics';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';

/** What the app learns about a request while serving it, for its access line and metrics. */
interface Notes {
  id: string;
  /** The route pattern: the route table's for REST, `/graphql`, `/health`, … */
  route?: string;
  /** The identity key of the authenticated caller. */
  caller?: number;
}

const notes = new WeakMap<IncomingMessage, Notes>();

/** Records the route pattern the request matched. */
export function noteRoute(req: IncomingMessage, route: string) {
  const found = notes.get(req);
  if (found) found.route = route;
}

/** Records who the request came from. */
export function noteCaller(req: IncomingMessage, caller: { key: number } | null | undefined) {
  const found = notes.get(req);
  if (found && caller) found.caller = caller.key;
}

const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,127}$/;
const NAMED_OPERATION = /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]{0,127})/;

/** The GraphQL operation's name: `operationName`, else the name of a document's first operation. */
function operationOf(req: IncomingMessage): string | undefined {
  const body = (req as { body?: unknown }).body;
  let request = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  if (!request && req.url?.includes('?')) request = Object.fromEntries(new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1)));
  if (!request) return undefined;
  if (typeof request.operationName === 'string' && OPERATION_NAME.test(request.operationName)) return request.operationName;
  return typeof request.query === 'string' ? request.query.match(NAMED_OPERATION)?.[1] : undefined;
}

const pathOf = (req: IncomingMessage) => {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/**
 * Wraps the service: every request gets a request id (the client's `X-Request-Id` when sane),
 * echoed in the answer with `X-Content-Type-Options: nosniff`; once answered (or abandoned), one
 * access line (method, route pattern, status, duration, caller, request id; never headers or the
 * query string) and the request metrics.
 */
export function accessLog(handle: RequestListener, logger: Logger, metrics?: Metrics): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const note: Notes = { id: requestIdOf(req.headers['x-request-id']) };
    notes.set(req, note);
    res.setHeader(REQUEST_ID_HEADER, note.id);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const caller = note.caller ?? (res as { locals?: { ctx?: { caller?: { key: number } | null } } }).locals?.ctx?.caller?.key;
      const graphql = note.route === '/graphql' ? operationOf(req) : undefined;
      const line: Record<string, unknown> = {
        reqId: note.id,
        method: req.method,
        route: note.route ?? pathOf(req),
        status: res.statusCode,
        durationMs: Math.round(seconds * 1e5) / 100,
      };
      if (graphql) line.operation = graphql;
      if (caller !== undefined) line.caller = caller;
      if (!res.writableFinished) line.aborted = true;
      logger.info(line, ACCESS_LINE);
      // Only known patterns become labels: raw paths would let clients grow the series without bound.
      metrics?.request(note.route ?? 'other', req.method ?? 'GET', res.statusCode, seconds);
    });
    handle(req, res);
  };
}
