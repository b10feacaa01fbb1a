import { GraphQLError } from 'graphql';
import { DomainError, type ErrorCode, type ErrorDetail } from '../domain/errors';
import type { RestRoute } from './route';
import { RETRY_AFTER_SECONDS, asDomainFailure } from '../db/unavailable';

export const STATUS_OF: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 406,
  CONFLICT: 409,
  MANAGED: 409,
  PRECONDITION_FAILED: 412,
  NOT_ACCEPTABLE: 406,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  GONE: 410,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export interface RestError {
  status: number;
  /** ErrorVO list (OpenOLAT's 406 validation answer) or a single ErrorVO. */
  errors: ErrorDetail[];
  list: boolean;
  /** Seconds for `Retry-After` (503 while the database cannot be reached). */
  retryAfter?: number;
}

const single = (status: number, code: string, translation: string): RestError => ({ status, errors: [{ code, translation }], list: false });

/** GraphQL's own words (variables, input type names, the schema's vocabulary) never reach a REST client. */
const GRAPHQL_WORDING =
  /Variable "\$|\$[A-Za-z_]\w*|VOInput|Input\b|GraphQL|Cannot query field|Unknown argument|cannot represent|not defined by type|of required type/;

/** A request error's message as a REST client may read it: REST routes check their variables first (src/rest/input-errors.ts); anything GraphQL still says is answered generically. */
export function restWording(message: string): string {
  return GRAPHQL_WORDING.test(message) ? 'the request does not fit the operation' : message;
}

/**
 * The one mapping from errors to REST answers. GraphQL errors without a domain cause are
 * request errors (bad variables, unknown fields): 400. A database outage is
 * a 503 with `Retry-After`. Anything else is an internal error whose
 * details are logged, never sent.
 */
export function toRestError(error: unknown, route: Pick<RestRoute, 'conflictAsList'> | undefined, log: (error: unknown) => void): RestError {
  const cause = asDomainFailure(error instanceof GraphQLError ? (error.originalError ?? error) : error);
  if (cause instanceof DomainError && cause.code === 'UNAVAILABLE') return { ...single(503, cause.code, cause.message), retryAfter: RETRY_AFTER_SECONDS };
  if (cause instanceof DomainError) {
    const status = STATUS_OF[cause.code];
    // Details are one ErrorVO (e.g. the authentication 409), a list for validation (406) and where the route says so.
    const list = cause.code === 'VALIDATION_FAILED' || (cause.code === 'CONFLICT' && route?.conflictAsList === true);
    if (cause.details.length) return { status, errors: cause.details, list };
    return single(status, cause.code, cause.message);
  }
  if (cause instanceof GraphQLError) return single(400, 'BAD_REQUEST', restWording(cause.message));
  log(cause);
  return single(500, 'INTERNAL', 'internal error');
}
