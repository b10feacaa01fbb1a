/** One error type for every rule below the transports; each transport maps the code once. */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'VALIDATION_FAILED'
  | 'CONFLICT'
  | 'MANAGED'
  | 'PRECONDITION_FAILED'
  | 'NOT_ACCEPTABLE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  /** What was asked for existed and is no longer kept (a change feed cursor older than its retention): 410. */
  | 'GONE'
  /** The database cannot be reached (stopped, restarting, unreachable): 503 with Retry-After. */
  | 'UNAVAILABLE'
  | 'INTERNAL';

/** OpenOLAT's ErrorVO: an i18n-style code and a readable message. */
export interface ErrorDetail {
  code: string;
  translation: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details: ErrorDetail[] = [], extra: Record<string, unknown> = {}) {
    // An answer to the client, not a fault: where it was thrown says nothing, and capturing and formatting the trace
    // (GraphQL copies it into every error it answers) cost more than the refusal itself.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
    this.extra = extra;
  }
}

export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'insufficient privileges') => new DomainError('FORBIDDEN', message);
export const unauthenticated = () => new DomainError('UNAUTHENTICATED', 'authentication required');
export const badRequest = (message: string) => new DomainError('BAD_REQUEST', message);
export const validationFailed = (details: ErrorDetail[]) => new DomainError('VALIDATION_FAILED', details.map((d) => d.translation).join('; '), details);
