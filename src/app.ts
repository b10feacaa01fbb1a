import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Config } from './config/config';
import type { Orm } from './db/orm';
import type { SettingsStore } from './settings/settings';
import { Authenticator } from './auth/authenticator';
import { PrincipalCache } from './auth/principal-cache';
import type { DatabaseNotifications } from './db/notifications';
import { LoginThrottle } from './auth/login-throttle';
import { OAuthVerifier } from './auth/oauth';
import { SecurityFilter, TOKEN_HEADER, isOpenRestPath, type Refusal } from './auth/security-filter';
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
import { RestRouter, type RouteMatch } from './rest/router';
import { queryOf, sendBody, splitUrl } from './rest/node-http';
import { OPEN_ROUTES, ROUTES } from './rest/routes';
import { createSofa } from './rest/sofa';
import { configureArchiveLimits } from './courses/archive/staging';

const formatOf = (req: IncomingMessage, defaultFormat: MediaFormat = 'xml'): MediaFormat => errorFormat(req.headers.accept, defaultFormat);

/** Body-parser errors (size, charset, syntax) and anything unexpected, in the client's format. */
function answerFailure(error: unknown, req: IncomingMessage, res: ServerResponse) {
  if (res.headersSent) return void (console.error(error), res.destroy());
  const parserError = error as { type?: string; status?: number };
  const mapped =
    parserError.type === 'entity.too.large'
      ? new DomainError('PAYLOAD_TOO_LARGE', 'request body too large')
      : parserError.type === 'charset.unsupported' || parserError.type === 'encoding.unsupported'
        ? new DomainError('UNSUPPORTED_MEDIA_TYPE', 'unsupported charset or encoding')
        : parserError.type === 'entity.parse.failed' || parserError.type === 'request.aborted'
          ? new DomainError('BAD_REQUEST', 'malformed request body')
          : error;
  sendError(res, formatOf(req), toRestError(mapped));
}

const errorHandler = (error: unknown, req: Request, res: Response, _next: NextFunction) => answerFailure(error, req, res);

const REST_PREFIX = '/restapi';

const notFoundHandler = (req: Request, res: Response) =>
  sendError(res, formatOf(req), toRestError(new DomainError('NOT_FOUND', `no resource at ${req.method} ${req.originalUrl.split('?')[0]}`)));

export interface App {
  /** The whole service as a node:http request listener. */
  handle: RequestListener;
  close: () => Promise<void>;
}

export async function createApp(orm: Orm, config: Config, settings: SettingsStore, notifications: DatabaseNotifications): Promise<App> {
  configureArchiveLimits(config.courseArchive);
  const schema = buildGatewaySchema();
  const principals = new PrincipalCache(notifications, config.principalCacheTtlSeconds * 1000);
  const authenticator = new Authenticator(config.sessionTtlSeconds, config.credentialCacheTtlSeconds, principals);
  const throttle = new LoginThrottle(config.loginThrottle);
  const oauth = config.oauth && new OAuthVerifier(config.oauth, principals);
  const refused =
    (defaultFormat: MediaFormat): Refusal =>
    (req, res, status) =>
      sendError(res, formatOf(req, defaultFormat), toRestError(status === 401 ? unauthenticated() : forbidden('the REST interface is switched off')));
  const bodyParser = express.text({ type: (req) => !isMultipart(req.headers['content-type']), limit: config.bodyLimitBytes });
  // A GraphQL request may carry one file of the REST upload limit as base64.
  const graphqlBodyLimit = config.bodyLimitBytes + Math.ceil(config.uploadLimitBytes / 3) * 4;
  const restFilter = new SecurityFilter(orm, authenticator, settings, throttle, { transport: 'rest', isOpen: isOpenRestPath, oauth }, refused('xml'));
  const graphqlFilter = new SecurityFilter(orm, authenticator, settings, throttle, { transport: 'graphql', isOpen: () => false, oauth }, refused('json'));

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback');

  const sofa = createSofa(schema, ROUTES);
  const openApi = buildOpenApi(schema, sofa, ROUTES, OPEN_ROUTES, config.oauth);
  app.use('/restapi/api-docs', apiDocs());
  app.use(
    REST_PREFIX,
    restFilter.middleware(),
    bodyParser,
    openEndpoints(OPEN_ROUTES, authenticator, throttle),
    apiDocRouter(openApi),
    openApiRouter(openApi),
    notFoundHandler,
    errorHandler,
  );

  const graphql = await graphqlMiddleware(schema, { production: config.production, maxDepth: config.graphqlMaxDepth, maxCost: config.graphqlMaxCost });
  app.use('/graphql', graphqlExplorer());
  app.use('/graphql', graphqlFilter.middleware(), express.json({ limit: graphqlBodyLimit }), graphql.handler, errorHandler);
  app.use(notFoundHandler);
  app.use(errorHandler);

  // The REST routes of the table are served without express: its routing and middleware cost more
  // than the rest of a cached read (bench: GET /users/{k}); everything else goes through the app.
  const router = new RestRouter(schema, ROUTES, { uploadLimitBytes: config.uploadLimitBytes, openRoutes: OPEN_ROUTES });
  const readBody = (req: IncomingMessage, res: ServerResponse) =>
    new Promise<string | undefined>((resolve, reject) =>
      bodyParser(req as Request, res as Response, (error?: unknown) => (error ? reject(error) : resolve((req as { body?: string }).body))),
    );
  /** Answers a request of the route table: `match` is its route, or for OPTIONS the methods at its path. */
  const serveRest = async (req: IncomingMessage, res: ServerResponse, path: string, search: string, match: RouteMatch | string[]) => {
    const query = queryOf(search);
    const ctx = await restFilter.admit(req, res, path, query[TOKEN_HEADER]);
    if (!ctx) return;
    if (Array.isArray(match)) {
      // As express's router answers OPTIONS.
      res.setHeader('Allow', match.join(', '));
      return sendBody(res, 200, 'text/plain', match.join(', '));
    }
    await router.handle(match, req, res, ctx, query, await readBody(req, res));
  };
  const handle: RequestListener = (req, res) => {
    try {
      dispatch(req, res);
    } catch (error) {
      answerFailure(error, req, res);
    }
  };
  const dispatch: RequestListener = (req, res) => {
    const { path, search } = splitUrl(req.url ?? '/');
    const below =
      path.length > REST_PREFIX.length && path.slice(0, REST_PREFIX.length + 1).toLowerCase() === `${REST_PREFIX}/` ? path.slice(REST_PREFIX.length) : null;
    if (below !== null && !isOpenRestPath(below)) {
      const match = req.method === 'OPTIONS' ? router.methodsAt(below) : router.match(req.method!, below);
      if (match && !(Array.isArray(match) && !match.length)) {
        return void serveRest(req, res, below, search, match).catch((error: unknown) => answerFailure(error, req, res));
      }
    }
    void app(req, res);
  };
  return { handle, close: graphql.stop };
}
