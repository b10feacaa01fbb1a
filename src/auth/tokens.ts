import { sql } from '../db/sql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Provider } from '../entities/users';
import { newToken, sha256 } from './secrets';

/** Advisory-lock keys for token issuance: this base plus the identity key. */
const TOKEN_LOCK_BASE = 1_000_000_000_000;

/**
 * Issues a new X-SERVICE-TOKEN for the identity, replacing its previous one: a user holds at most
 * one token. Only the SHA-256 of the token is stored.
 */
export async function issueToken(em: EntityManager, identityKey: number, login: string, origin: string): Promise<string> {
  const token = newToken();
  // Concurrent upserts of one identity's token can deadlock on the two unique indexes of the
  // table; an advisory lock per identity, held for this statement, serialises them.
  await sql(
    em,
    `insert into authentication (identity_id, provider, auth_username, credential, origin)
     select ?, '${Provider.token}', ?, ?, ? from (select pg_advisory_xact_lock(?)) serialised
     on conflict (identity_id, provider) where provider in ('OLAT', 'REST')
     do update set credential = excluded.credential, auth_username = excluded.auth_username, origin = excluded.origin, last_modified = now()`,
    [identityKey, `${login}#${identityKey}`, sha256(token), origin, TOKEN_LOCK_BASE + identityKey],
  );
  return token;
}

/** OpenOLAT accepts only tokens of at most 40 characters of [A-Za-z0-9-] (catalogue 1.3). */
export const isWellFormedToken = (token: string) => /^[A-Za-z0-9-]{1,40}$/.test(token);
