import { randomUUID } from 'node:crypto';

/** What a client may choose as its request id: short, and safe to log and echo. */
const SANE = /^[A-Za-z0-9._-]{1,128}$/;

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The `X-Request-Id` the client sent when it looks sane, else a new UUID. */
export function requestIdOf(sent: string | string[] | undefined): string {
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value && SANE.test(value) ? value : randomUUID();
}
