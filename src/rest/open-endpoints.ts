import express, { type Request, type Response } from 'express';
import type { RequestContext } from '../domain/context';
import type { Authenticator } from '../auth/authenticator';
import { sendTooManyRequests, type LoginThrottle } from '../auth/login-throttle';
import { Provider } from '../entities/users';
import { REALM, TOKEN_HEADER } from '../auth/security-filter';
import { TEXT, bySpecificity, type OpenRoute } from './route';
import { XML_PROLOG, escapeXml } from './xml-codec';

export const AUTH_ROUTE: OpenRoute = {
  method: 'GET',
  path: '/auth/:username',
  summary: 'Log in with a password, or check a token; the token comes back in the X-SERVICE-TOKEN header',
  produces: 'application/xml',
  example: `${XML_PROLOG}<hello identityKey="1">Hello administrator</hello>`,
  query: [
    { name: 'password', description: 'the password of the user: issues a new token' },
    { name: 'x-service-token', description: 'a token of the user: answered with the same token (x-olat-token is accepted too)' },
  ],
  errors: { 400: 'neither password nor x-service-token given', 401: 'wrong password or token' },
};

/** Ping, the API's version and `/auth` (catalogue 1.6, 1.7); the families add their versions (src/rest/routes). */
export const CORE_OPEN_ROUTES: OpenRoute[] = [
  TEXT('GET', '/ping', 'Ping', 'Ping'),
  TEXT('GET', '/ping/version', 'Version of the ping service', '1.0'),
  TEXT('POST', '/ping/:name', 'Ping with a name', 'Ping {name}'),
  TEXT('GET', '/api/version', 'Version of the REST API', '1.0'),
  TEXT('GET', '/auth/version', 'Version of the authentication service', '1.0'),
  AUTH_ROUTE,
];

/** The open routes; the security filter decides which of them need authentication. */
export function openEndpoints(routes: OpenRoute[], authenticator: Authenticator, throttle: LoginThrottle) {
  const router = express.Router();
  for (const route of [...routes].sort(bySpecificity)) {
    const text = route.text;
    if (text === undefined) continue;
    router[route.method === 'GET' ? 'get' : 'post'](
      route.path,
      (req: Request, res: Response) => void res.type('text/plain').send(text.replace(/\{(\w+)\}/g, (_, name: string) => String(req.params[name]))),
    );
  }

  router.get(AUTH_ROUTE.path, async (req, res, next) => {
    try {
      const { em, settings } = res.locals.ctx as RequestContext;
      const username = String(req.params.username);
      const password = req.query.password;
      const token = req.query['x-service-token'] ?? req.query['x-olat-token'];
      let identityKey: number | null = null;
      let issued: string | undefined;
      if (typeof password === 'string') {
        // With "API access: only with API key", password logins issue no tokens.
        const attempt = await throttle.attempt(username, req.ip ?? '', async () =>
          settings.apiAccess === 'all' ? authenticator.passwordLogin(em, username, password) : null,
        );
        if (attempt.retryAfter) return sendTooManyRequests(res, attempt.retryAfter);
        const login = attempt.result;
        identityKey = login?.caller.key ?? null;
        issued = login?.token;
      } else if (typeof token === 'string') {
        const caller = await authenticator.fromToken(em, token);
        const acceptable = settings.apiAccess === 'all' || caller?.provider === Provider.apiKey;
        if (caller && acceptable && caller.login.toLowerCase() === username.toLowerCase()) {
          identityKey = caller.key;
          issued = token;
        }
      } else {
        return void res.status(400).type('text/plain').send('password or x-service-token required');
      }
      if (identityKey === null || !issued) return void res.status(401).set('WWW-Authenticate', REALM).end();
      res.set(TOKEN_HEADER, issued).type('application/xml');
      res.send(`${XML_PROLOG}<hello identityKey="${identityKey}">Hello ${escapeXml(username)}</hello>`);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
