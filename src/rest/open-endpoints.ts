import express, { type Request, type Response } from 'express';
import type { RequestContext } from '../domain/context';
import type { Authenticator } from '../auth/authenticator';
import { sendTooManyRequests, type LoginThrottle } from '../auth/login-throttle';
import { Provider } from '../entities/users';
import { REALM, TOKEN_HEADER } from '../auth/security-filter';
import { XML_PROLOG } from './xml-codec';

/** One open endpoint: the router serves it and openapi.json describes it from the same entry. */
export interface OpenRoute {
  method: 'GET' | 'POST';
  /** Express-style path below /restapi. */
  path: string;
  summary: string;
  produces: 'text/plain' | 'application/xml';
  /** The fixed answer of a plain-text endpoint; `{name}` stands for the path parameter `name`. */
  text?: string;
  /** A sample answer of an endpoint whose answer varies. */
  example?: string;
  query?: { name: string; description: string }[];
  /** Failure statuses the endpoint answers itself. */
  errors?: Record<number, string>;
}

const plain = (method: OpenRoute['method'], path: string, summary: string, text: string): OpenRoute => ({
  method,
  path,
  summary,
  produces: 'text/plain',
  text,
});

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

/** Ping, version and `/auth` endpoints (catalogue 1.6, 1.7). */
export const OPEN_ROUTES: OpenRoute[] = [
  plain('GET', '/ping', 'Ping', 'Ping'),
  plain('GET', '/ping/version', 'Version of the ping service', '1.0'),
  plain('POST', '/ping/:name', 'Ping with a name', 'Ping {name}'),
  plain('GET', '/api/version', 'Version of the REST API', '1.0'),
  plain('GET', '/auth/version', 'Version of the authentication service', '1.0'),
  plain('GET', '/users/version', 'Version of the users service', '1.0'),
  plain('GET', '/users/:identityKey/authentications/version', 'Version of the user authentications service', '2.0'),
  plain('GET', '/groups/version', 'Version of the groups service', '1.0'),
  plain('GET', '/organisations/version', 'Version of the organisations service', '1.0'),
  AUTH_ROUTE,
];

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The endpoints of OPEN_ROUTES; the security filter decides which of them need authentication. */
export function openEndpoints(authenticator: Authenticator, throttle: LoginThrottle) {
  const router = express.Router();
  for (const route of OPEN_ROUTES) {
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
