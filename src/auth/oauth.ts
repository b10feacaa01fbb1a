import type { EntityManager } from '@mikro-orm/postgresql';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import type { OAuthConfig, OAuthIdentityMatch } from '../config/config';
import { sql } from '../db/sql';
import type { Caller } from '../domain/context';
import {
  OAUTH_PROVIDER,
  canAuthenticate,
  principalByOAuthAuthentication,
  principalByOAuthEmail,
  principalByOAuthLogin,
  toCaller,
  type PrincipalRow,
} from './principal';
import type { Recheck, StillValid } from './credential-watch';
import type { PrincipalCache } from './principal-cache';
import { sha256 } from './secrets';

/** Signature algorithms a token may use: asymmetric only (never `none`, never a shared-secret HS*). */
export const OAUTH_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

/** How far the issuer's clock and ours may disagree on `exp` and `nbf`. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** For the discovery document and the key set. */
const FETCH_TIMEOUT_MS = 5000;

/** jose errors that say the issuer is unreachable or answers nonsense (a server error), not that the token is bad (401). */
const ISSUER_TROUBLE = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

/** OpenID Connect Discovery 1.0, section 4. */
export const discoveryUrl = (issuer: string) => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

const READERS: Record<OAuthIdentityMatch, (em: EntityManager, name: string) => Promise<PrincipalRow | null>> = {
  login: principalByOAuthLogin,
  email: principalByOAuthEmail,
  authentication: principalByOAuthAuthentication,
};

/** jose is an ES module; the gateway is CommonJS: it is loaded when the first bearer token arrives. */
let jose: Promise<typeof import('jose')> | undefined;
const loadJose = () => (jose ??= import('jose'));

export interface OAuthLogin {
  caller: Caller;
  /** Whether the person holds an API key (the rule of "API access: only with API key" for bearer tokens). */
  hasApiKey: boolean;
  recheck: Recheck;
}

/**
 * Level one as an OAuth 2.0 resource server: `Authorization: Bearer <JWT>` from the configured
 * OpenID Connect issuer authenticates the person its identity claim names. The issuer's keys come
 * from the `jwks_uri` of its discovery document and are cached; a token signed with a key id not
 * seen yet makes jose fetch the key set again (at most once per `jwksCooldownSeconds`), which is
 * how a rotated key is picked up without a restart. The principal is cached per token (the
 * SHA-256 of the JWT) until the token's `exp` at the latest, so later requests with the same token
 * neither verify the signature again nor send a statement; a change to the person drops the entry
 * like any other (src/auth/principal-cache.ts).
 */
export class OAuthVerifier {
  private keys?: Promise<JWTVerifyGetKey>;

  constructor(
    private readonly config: OAuthConfig,
    private readonly principals: PrincipalCache,
  ) {}

  /** The person the token names, or null when the token is not good or names nobody who may log in. Throws when the issuer cannot be reached. */
  async authenticate(em: EntityManager, token: string): Promise<OAuthLogin | null> {
    const row = await this.principalOf(em, token);
    return row && { caller: toCaller(row, OAUTH_PROVIDER), hasApiKey: row.hasApiKey === true, recheck: (em) => this.recheck(em, token) };
  }

  /** A token stays accepted until its `exp` (with the clock tolerance its verification allows), while its person may log in. */
  private async recheck(em: EntityManager, token: string): Promise<StillValid | null> {
    const row = await this.principalOf(em, token);
    if (!row) return null;
    const { decodeJwt } = await loadJose();
    return { row, until: (decodeJwt(token).exp! + CLOCK_TOLERANCE_SECONDS) * 1000 };
  }

  private async principalOf(em: EntityManager, token: string): Promise<PrincipalRow | null> {
    const key = `oauth:${sha256(token)}`;
    let row = this.principals.get(key) ?? null;
    if (!row) {
      const claims = await this.verify(token);
      const name = claims?.[this.config.identityClaim];
      if (typeof name !== 'string' || !name) return null;
      const stamp = this.principals.stamp();
      row = await READERS[this.config.identityMatch](em, name);
      if (!row) return null;
      this.principals.set(key, row, stamp, claims!.exp! * 1000);
      if (canAuthenticate(row))
        await sql(em, `update identity set last_login = now() where id = ? and (last_login is null or last_login < now() - interval '1 minute')`, [row.key]);
    }
    return canAuthenticate(row) ? row : null;
  }

  /** The claims of a good token: our issuer, our audience, an allowed algorithm, a key of the issuer, not expired; else null. */
  private async verify(token: string): Promise<JWTPayload | null> {
    const { decodeJwt, jwtVerify } = await loadJose();
    try {
      // Another issuer's token is refused before its key id can make us fetch the key set.
      if (decodeJwt(token).iss !== this.config.issuer) return null;
      const { payload } = await jwtVerify(token, await this.issuerKeys(), {
        issuer: this.config.issuer,
        audience: this.config.audience,
        algorithms: OAUTH_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp'],
      });
      return payload;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('ERR_J') && !ISSUER_TROUBLE.has(code)) return null;
      throw error;
    }
  }

  /** The issuer's key set, found through its discovery document once (tried again on the next token when that fails). */
  private issuerKeys(): Promise<JWTVerifyGetKey> {
    this.keys ??= this.discover().catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  private async discover(): Promise<JWTVerifyGetKey> {
    const { createRemoteJWKSet } = await loadJose();
    const url = discoveryUrl(this.config.issuer);
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`OAuth discovery: ${url} answered ${response.status}`);
    const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (metadata.issuer !== this.config.issuer)
      throw new Error(`OAuth discovery: ${url} names the issuer ${String(metadata.issuer)}, not ${this.config.issuer}`);
    if (typeof metadata.jwks_uri !== 'string') throw new Error(`OAuth discovery: ${url} names no jwks_uri`);
    return createRemoteJWKSet(new URL(metadata.jwks_uri), {
      cooldownDuration: this.config.jwksCooldownSeconds * 1000,
      timeoutDuration: FETCH_TIMEOUT_MS,
    });
  }
}
