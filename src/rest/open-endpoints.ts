import express, { type Request, type Response } from 'express';
import type { RequestContext } from '../domain/context';
import type { Authenticator } from '../auth/authenticator';
import { REALM, TOKEN_HEADER } from '../auth/security-filter';
import { XML_PROLOG } from './xml-codec';

const plain = (text: string) => (_req: Request, res: Response) => void res.type('text/plain').send(text);

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Ping, version and `/auth` endpoints (catalogue 1.6, 1.7): open without authentication. */
export function openEndpoints(authenticator: Authenticator) {
  const router = express.Router();
  router.get('/ping', plain('Ping'));
  router.get('/ping/version', plain('1.0'));
  router.post('/ping/:name', (req, res) => void res.type('text/plain').send(`Ping ${req.params.name}`));
  router.get('/api/version', plain('1.0'));
  router.get('/auth/version', plain('1.0'));
  router.get('/users/version', plain('1.0'));
  router.get('/groups/version', plain('1.0'));

  router.get('/auth/:username', async (req, res, next) => {
    try {
      const { em } = res.locals.ctx as RequestContext;
      const username = req.params.username;
      const password = req.query.password;
      const token = req.query['x-service-token'] ?? req.query['x-olat-token'];
      let identityKey: number | null = null;
      let issued: string | undefined;
      if (typeof password === 'string') {
        const login = await authenticator.passwordLogin(em, username, password);
        identityKey = login?.caller.key ?? null;
        issued = login?.token;
      } else if (typeof token === 'string') {
        const caller = await authenticator.fromToken(em, token);
        if (caller && caller.login.toLowerCase() === username.toLowerCase()) {
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
