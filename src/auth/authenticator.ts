import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import { Provider } from '../entities/users';
import type { Caller } from '../domain/context';
import { looksLikeClientId, matchesApiKey, recordApiKeyUse } from './api-keys';
import { CredentialCache, type CacheEntry } from './credential-cache';
import type { Recheck } from './credential-watch';
import { apiKeyOrigin } from './origin';
import { verifyPassword } from './passwords';
import {
  canAuthenticate,
  principalByApiKey,
  principalByKey,
  principalByLogin,
  principalBySessionHash,
  principalByTokenHash,
  toCaller,
  type PrincipalRow,
} from './principal';
import type { PrincipalCache } from './principal-cache';
import { sha256 } from './secrets';
import { openSession, sessionNeedsTouch, touchSession } from './sessions';
import { isWellFormedToken, issueToken } from './tokens';

export interface Login {
  caller: Caller;
  /** Whether the credential this login came with would still be accepted (for streams and long polls: src/auth/credential-watch.ts). */
  recheck: Recheck;
  /** Token to send in the X-SERVICE-TOKEN response header. */
  token?: string;
  /** Session cookie value to set. */
  sessionId?: string;
}

/** The outcome of checking a secret: the principal, and the login it amounts to (origin.ts). */
interface Verified {
  row: PrincipalRow;
  origin: string;
  /** What must still hold for a cached verification: the stored password hash, or the API key's id. */
  stamp: string;
}

/** Level one: turns a credential (session, token, password, API key) into a caller. */
export class Authenticator {
  private readonly cache: CredentialCache;
  private readonly pending = new Map<string, Promise<Verified | null>>();

  constructor(
    private readonly sessionTtlSeconds: number,
    cacheTtlSeconds: number,
    private readonly principals: PrincipalCache,
  ) {
    this.cache = new CredentialCache(cacheTtlSeconds * 1000);
  }

  /** The principal behind a credential: from the principal cache, else read and remembered there (`until`: when it must be read again at the latest). */
  private async principal(key: string, read: () => Promise<PrincipalRow | null>, until?: (row: PrincipalRow) => number): Promise<PrincipalRow | null> {
    const cached = this.principals.get(key);
    if (cached) return cached;
    const stamp = this.principals.stamp();
    const row = await read();
    if (row) this.principals.set(key, row, stamp, until?.(row));
    return row;
  }

  /** After a write on this instance: nothing cached before it is trusted any more (src/auth/principal-cache.ts). */
  forgetPrincipals(): void {
    this.principals.clear();
  }

  /** A new token replaces the person's previous one: this instance forgets the old one at once. */
  private async newToken(em: EntityManager, verified: Verified): Promise<string> {
    const token = await issueToken(em, verified.row.key, verified.row.login, verified.origin);
    this.principals.invalidate(verified.row.key);
    return token;
  }

  private async sessionPrincipal(em: EntityManager, hash: string): Promise<PrincipalRow | null> {
    const row = await this.principal(
      `session:${hash}`,
      () => principalBySessionHash(em, hash),
      (row) => row.sessionExpiresAt!.getTime(),
    );
    return row && canAuthenticate(row) ? row : null;
  }

  /** A session ends at its expiry, unless a request slid it forward meanwhile. */
  private sessionRecheck(hash: string): Recheck {
    return async (em) => {
      const row = await this.sessionPrincipal(em, hash);
      return row && { row, until: row.sessionExpiresAt!.getTime() };
    };
  }

  async fromSession(em: EntityManager, cookie: string): Promise<Login | null> {
    const hash = sha256(cookie);
    const row = await this.sessionPrincipal(em, hash);
    if (!row) return null;
    if (sessionNeedsTouch(row.sessionExpiresAt!, this.sessionTtlSeconds)) row.sessionExpiresAt = await touchSession(em, hash, this.sessionTtlSeconds);
    return { caller: toCaller(row, row.sessionProvider!), recheck: this.sessionRecheck(hash) };
  }

  private async tokenPrincipal(em: EntityManager, hash: string): Promise<PrincipalRow | null> {
    const row = await this.principal(`token:${hash}`, () => principalByTokenHash(em, hash));
    return row && canAuthenticate(row) ? row : null;
  }

  /** The X-SERVICE-TOKEN header (or a link's token): the login answers it again as `token`. */
  async fromToken(em: EntityManager, token: string): Promise<Login | null> {
    if (!isWellFormedToken(token)) return null;
    const hash = sha256(token);
    const row = await this.tokenPrincipal(em, hash);
    if (!row) return null;
    const recheck: Recheck = async (em) => {
      const row = await this.tokenPrincipal(em, hash);
      return row && { row };
    };
    return { caller: toCaller(row, row.tokenOrigin ?? Provider.password), token, recheck };
  }

  /** A token in a link: authenticates and opens a session (source document, "Token in a link"). */
  async fromLinkToken(em: EntityManager, token: string): Promise<Login | null> {
    const login = await this.fromToken(em, token);
    if (!login) return null;
    const { caller } = login;
    const origin = caller.apiKeyId ? apiKeyOrigin(caller.apiKeyId) : caller.provider;
    return { ...login, sessionId: await openSession(em, caller.key, origin, this.sessionTtlSeconds) };
  }

  /**
   * Basic auth with a login and password, or an API key's client id and secret (catalogue 1.5).
   * bcrypt runs once per credential and cache lifetime; later requests take the principal from the
   * principal cache, which drops it on every instance when the password, the status or the key
   * changes. An API key's secret is compared (SHA-256) on every request. `reserve` (the login
   * throttle's) is asked before a secret is verified without the cache: false refuses the attempt.
   */
  async fromBasic(em: EntityManager, login: string, password: string, reserve: () => Promise<boolean>): Promise<Login | null> {
    const key = this.cache.key(login, password);
    const cached = await this.fromCache(em, key, login, password);
    if (cached) return cached;
    const verified = await this.verify(em, key, login, password, reserve);
    if (!verified) return null;
    const entry = this.cache.get(key) ?? this.cache.set(key, verified.row.key, verified.stamp);
    const token = await this.currentToken(em, entry, verified);
    entry.sessionId ??= await openSession(em, verified.row.key, verified.origin, this.sessionTtlSeconds);
    await sql(em, 'update identity set last_login = now() where id = ?', [verified.row.key]);
    return { caller: toCaller(verified.row, verified.origin), token, sessionId: entry.sessionId, recheck: this.basicRecheck(login, verified) };
  }

  /**
   * An API key this instance verified before, still valid: its secret is random and as long as a hash, so guessing it
   * is hopeless and the login throttle is not asked (one statement less per request). Null sends the request through
   * the throttle as any other credential (a wrong secret still counts as a failure there).
   */
  fromCachedApiKey(em: EntityManager, clientId: string, secret: string): Promise<Login | null> {
    return looksLikeClientId(clientId) ? this.fromCache(em, this.cache.key(clientId, secret), clientId, secret) : Promise.resolve(null);
  }

  private async fromCache(em: EntityManager, key: string, login: string, password: string): Promise<Login | null> {
    const cached = this.cache.get(key);
    if (!cached) return null;
    const verified = await this.reverify(em, cached.identityKey, login, password, cached.stamp);
    if (!verified) {
      this.cache.delete(key);
      return null;
    }
    const token = await this.currentToken(em, cached, verified);
    cached.sessionId ??= await openSession(em, verified.row.key, verified.origin, this.sessionTtlSeconds);
    return { caller: toCaller(verified.row, verified.origin), token, sessionId: cached.sessionId, recheck: this.basicRecheck(login, verified) };
  }

  /**
   * Basic credentials stay accepted while what their verification rested on holds: the stored password hash (a new
   * password ends them), or the API key (deleting it ends them); the secret itself is not kept.
   */
  private basicRecheck(login: string, verified: Verified): Recheck {
    const identityKey = verified.row.key;
    if (!looksLikeClientId(login)) {
      return async (em) => {
        const row = await this.passwordPrincipal(em, identityKey, login, verified.stamp);
        return row && { row };
      };
    }
    const secretHash = verified.row.apiKeyHash;
    return async (em) => {
      const row = await this.principal(`apikey:${login}`, () => principalByApiKey(em, login));
      return row && row.apiKeyHash === secretHash && canAuthenticate(row) ? { row } : null;
    };
  }

  /**
   * The token handed to a cached credential: kept while it is still the person's token, else one
   * new token, issued once for all the requests that arrive meanwhile.
   */
  private async currentToken(em: EntityManager, entry: CacheEntry, verified: Verified): Promise<string> {
    if (entry.token && verified.row.tokenHash === entry.tokenHash) return entry.token;
    entry.issuing ??= this.newToken(em, verified).finally(() => (entry.issuing = undefined));
    const token = await entry.issuing;
    [entry.token, entry.tokenHash] = [token, sha256(token)];
    return token;
  }

  /** `GET /auth/{username}?password=`: a password only (never an API key), always a new token, and a session as basic logins open (catalogue 1.6). */
  async passwordLogin(em: EntityManager, login: string, password: string, reserve: () => Promise<boolean>): Promise<Login | null> {
    if (looksLikeClientId(login)) return null;
    const verified = await this.verify(em, this.cache.key(login, password), login, password, reserve);
    if (!verified) return null;
    return {
      caller: toCaller(verified.row, verified.origin),
      token: await this.newToken(em, verified),
      sessionId: await openSession(em, verified.row.key, verified.origin, this.sessionTtlSeconds),
      recheck: this.basicRecheck(login, verified),
    };
  }

  private async reverify(em: EntityManager, identityKey: number, login: string, password: string, stamp: string): Promise<Verified | null> {
    if (looksLikeClientId(login)) return this.verifyApiKey(em, login, password);
    const row = await this.passwordPrincipal(em, identityKey, login, stamp);
    return row && { row, origin: Provider.password, stamp };
  }

  /** The person of a password verified earlier, while the password (its stored hash `stamp`) and the login are unchanged. */
  private async passwordPrincipal(em: EntityManager, identityKey: number, login: string, stamp: string): Promise<PrincipalRow | null> {
    const row = await this.principal(`identity:${identityKey}`, () => principalByKey(em, identityKey));
    const unchanged = row && row.passwordHash === stamp && row.login.toLowerCase() === login.toLowerCase();
    return unchanged && canAuthenticate(row) ? row : null;
  }

  private async verifyApiKey(em: EntityManager, clientId: string, secret: string): Promise<Verified | null> {
    const row = await this.principal(`apikey:${clientId}`, () => principalByApiKey(em, clientId));
    if (!row || !matchesApiKey(row, secret) || !canAuthenticate(row)) return null;
    await recordApiKeyUse(em, row);
    return { row, origin: apiKeyOrigin(row.apiKeyId!), stamp: String(row.apiKeyId) };
  }

  /**
   * Concurrent first requests with one credential share a single check (and a single bcrypt),
   * which takes one reservation of the login throttle (`reserve`, the first request's).
   */
  private verify(em: EntityManager, key: string, login: string, password: string, reserve: () => Promise<boolean>): Promise<Verified | null> {
    let check = this.pending.get(key);
    if (!check) {
      check = (async (): Promise<Verified | null> => {
        if (!(await reserve())) return null;
        if (looksLikeClientId(login)) return this.verifyApiKey(em, login, password);
        const row = await principalByLogin(em, login);
        const valid = row && canAuthenticate(row) && (await verifyPassword(password, row.passwordHash));
        return valid ? { row, origin: Provider.password, stamp: row.passwordHash! } : null;
      })().finally(() => this.pending.delete(key));
      this.pending.set(key, check);
    }
    return check;
  }
}
