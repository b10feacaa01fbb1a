import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import { Provider } from '../entities/authentication';
import type { Caller } from '../domain/context';
import { CredentialCache } from './credential-cache';
import { verifyPassword } from './passwords';
import { canAuthenticate, principalByKey, principalByLogin, principalBySessionHash, principalByTokenHash, toCaller, type PrincipalRow } from './principal';
import { sha256 } from './secrets';
import { openSession, touchSession } from './sessions';
import { isWellFormedToken, issueToken } from './tokens';

export interface Login {
  caller: Caller;
  /** Token to send in the X-SERVICE-TOKEN response header. */
  token?: string;
  /** Session cookie value to set. */
  sessionId?: string;
}

/** Level one: turns a credential (session, token, password) into a caller. */
export class Authenticator {
  private readonly cache: CredentialCache;
  private readonly pending = new Map<string, Promise<PrincipalRow | null>>();

  constructor(private readonly sessionTtlSeconds: number, cacheTtlSeconds: number) {
    this.cache = new CredentialCache(cacheTtlSeconds * 1000);
  }

  async fromSession(em: EntityManager, cookie: string): Promise<Caller | null> {
    const hash = sha256(cookie);
    const row = await principalBySessionHash(em, hash);
    if (!row || !canAuthenticate(row)) return null;
    await touchSession(em, hash, this.sessionTtlSeconds);
    return toCaller(row, row.sessionProvider!);
  }

  async fromToken(em: EntityManager, token: string): Promise<Caller | null> {
    if (!isWellFormedToken(token)) return null;
    const row = await principalByTokenHash(em, sha256(token));
    return row && canAuthenticate(row) ? toCaller(row, Provider.token) : null;
  }

  /** A token in a link: authenticates and opens a session (source document, "Token in a link"). */
  async fromLinkToken(em: EntityManager, token: string): Promise<Login | null> {
    const caller = await this.fromToken(em, token);
    if (!caller) return null;
    return { caller, token, sessionId: await openSession(em, caller.key, Provider.token, this.sessionTtlSeconds) };
  }

  /**
   * Basic auth. bcrypt runs once per credential and cache lifetime; later requests cost one
   * principal read, which also notices a password changed on another instance.
   */
  async fromBasic(em: EntityManager, login: string, password: string): Promise<Login | null> {
    const key = this.cache.key(login, password);
    const cached = this.cache.get(key);
    if (cached) {
      const row = await principalByKey(em, cached.identityKey);
      if (row && canAuthenticate(row) && row.passwordHash === cached.passwordHash) {
        if (!cached.token || row.tokenHash !== sha256(cached.token)) cached.token = await issueToken(em, row.key, row.login);
        cached.sessionId ??= await openSession(em, row.key, Provider.password, this.sessionTtlSeconds);
        return { caller: toCaller(row, Provider.password), token: cached.token, sessionId: cached.sessionId };
      }
      this.cache.delete(key);
    }
    const row = await this.verify(em, key, login, password);
    if (!row) return null;
    const entry = this.cache.set(key, row.key, row.passwordHash!);
    entry.token = await issueToken(em, row.key, row.login);
    entry.sessionId = await openSession(em, row.key, Provider.password, this.sessionTtlSeconds);
    await sql(em, 'update identity set last_login = now() where id = ?', [row.key]);
    return { caller: toCaller(row, Provider.password), token: entry.token, sessionId: entry.sessionId };
  }

  /** `GET /auth/{username}?password=`: always a new token (catalogue 1.6). */
  async passwordLogin(em: EntityManager, login: string, password: string): Promise<Login | null> {
    const row = await this.verify(em, this.cache.key(login, password), login, password);
    if (!row) return null;
    return { caller: toCaller(row, Provider.password), token: await issueToken(em, row.key, row.login) };
  }

  /** Concurrent first requests with one credential share a single bcrypt comparison. */
  private verify(em: EntityManager, key: string, login: string, password: string): Promise<PrincipalRow | null> {
    let check = this.pending.get(key);
    if (!check) {
      check = (async () => {
        const row = await principalByLogin(em, login);
        const valid = row && canAuthenticate(row) && (await verifyPassword(password, row.passwordHash));
        return valid ? row : null;
      })().finally(() => this.pending.delete(key));
      this.pending.set(key, check);
    }
    return check;
  }
}
