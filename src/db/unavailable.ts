import { DomainError } from '../domain/errors';

/** What `Retry-After` says while the database cannot be reached: clients retry soon, the outage is usually short. */
export const RETRY_AFTER_SECONDS = 1;

/** Socket errors of a connection that cannot be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/** SQLSTATE: 08xxx connection exception; 57P01–57P03 shutdown, crash, cannot connect now; 53300 too many connections. */
const SQL_STATES = /^(08...|57P0[123]|53300)$/;

/** What pg, knex (tarn) and MikroORM say when the server is gone or cannot be reached in time. */
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Timeout acquiring a connection|Connection ended unexpectedly|Client has encountered a connection error|Client was closed and is not queryable|the database system is (shutting down|starting up|in recovery mode)|terminating connection due to administrator command/i;

/** True when the error (or an error it wraps) says the database is unreachable, not that a statement failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, sqlState, message } = current as { code?: unknown; sqlState?: unknown; message?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQL_STATES.test(code))) return true;
    if (typeof sqlState === 'string' && SQL_STATES.test(sqlState)) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    const wrapper = current as { cause?: unknown; originalError?: unknown; previous?: unknown };
    current = wrapper.cause ?? wrapper.originalError ?? wrapper.previous;
  }
  return false;
}

/** A database outage as the domain error both transports map to 503 with `Retry-After`; anything else unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof DomainError || !isDatabaseUnavailable(error)) return error;
  return new DomainError('UNAVAILABLE', 'the database cannot be reached; retry shortly', [], { retryAfter: RETRY_AFTER_SECONDS });
}

/** SQLSTATE of values the database refuses to store or compare: a number beyond an integer column, text with U+0000. */
const OUT_OF_RANGE = '22003';
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, sqlState } = current as { code?: unknown; sqlState?: unknown };
    if (typeof sqlState === 'string') return sqlState;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    const wrapper = current as { cause?: unknown; originalError?: unknown; previous?: unknown };
    current = wrapper.cause ?? wrapper.originalError ?? wrapper.previous;
  }
  return undefined;
}

/**
 * A failure as the domain error both transports answer: an outage (503, asUnavailable); a number
 * beyond an integer column, which only a key can reach (keys are checked nowhere else: no row has
 * it, 404); text the database cannot hold (U+0000 in a path or query value: 400). Else unchanged.
 */
export function asDomainFailure(error: unknown): unknown {
  const unavailable = asUnavailable(error);
  if (unavailable !== error || error instanceof DomainError) return unavailable;
  const state = sqlStateOf(error);
  if (state === OUT_OF_RANGE) return new DomainError('NOT_FOUND', 'no such key: the number is beyond every stored key');
  if (state && UNSTORABLE_TEXT.has(state)) return new DomainError('BAD_REQUEST', 'a value holds a character that cannot be stored (U+0000)');
  return error;
}
