import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import { Provider } from '../entities/users';
import type { PrincipalRow } from './principal';
import { sha256 } from './secrets';

/** What the person sees once: the client id and the secret, presented as basic auth `clientId:secret`. */
export interface IssuedApiKey {
  key: number;
  clientId: string;
  secret: string;
  creationDate: Date;
}

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** 48 characters of [A-Za-z0-9_-] (288 bits), as OpenOLAT generates them (catalogue 1.5). */
function newSecret(): string {
  return [...randomBytes(48)].map((byte) => SECRET_ALPHABET[byte & 63]).join('');
}

/** Only a SHA-256 of the secret is stored: the secret is long and random, so a slow hash adds nothing. */
const hashSecret = (secret: string) => `sha256:${sha256(secret)}`;

/** A new key of the person; with an organisation, a key that acts within it only (src/domain/bound.ts). */
export async function createApiKey(em: EntityManager, identityKey: number, externalId?: string | null, organisationKey?: number): Promise<IssuedApiKey> {
  const clientId = randomUUID();
  const secret = newSecret();
  const [row] = await sql<{ key: number; creationDate: Date }>(
    em,
    `insert into authentication (identity_id, provider, auth_username, credential, external_id, organisation_id)
     values (?, '${Provider.apiKey}', ?, ?, ?, ?) returning id as key, creation_date as "creationDate"`,
    [identityKey, clientId, hashSecret(secret), externalId ?? null, organisationKey ?? null],
  );
  return { key: row.key, clientId, secret, creationDate: row.creationDate };
}

/** Whether the secret is the one of the API key the principal was read with (principalByApiKey). */
export function matchesApiKey(row: PrincipalRow, secret: string): boolean {
  const given = Buffer.from(hashSecret(secret));
  const stored = Buffer.from(row.apiKeyHash ?? '');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Records the key's use, at most once a minute. */
export async function recordApiKeyUse(em: EntityManager, row: PrincipalRow): Promise<void> {
  if (row.apiKeyLastUsage && Date.now() - row.apiKeyLastUsage.getTime() <= 60_000) return;
  row.apiKeyLastUsage = new Date();
  await sql(em, 'update authentication set last_usage = now() where id = ?', [row.apiKeyId]);
}

/** Client ids are UUIDs: a basic-auth user name of that form is tried as an API key first. */
export const looksLikeClientId = (name: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(name);
