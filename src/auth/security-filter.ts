import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import type { Orm } from '../db/orm';
import { newRequestContext, type RequestContext, type Transport } from '../domain/context';
import { clientAddress } from '../rest/node-http';
import { Provider } from '../entities/users';
import type { SettingsStore } from '../settings/settings';
import type { Authenticator, Login } from './authenticator';
import type { CredentialWatch } from './credential-watch';
import type { LoginThrottle } from './login-throttle';
import type { OAuthVerifier } from './oauth';
import { setBudgetHeaders, type RateLimiter } from '../ops/rate-limit';
import { sha256 } from './secrets';
import { SESSION_COOKIE, setSessionCookie } from './sessions';

export const TOKEN_HEADER = 'X-SERVICE-TOKEN';
const TOKEN_HEADER_LOWER = TOKEN_HEADER.toLowerCase();
export const REALM = 'Basic realm="Remote Management REST API"';
/** The challenge for a bearer token that was refused (RFC 6750, section 3). */
export const BEARER_REFUSED = 'Bearer error="invalid_token"';

/**
 * OpenOLAT's open space (catalogue 1.2, matched by prefix): no authentication needed, but a valid
 * token header is followed and renewed, as RestApiLoginFilter.followWithoutAuthentication does.
 */
const OPEN_SPACE_PREFIXES = ['/api', '/ping', '/i18n'];

/** Paths below /restapi that need no authentication: the open space, the login space `/auth` (no token followed there) and the calendar feeds, which carry their own token (extension). */
const OPEN_PREFIXES = [...OPEN_SPACE_PREFIXES, '/auth', '/calendars/feed/'];

/** Paths below /restapi that stay enabled when the REST interface is switched off (catalogue 1.1). */
const ALWAYS_ENABLED_PREFIXES = ['/i18n', '/api', '/ping', '/openmeetings', '/system', '/drawio', '/onlyoffice', '/office365'];

export interface FilterOptions {
  transport: Transport;
  /** Paths (relative to the mount point) open without authentication. */
  isOpen: (path: string) => boolean;
  /** Set when OAuth is configured: `Authorization: Bearer <JWT>` is verified by it. */
  oauth?: OAuthVerifier;
  /** Request budgets (off when absent or configured off). */
  rateLimit?: { limiter: RateLimiter; unmetered: (path: string) => boolean };
  /** Answers a request refused for a while (429): a throttled login, a spent budget. */
  tooManyRequests: (req: IncomingMessage, res: ServerResponse, retryAfter: number) => void;
  /** Where streams and long polls watch the credentials they were admitted with. */
  credentials: CredentialWatch;
}

const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

const startsWithAny = (prefixes: string[]) => (path: string) => {
  const plain = decoded(path);
  return prefixes.some((prefix) => plain.startsWith(prefix));
};

export const isOpenRestPath = startsWithAny(OPEN_PREFIXES);
const isOpenSpaceRestPath = startsWithAny(OPEN_SPACE_PREFIXES);
/** Paths below /restapi that spend no request budget, as in OpenOLAT (catalogue 1.8). */
export const isUnmeteredRestPath = startsWithAny(['/ping', '/i18n']);
export const isAlwaysEnabledRestPath = startsWithAny(ALWAYS_ENABLED_PREFIXES);

/** `Basic base64(login:secret)`, or `Bearer clientId:secret` for an API key. */
function credentials(header: string | undefined): { login: string; password: string } | null {
  const basic = header?.match(/^basic\s+(\S+)\s*$/i);
  const bearer = header?.match(/^bearer\s+(\S+)\s*$/i);
  const decoded = basic ? Buffer.from(basic[1], 'base64').toString('utf8') : bearer?.[1];
  const colon = decoded?.indexOf(':') ?? -1;
  return decoded && colon > 0 ? { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) } : null;
}

/** `Bearer <token>` without a colon: an OAuth access token (a JWT), not an API key. */
function bearerToken(header: string | undefined): string | null {
  const token = header?.match(/^bearer\s+(\S+)\s*$/i)?.[1];
  return token && !token.includes(':') ? token : null;
}

/** Refuses a request: 401 (with the challenge already set) or 403, in the client's format. */
export type Refusal = (req: IncomingMessage, res: ServerResponse, status: 401 | 403) => void;

/**
 * Level one, in front of everything: the REST switch, then the session cookie, open paths, a token
 * in a link, the X-SERVICE-TOKEN header, basic (or bearer) credentials, and, when OAuth is
 * configured, a bearer JWT; anything else is 401 with a challenge. A bearer JWT authenticates
 * its request only: no token header and no session cookie are issued for it. With "API access:
 * only with API key", REST accepts only logins that came from an API key, and bearer JWTs of
 * people who hold an API key. Works on plain node:http requests (the REST routes) and, through
 * `middleware()`, in express (GraphQL and the open space).
 */
export class SecurityFilter {
  private readonly rest: boolean;

  constructor(
    private readonly orm: Orm,
    private readonly authenticator: Authenticator,
    private readonly settings: SettingsStore,
    private readonly throttle: LoginThrottle,
    private readonly options: FilterOptions,
    private readonly onRefused: Refusal,
  ) {
    this.rest = options.transport === 'rest';
  }

  /**
   * The request's context when it may go on; null when the filter has answered it (refused).
   * `path` is relative to the mount point; `linkToken` is the query parameter X-SERVICE-TOKEN.
   */
  async admit(req: IncomingMessage, res: ServerResponse, path: string, linkToken: unknown): Promise<RequestContext | null> {
    const ctx = await this.authenticate(req, res, path, linkToken);
    if (!ctx || (await this.withinBudget(req, res, path, ctx.caller))) return ctx;
    // Refused: the credentials checked on the way are not handed out.
    res.removeHeader('Set-Cookie');
    res.removeHeader(TOKEN_HEADER);
    return null;
  }

  /**
   * Spends one request of the caller's and the address's budgets (one statement); a request whose
   * credentials are refused spends the address's, so guessing tokens costs budget too. False when
   * over budget: the 429 is sent.
   */
  private async withinBudget(req: IncomingMessage, res: ServerResponse, path: string, caller: RequestContext['caller']): Promise<boolean> {
    const rateLimit = this.options.rateLimit;
    if (!rateLimit?.limiter.enabled || rateLimit.unmetered(path)) return true;
    const budget = await rateLimit.limiter.spend(caller, clientAddress(req));
    if (!budget) return true;
    setBudgetHeaders(res, budget);
    if (!budget.allowed) this.options.tooManyRequests(req, res, budget.retryAfter);
    return budget.allowed;
  }

  private async authenticate(req: IncomingMessage, res: ServerResponse, path: string, linkToken: unknown): Promise<RequestContext | null> {
    const { authenticator, options } = this;
    const ctx = newRequestContext(this.orm, this.options.transport, this.settings.current(), () => authenticator.forgetPrincipals());
    ctx.clientAddress = clientAddress(req);
    if (this.rest && !ctx.settings.restEnabled && !isAlwaysEnabledRestPath(path)) return this.refuse(req, res, 403);
    const apiKeysOnly = this.rest && ctx.settings.apiAccess === 'apikey';
    const acceptable = (login: Login | null, holdsApiKey = false) => (!apiKeysOnly || login?.caller.provider === Provider.apiKey || holdsApiKey ? login : null);
    const cookie = req.headers.cookie ? parseCookies(req.headers.cookie)[SESSION_COOKIE] : undefined;
    if (cookie) {
      const login = acceptable(await authenticator.fromSession(ctx.em, cookie));
      if (login) {
        this.admitted(ctx, login);
        ctx.sessionHash = sha256(cookie);
      }
    }
    const headerToken = req.headers[TOKEN_HEADER_LOWER];
    if (ctx.caller) return ctx;
    if (options.isOpen(path)) {
      // The open space follows a valid token (the request runs as its person, the answer carries it again); an invalid one is no refusal there.
      if (this.rest && isOpenSpaceRestPath(path) && typeof headerToken === 'string' && headerToken) {
        const login = acceptable(await authenticator.fromToken(ctx.em, headerToken));
        if (login) {
          this.admitted(ctx, login);
          res.setHeader(TOKEN_HEADER, headerToken);
        }
      }
      return ctx;
    }

    let login: Login | null = null;
    const authorization = req.headers.authorization;
    const basic = credentials(authorization);
    const bearer = options.oauth && bearerToken(authorization);
    let holdsApiKey = false;
    let challenge = REALM;
    if (typeof linkToken === 'string') login = await authenticator.fromLinkToken(ctx.em, linkToken);
    else {
      if (typeof headerToken === 'string' && headerToken) login = await authenticator.fromToken(ctx.em, headerToken);
      // A token that is not (or no longer) registered leaves the decision to the credentials, as in RestApiLoginFilter.
      if (!login && basic) login = await authenticator.fromCachedApiKey(ctx.em, basic.login, basic.password);
      if (!login && basic) {
        const attempt = await this.throttle.attempt(basic.login, clientAddress(req), (reserve) =>
          authenticator.fromBasic(ctx.em, basic.login, basic.password, reserve),
        );
        if (attempt.retryAfter) return (void options.tooManyRequests(req, res, attempt.retryAfter), null);
        login = attempt.result;
      } else if (!login && bearer) {
        const verified = await options.oauth!.authenticate(ctx.em, bearer);
        login = verified && { caller: verified.caller, recheck: verified.recheck };
        holdsApiKey = verified?.hasApiKey ?? false;
        challenge = BEARER_REFUSED;
      }
    }
    login = acceptable(login, holdsApiKey);
    if (!login) {
      if (!(await this.withinBudget(req, res, path, null))) return null;
      res.setHeader('WWW-Authenticate', challenge);
      return this.refuse(req, res, 401);
    }
    this.admitted(ctx, login);
    if (login.token) res.setHeader(TOKEN_HEADER, login.token);
    if (login.sessionId) setSessionCookie(req, res, login.sessionId);
    return ctx;
  }

  private admitted(ctx: RequestContext, login: Login) {
    ctx.caller = login.caller;
    ctx.watchCredential = () => this.options.credentials.open(ctx, login.recheck);
  }

  /** The filter as express middleware: the admitted request's context goes to `res.locals.ctx`. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      this.admit(req, res, req.path, req.query[TOKEN_HEADER]).then((ctx) => {
        if (!ctx) return;
        res.locals.ctx = ctx;
        next();
      }, next);
    };
  }

  private refuse(req: IncomingMessage, res: ServerResponse, status: 401 | 403): null {
    this.onRefused(req, res, status);
    return null;
  }
}
