import { GraphQLError } from 'graphql';
import { DomainError, type ErrorCode, type ErrorDetail } from '../domain/errors';
import type { RestRoute } from './route';

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
  INTERNAL: 500,
};

export interface RestError {
  status: number;
  /** ErrorVO list (OpenOLAT's 406 validation answer) or a single ErrorVO. */
  errors: ErrorDetail[];
  list: boolean;
}

const single = (status: number, code: string, translation: string): RestError => ({ status, errors: [{ code, translation }], list: false });

/**
 * The one mapping from errors to REST answers. GraphQL errors without a domain cause are
 * request errors (bad variables, unknown fields): 400. Anything else is an internal error whose
 * details are logged, never sent.
 */
export function toRestError(error: unknown, route?: Pick<RestRoute, 'conflictAsList'>, log: (error: unknown) => void = console.error): RestError {
  const cause = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  if (cause instanceof DomainError) {
    const status = STATUS_OF[cause.code];
    // Details are one ErrorVO (e.g. the authentication 409), a list for validation (406) and where the route says so.
    const list = cause.code === 'VALIDATION_FAILED' || (cause.code === 'CONFLICT' && route?.conflictAsList === true);
    if (cause.details.length) return { status, errors: cause.details, list };
    return single(status, cause.code, cause.message);
  }
  if (cause instanceof GraphQLError) return single(400, 'BAD_REQUEST', cause.message);
  log(cause);
  return single(500, 'INTERNAL', 'internal error');
}
