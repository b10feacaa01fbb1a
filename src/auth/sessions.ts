import type { IncomingMessage, ServerResponse } from 'node:http';
import { serialize } from 'cookie';
import { keyArray, sql } from '../db/sql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { apiKeyOrigin } from './origin';
import { newSessionId, sha256 } from './secrets';
import { isSecure } from '../rest/node-http';

export const SESSION_COOKIE = 'JSESSIONID';

/** Cookies written before, by session and whether it went over HTTPS: a basic-auth credential sends its session's on every request. */
const cookies = new Map<string, string>();
const MAX_COOKIES = 10_000;

/** The session cookie of a login: HttpOnly, SameSite=Lax, Secure over HTTPS. */
export function setSessionCookie(req: IncomingMessage, res: ServerResponse, sessionId: string) {
  const secure = isSecure(req);
  const key = `${secure ? 's' : 'p'}${sessionId}`;
  let cookie = cookies.get(key);
  if (cookie === undefined) {
    if (cookies.size >= MAX_COOKIES) cookies.clear();
    cookie = serialize(SESSION_COOKIE, sessionId, { httpOnly: true, sameSite: 'lax', path: '/', secure });
    cookies.set(key, cookie);
  }
  res.appendHeader('Set-Cookie', cookie);
}

/** Opens a session shared by all instances; returns the cookie value (only its hash is stored). */
export async function openSession(em: EntityManager, identityKey: number, provider: string, ttlSeconds: number): Promise<string> {
  const id = newSessionId();
  await sql(em, `insert into http_session (id, identity_id, provider, expires_at) values (?, ?, ?, now() + make_interval(secs => ?))`, [
    sha256(id),
    identityKey,
    provider,
    ttlSeconds,
  ]);
  return id;
}

/** Whether a session ending at `expiresAt` is due to slide forward: less than half of its lifetime is left. */
export const sessionNeedsTouch = (expiresAt: Date, ttlSeconds: number) => expiresAt.getTime() - Date.now() < (ttlSeconds * 1000) / 2;

/** Slides the expiry forward to a full lifetime from now. */
export async function touchSession(em: EntityManager, sessionHash: string, ttlSeconds: number): Promise<Date> {
  await sql(em, `update http_session set expires_at = now() + make_interval(secs => ?) where id = ?`, [ttlSeconds, sessionHash]);
  return new Date(Date.now() + ttlSeconds * 1000);
}

export async function closeSession(em: EntityManager, sessionHash: string): Promise<void> {
  await sql(em, 'delete from http_session where id = ?', [sessionHash]);
}

export async function purgeExpiredSessions(em: EntityManager): Promise<void> {
  await sql(em, 'delete from http_session where expires_at < now()');
}

/** Ends every session and token of an identity, e.g. after a password change or deactivation. */
export async function revokeLogins(em: EntityManager, identityKey: number): Promise<void> {
  await sql(em, 'delete from http_session where identity_id = ?', [identityKey]);
  await sql(em, `delete from authentication where identity_id = ? and provider = 'REST'`, [identityKey]);
}

/** revokeLogins for a set of people, in two statements. */
export async function revokeLoginsOfSet(em: EntityManager, identityKeys: readonly number[]): Promise<void> {
  await sql(em, 'delete from http_session where identity_id = any(?::int[])', [keyArray(identityKeys)]);
  await sql(em, `delete from authentication where identity_id = any(?::int[]) and provider = 'REST'`, [keyArray(identityKeys)]);
}

/** Ends the sessions and the token that logins with this API key opened. */
export async function revokeApiKeyLogins(em: EntityManager, identityKey: number, apiKeyId: number): Promise<void> {
  const origin = apiKeyOrigin(apiKeyId);
  await sql(em, 'delete from http_session where identity_id = ? and provider = ?', [identityKey, origin]);
  await sql(em, `delete from authentication where identity_id = ? and provider = 'REST' and origin = ?`, [identityKey, origin]);
}
