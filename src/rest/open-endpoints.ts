import express, { type Request, type RequestHandler, type Response } from 'express';
import type { RequestContext } from '../domain/context';
import type { Authenticator } from '../auth/authenticator';
import type { LoginThrottle } from '../auth/login-throttle';
import { Provider } from '../entities/users';
import { REALM, TOKEN_HEADER } from '../auth/security-filter';
import { setSessionCookie } from '../auth/sessions';
import { TEXT, bySpecificity, type ApiTag, type OpenMedia, type OpenRoute } from './route';
import { escapeXml } from './xml-codec';
import { clientAddress } from './node-http';
import { noteRoute } from '../ops/access-log';
import { REST_BASE } from './sofa';
import { errorFormat } from './negotiation';
import { sendRateLimited } from '../ops/rate-limit';

export const AUTH_ROUTE: OpenRoute = {
  method: 'GET',
  path: '/auth/:username',
  summary: 'Log in with a password, or check a token; the token comes back in the X-SERVICE-TOKEN header',
  produces: 'application/xml',
  example: '<hello identityKey="1">Hello administrator</hello>',
  query: [
    { name: 'password', description: 'the password of the user: issues a new token' },
    { name: 'x-service-token', description: 'a token of the user: answered with the same token (x-olat-token is accepted too)' },
  ],
  errors: { 400: 'neither password nor x-service-token given', 401: 'wrong password or token' },
};

/** The gateway's copyright and licence, `GET /api/copyright` (catalogue 1.7). */
const COPYRIGHT = {
  title: 'olat-remote-gateway: copyright and licence',
  paragraphs: [
    "olat-remote-gateway, a remote-management gateway: a REST API under /restapi that is compatible with OpenOLAT's REST API, and the same operations over GraphQL under /graphql.",
    'Copyright (c) the maintainers of olat-remote-gateway. All rights reserved. Its package is marked UNLICENSED: no licence to use, copy or change it is granted to others.',
    'The browser pages it serves include Swagger UI (Apache License 2.0), GraphiQL and React (MIT License), each under its own licence.',
  ],
};

const COPYRIGHT_TEXT = `${COPYRIGHT.paragraphs.join('\n\n')}\n`;

/** The copyright as a small XHTML document, well-formed so that it can be sent as application/xhtml+xml too. */
const COPYRIGHT_HTML = `<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta charset="utf-8" /><title>${escapeXml(COPYRIGHT.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44em;margin:2em auto;padding:0 1em;color:#1b1f24}</style></head>
<body><h1>${escapeXml(COPYRIGHT.title)}</h1>
${COPYRIGHT.paragraphs.map((paragraph) => `<p>${escapeXml(paragraph)}</p>`).join('\n')}
</body></html>
`;

/** The media types of `GET /api/copyright`, text first: it is the answer when Accept names none of them. */
const COPYRIGHT_TYPES = ['text/plain', 'text/html', 'application/xhtml+xml'];

const HTML_PAGE = { type: 'string' };
const ASSET = { type: 'string', format: 'binary' };
const ASSET_NAME = { filename: 'a file the page refers to, e.g. logo.svg' };

const openSpace = (path: string, summary: string, produces: OpenMedia, more: Partial<OpenRoute> = {}): OpenRoute => ({
  method: 'GET',
  path,
  summary,
  produces,
  ...more,
});

/**
 * The open space (catalogue 1.2, 1.7): the copyright, the documentation page and its files
 * (src/rest/api-doc-page.ts), the try-it page (src/rest/api-docs.ts) and openapi.json itself,
 * which is not open (src/rest/openapi.ts).
 */
export const OPEN_SPACE_ROUTES: OpenRoute[] = [
  openSpace(
    '/api/copyright',
    'Copyright and licence of this gateway: text, or HTML when Accept prefers text/html or application/xhtml+xml',
    Object.fromEntries(COPYRIGHT_TYPES.map((type) => [type, type === 'text/plain' ? { type: 'string', example: COPYRIGHT_TEXT } : HTML_PAGE])),
  ),
  openSpace('/api/doc', 'This API documented for people: one HTML page generated from openapi.json', { 'text/html': HTML_PAGE }),
  openSpace(
    '/api/doc/:filename',
    'A file of the documentation page',
    { 'image/svg+xml': ASSET },
    { parameterDescriptions: ASSET_NAME, errors: { 404: 'no such file' } },
  ),
  openSpace(
    '/api/:filename',
    'A file of the documentation page (the same files as /api/doc/{filename})',
    { 'image/svg+xml': ASSET },
    { parameterDescriptions: ASSET_NAME, errors: { 404: 'no such file' } },
  ),
  openSpace('/api-docs/', 'The try-it page (Swagger UI) for this document; /api-docs redirects here', { 'text/html': HTML_PAGE }),
  openSpace('/openapi.json', 'This document: OpenAPI 3 description of every route', { 'application/json': { type: 'object' } }),
];

const PING: ApiTag = { name: 'ping', description: 'Whether the service answers: fixed texts, open to anyone.' };
const API: ApiTag = {
  name: 'api',
  description: 'This API itself: its version, copyright and licence, the documentation page, the try-it page and this document.',
};
const AUTH: ApiTag = { name: 'auth', description: 'Log in with a password for a token (X-SERVICE-TOKEN), or check a token.' };
const tagged = (tag: ApiTag, routes: OpenRoute[]) => routes.map((route) => ({ ...route, tag }));

/** Ping, the API's version, the open space and `/auth` (catalogue 1.6, 1.7); the families add their versions (src/rest/routes). */
export const CORE_OPEN_ROUTES: OpenRoute[] = [
  ...tagged(PING, [
    TEXT('GET', '/ping', 'Ping', 'Ping'),
    TEXT('GET', '/ping/version', 'Version of the ping service', '1.0'),
    TEXT('POST', '/ping/:name', 'Ping with a name', 'Ping {name}'),
  ]),
  ...tagged(API, [TEXT('GET', '/api/version', 'Version of the REST API', '1.0'), ...OPEN_SPACE_ROUTES]),
  ...tagged(AUTH, [TEXT('GET', '/auth/version', 'Version of the authentication service', '1.0'), AUTH_ROUTE]),
];

/** `GET /api/copyright`: text/plain unless Accept prefers HTML; an Accept that names none of the three still gets the text. */
function sendCopyright(req: Request, res: Response) {
  const type = req.accepts(COPYRIGHT_TYPES) || 'text/plain';
  res.vary('Accept');
  if (type === 'text/plain') return void res.type('text/plain; charset=utf-8').send(COPYRIGHT_TEXT);
  res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  res.type(`${type}; charset=utf-8`).send(COPYRIGHT_HTML);
}

/**
 * A query parameter as JAX-RS reads it into a String, its first value; undefined when it holds white space only, which
 * OpenOLAT's login treats as absent (StringHelper.containsNonWhitespace).
 */
function textParameter(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first : undefined;
}

/** The open routes; the security filter decides which of them need authentication. */
export function openEndpoints(routes: OpenRoute[], authenticator: Authenticator, throttle: LoginThrottle) {
  const router = express.Router();
  /** A route whose pattern, not its path (a feed's token, a login), goes to the access log. */
  const on = (method: OpenRoute['method'], path: string, handler: RequestHandler) =>
    router[method === 'GET' ? 'get' : 'post'](path, (req, _res, next) => (noteRoute(req, `${REST_BASE}${path}`), next()), handler);
  for (const route of [...routes].sort(bySpecificity)) {
    const text = route.text;
    if (text === undefined) continue;
    on(route.method, route.path, (req, res) => void res.type('text/plain').send(text.replace(/\{(\w+)\}/g, (_, name: string) => String(req.params[name]))));
  }
  for (const route of routes) if (route.serve) on(route.method, route.path, route.serve);
  on('GET', '/api/copyright', sendCopyright);

  on('GET', AUTH_ROUTE.path, async (req, res, next) => {
    try {
      const { em, settings } = res.locals.ctx as RequestContext;
      const username = String(req.params.username);
      const password = textParameter(req.query.password);
      const token = textParameter(req.query['x-service-token']) ?? textParameter(req.query['x-olat-token']);
      let identityKey: number | null = null;
      let issued: string | undefined;
      let sessionId: string | undefined;
      if (password !== undefined) {
        // With "API access: only with API key", password logins issue no tokens.
        const attempt = await throttle.attempt(username, clientAddress(req), async (reserve) =>
          settings.apiAccess === 'all' ? authenticator.passwordLogin(em, username, password, reserve) : null,
        );
        if (attempt.retryAfter) return sendRateLimited(res, errorFormat(req.headers.accept, 'xml'), attempt.retryAfter);
        const login = attempt.result;
        identityKey = login?.caller.key ?? null;
        issued = login?.token;
        sessionId = login?.sessionId;
      } else if (token !== undefined) {
        const caller = (await authenticator.fromToken(em, token))?.caller;
        const acceptable = settings.apiAccess === 'all' || caller?.provider === Provider.apiKey;
        if (caller && acceptable && caller.login.toLowerCase() === username.toLowerCase()) {
          const login = await authenticator.fromLinkToken(em, token);
          identityKey = caller.key;
          issued = token;
          sessionId = login?.sessionId;
        }
      } else {
        return void res.status(400).type('text/plain').send('password or x-service-token required');
      }
      if (identityKey === null || !issued) return void res.status(401).set('WWW-Authenticate', REALM).end();
      if (sessionId) setSessionCookie(req, res, sessionId);
      // Exactly OpenOLAT's body, without an XML declaration (catalogue 1.6).
      res.set(TOKEN_HEADER, issued).type('application/xml');
      res.send(`<hello identityKey="${identityKey}">Hello ${escapeXml(username)}</hello>`);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
