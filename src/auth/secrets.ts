import { hash, randomBytes, randomUUID } from 'node:crypto';

export const sha256 = (value: string) => hash('sha256', value, 'hex');

/** A token in OpenOLAT's format: a random UUID (catalogue 1.3). */
export const newToken = () => randomUUID();

export const newSessionId = () => randomBytes(32).toString('base64url');

/**
 * A keyed hash under a key that lives only in this process, for in-memory lookups of secrets: SHA-256 of the key
 * and the value in one call (an HMAC costs four times as much, and nothing here needs its resistance to length
 * extension: the hashes never leave the process).
 */
export function processKeyedHash(): (value: string) => string {
  const key = randomBytes(32).toString('base64');
  return (value) => hash('sha256', key + value, 'base64url');
}
