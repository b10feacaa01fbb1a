import express, { type NextFunction, type Request, type Response } from 'express';
import type { Config } from './config/config';
import type { Orm } from './db/orm';
import type { SettingsStore } from './settings/settings';
import { Authenticator } from './auth/authenticator';
import { PrincipalCache } from './auth/principal-cache';
import type { DatabaseNotifications } from './db/notifications';
import { LoginThrottle } from './auth/login-throttle';
import { OAuthVerifier } from './auth/oauth';
import { isOpenRestPath, securityFilter } from './auth/security-filter';
import { buildGatewaySchema } from './schema/build';
import { graphqlMiddleware } from './graphql/apollo';
import { graphqlExplorer } from './graphql/explorer';
import { DomainError, forbidden, unauthenticated } from './domain/errors';
import { toRestError } from './rest/errors';
import { errorFormat, isMultipart } from './rest/negotiation';
import { apiDocRouter } from './rest/api-doc-page';
import { apiDocs } from './rest/api-docs';
import { openEndpoints } from './rest/open-endpoints';
import { buildOpenApi, openApiRouter } from './rest/openapi';
import { sendError } from './rest/respond';
import type { MediaFormat } from './rest/route';
import { restRouter } from './rest/router';
import { OPEN_ROUTES, ROUTES } from './rest/routes';
import { createSofa } from './rest/sofa';

const formatOf = (req: Request, defaultFormat: MediaFormat = 'xml'): MediaFormat => errorFormat(req.get('accept'), defaultFormat);

/** Body-parser errors (size, charset, syntax) and anything unexpected, in the client's format. */
function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction) {
  const parserError = error as { type?: string; status?: number };
  const mapped =
    parserError.type === 'entity.too.large'
      ? new DomainError('PAYLOAD_TOO_LARGE', 'request body too large')
      : parserError.type === 'charset.unsupported' || parserError.type === 'encoding.unsupported'
        ? new DomainError('UNSUPPORTED_MEDIA_TYPE', 'unsupported charset or encoding')
        : parserError.type === 'entity.parse.failed'
          ? new DomainError('BAD_REQUEST', 'malformed request body')
          : error;
  sendError(res, formatOf(req), toRestError(mapped));
}

const notFoundHandler = (req: Request, res: Response) =>
  sendError(res, formatOf(req), toRestError(new DomainError('NOT_FOUND', `no resource at ${req.method} ${req.originalUrl.split('?')[0]}`)));

export interface App {
  app: express.Express;
  close: () => Promise<void>;
}

export async function createApp(orm: Orm, config: Config, settings: SettingsStore, notifications: DatabaseNotifications): Promise<App> {
  const schema = buildGatewaySchema();
  const principals = new PrincipalCache(notifications, config.principalCacheTtlSeconds * 1000);
  const authenticator = new Authenticator(config.sessionTtlSeconds, config.credentialCacheTtlSeconds, principals);
  const throttle = new LoginThrottle(config.loginThrottle);
  const oauth = config.oauth && new OAuthVerifier(config.oauth, principals);
  const refused = (defaultFormat: MediaFormat) => (req: Request, res: Response, status: 401 | 403) =>
    sendError(res, formatOf(req, defaultFormat), toRestError(status === 401 ? unauthenticated() : forbidden('the REST interface is switched off')));
  const bodyParser = express.text({ type: (req) => !isMultipart(req.headers['content-type']), limit: config.bodyLimitBytes });
  // A GraphQL request may carry one file of the REST upload limit as base64.
  const graphqlBodyLimit = config.bodyLimitBytes + Math.ceil(config.uploadLimitBytes / 3) * 4;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback');

  const sofa = createSofa(schema, ROUTES);
  const openApi = buildOpenApi(schema, sofa, ROUTES, OPEN_ROUTES, config.oauth);
  app.use('/restapi/api-docs', apiDocs());
  app.use(
    '/restapi',
    securityFilter(orm, authenticator, settings, throttle, { transport: 'rest', isOpen: isOpenRestPath, oauth }, refused('xml')),
    bodyParser,
    openEndpoints(OPEN_ROUTES, authenticator, throttle),
    apiDocRouter(openApi),
    openApiRouter(openApi),
    restRouter(schema, ROUTES, { uploadLimitBytes: config.uploadLimitBytes }),
    notFoundHandler,
    errorHandler,
  );

  const graphql = await graphqlMiddleware(schema, { production: config.production, maxDepth: config.graphqlMaxDepth, maxCost: config.graphqlMaxCost });
  app.use('/graphql', graphqlExplorer());
  app.use(
    '/graphql',
    securityFilter(orm, authenticator, settings, throttle, { transport: 'graphql', isOpen: () => false, oauth }, refused('json')),
    express.json({ limit: graphqlBodyLimit }),
    graphql.handler,
    errorHandler,
  );
  app.use(notFoundHandler);
  app.use(errorHandler);
  return { app, close: graphql.stop };
}
