import type { NextFunction, Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import type { Orm } from '../db/orm';
import type { RequestContext, Transport } from '../domain/context';
import type { SettingsStore } from '../settings/settings';
import type { Authenticator, Login } from './authenticator';
import { SESSION_COOKIE } from './sessions';

export const TOKEN_HEADER = 'X-SERVICE-TOKEN';
export const REALM = 'Basic realm="Remote Management REST API"';

/** Paths below /restapi that need no authentication (catalogue 1.2: matched by prefix). */
const OPEN_PREFIXES = ['/api', '/ping', '/auth', '/i18n'];

export interface FilterOptions {
  transport: Transport;
  /** Paths (relative to the mount point) open without authentication. */
  isOpen: (path: string) => boolean;
  secureCookies?: boolean;
}

export const isOpenRestPath = (path: string) => OPEN_PREFIXES.some((prefix) => decodeURIComponent(path).startsWith(prefix));

function basicCredentials(header: string | undefined): { login: string; password: string } | null {
  const match = header?.match(/^basic\s+(\S+)\s*$/i);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Level one, in front of everything: session cookie, then open paths, then a token in a link, the
 * X-SERVICE-TOKEN header, and basic auth. Anything else is 401 with a WWW-Authenticate challenge.
 */
export function securityFilter(
  orm: Orm,
  authenticator: Authenticator,
  settings: SettingsStore,
  options: FilterOptions,
  onUnauthenticated: (req: Request, res: Response) => void,
) {
  const setCookie = (req: Request, res: Response, sessionId: string) =>
    res.cookie(SESSION_COOKIE, sessionId, { httpOnly: true, sameSite: 'lax', path: '/', secure: options.secureCookies ?? req.secure });

  return async (req: Request, res: Response, next: NextFunction) => {
    const ctx: RequestContext = { em: orm.em.fork(), caller: null, transport: options.transport, settings: settings.current() };
    res.locals.ctx = ctx;
    try {
      const cookie = req.headers.cookie ? parseCookies(req.headers.cookie)[SESSION_COOKIE] : undefined;
      if (cookie) ctx.caller = await authenticator.fromSession(ctx.em, cookie);
      if (ctx.caller || options.isOpen(req.path)) return next();

      let login: Login | null = null;
      const linkToken = req.query[TOKEN_HEADER];
      const headerToken = req.get(TOKEN_HEADER);
      const basic = basicCredentials(req.get('authorization'));
      if (typeof linkToken === 'string') login = await authenticator.fromLinkToken(ctx.em, linkToken);
      else if (headerToken) {
        const caller = await authenticator.fromToken(ctx.em, headerToken);
        login = caller && { caller, token: headerToken };
      } else if (basic) login = await authenticator.fromBasic(ctx.em, basic.login, basic.password);

      if (!login) {
        res.set('WWW-Authenticate', REALM);
        return onUnauthenticated(req, res);
      }
      ctx.caller = login.caller;
      if (login.token) res.set(TOKEN_HEADER, login.token);
      if (login.sessionId) setCookie(req, res, login.sessionId);
      next();
    } catch (error) {
      next(error);
    }
  };
}
