import { createHmac, hash, randomBytes, randomUUID } from 'node:crypto';

export const sha256 = (value: string) => hash('sha256', value, 'hex');

/** A token in OpenOLAT's format: a random UUID (catalogue 1.3). */
export const newToken = () => randomUUID();

export const newSessionId = () => randomBytes(32).toString('base64url');

/** A keyed hash under a key that lives only in this process, for in-memory lookups of secrets. */
export function processKeyedHash(): (value: string) => string {
  const key = randomBytes(32);
  return (value) => createHmac('sha256', key).update(value).digest('base64url');
}
