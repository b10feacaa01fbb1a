import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import compression from 'compression';
import zlib from 'node:zlib';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { Config } from './config/config';
import type { Orm } from './db/orm';
import type { RequestContext } from './domain/context';
import type { SettingsStore } from './settings/settings';
import { Authenticator } from './auth/authenticator';
import { PrincipalCache } from './auth/principal-cache';
import { CredentialWatch } from './auth/credential-watch';
import { ChangeSignal, useChangeSignal } from './changes/signal';
import { startSync } from './sync/start';
import { startWebhooks } from './webhooks/start';
import type { DatabaseNotifications } from './db/notifications';
import { LoginThrottle } from './auth/login-throttle';
import { OAuthVerifier } from './auth/oauth';
import { SecurityFilter, TOKEN_HEADER, isOpenRestPath, isUnmeteredRestPath, type Refusal } from './auth/security-filter';
import { RateLimiter, sendRateLimited } from './ops/rate-limit';
import { buildGatewaySchema } from './schema/build';
import { graphqlMiddleware } from './graphql/apollo';
import { graphqlExplorer } from './graphql/explorer';
import { graphqlStream, STREAM_PATH } from './graphql/stream';
import { DomainError, forbidden, unauthenticated } from './domain/errors';
import { toRestError } from './rest/errors';
import { ScimError } from './scim/errors';
import { SCIM_PREFIX, scimHandler, sendScim } from './scim/http';
import { errorFormat, isMultipart } from './rest/negotiation';
import { apiDocRouter } from './rest/api-doc-page';
import { apiDocs } from './rest/api-docs';
import { openEndpoints } from './rest/open-endpoints';
import { buildOpenApi, openApiRouter, type OpenApiDocument } from './rest/openapi';
import { sendError } from './rest/respond';
import type { MediaFormat } from './rest/route';
import { RestRouter, type RouteMatch } from './rest/router';
import { configureTrustProxy, queryOf, sendBody, splitUrl } from './rest/node-http';
import { OPEN_ROUTES, ROUTES } from './rest/routes';
import { createSofa } from './rest/sofa';
import { configureArchiveLimits } from './courses/archive/staging';
import type { Pool } from 'pg';
import { isUtf8 } from 'node:buffer';
import type { Logger } from './ops/logger';
import { accessLog, noteCaller, noteRoute } from './ops/access-log';
import { Readiness, serveHealth, serveReady } from './ops/health';
import { Metrics, serveMetrics, type PoolStats } from './ops/metrics';
import { configureLoginPattern } from './users/validation';
import { controlCharacterRefused, graphqlRequestHoldsControlCharacter } from './ops/control-characters';
import { CrossOrigin } from './ops/cors';

const formatOf = (req: IncomingMessage, defaultFormat: MediaFormat = 'xml'): MediaFormat => errorFormat(req.headers.accept, defaultFormat);

/** Body-parser errors (size, charset, syntax) and anything unexpected, in the client's format. */
const failureAnswer = (logError: (error: unknown) => void) => (error: unknown, req: IncomingMessage, res: ServerResponse) => {
  if (res.headersSent) return void (logError(error), res.destroy());
  const parserError = error as { type?: string; status?: number };
  const mapped =
    parserError.type === 'entity.too.large'
      ? new DomainError('PAYLOAD_TOO_LARGE', 'request body too large')
      : parserError.type === 'charset.unsupported' || parserError.type === 'encoding.unsupported'
        ? new DomainError('UNSUPPORTED_MEDIA_TYPE', 'unsupported charset or encoding')
        : parserError.type === 'entity.parse.failed' || parserError.type === 'request.aborted'
          ? new DomainError('BAD_REQUEST', 'malformed request body')
          : parserError.type === INVALID_UTF8
            ? new DomainError('BAD_REQUEST', 'the request body is not valid UTF-8')
            : error;
  sendError(res, formatOf(req), toRestError(mapped, undefined, logError));
};

const INVALID_UTF8 = 'entity.invalid.utf8';

/** Bodies are UTF-8 (the parsers refuse other charsets): a body that is not valid UTF-8 is a 400, not text with U+FFFD in it. */
const utf8Only = (_req: IncomingMessage, _res: ServerResponse, body: Buffer) => {
  if (!isUtf8(body)) throw Object.assign(new Error('the request body is not valid UTF-8'), { status: 400, type: INVALID_UTF8 });
};

const REST_PREFIX = '/restapi';

/** The API's paths, whose answers pages of the origins in CORS_ORIGINS may read (not /health, /ready, /metrics). */
function isApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === REST_PREFIX || lower.startsWith(`${REST_PREFIX}/`) || lower === '/graphql' || lower.startsWith('/graphql/');
}

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * The fastest levels: answers are made as they are read (whole lists of a million people), and a level above costs the
 * gateway's CPU more than it saves the network (measured: scripts/bench/compression.ts). Brotli's window of 256 KB
 * bounds each answer's compressor to a few hundred KB of memory.
 */
const COMPRESSION_OPTIONS = {
  threshold: COMPRESSION_THRESHOLD_BYTES,
  level: zlib.constants.Z_BEST_SPEED,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
};
/** Whether the client may accept a coding the compression middleware has; a request that names none skips it (it costs a small answer about a tenth of its time). */
const acceptsCompression = (req: IncomingMessage) => /gzip|br|deflate/i.test(req.headers['accept-encoding'] ?? '');

const notFoundHandler = (req: Request, res: Response) =>
  sendError(
    res,
    formatOf(req),
    toRestError(new DomainError('NOT_FOUND', `no resource at ${req.method} ${req.originalUrl.split('?')[0]}`), undefined, () => undefined),
  );

export interface App {
  /** The whole service as a node:http request listener. */
  handle: RequestListener;
  /** Ends what a stopping instance would otherwise wait for: open subscription streams. */
  drain: () => void;
  close: () => Promise<void>;
}

export interface AppOptions {
  logger: Logger;
  /** The plain pg pool of the read statements, for the metrics. */
  pool?: Pool;
}

/** The OpenAPI document of the schema with these OAuth settings: the same for every service a process starts with them. */
function openApiOf(schema: GraphQLSchema, oauth: Config['oauth']): OpenApiDocument {
  const key = JSON.stringify(oauth ?? null);
  let document = openApiDocuments.get(key);
  if (!document) openApiDocuments.set(key, (document = buildOpenApi(schema, createSofa(schema, ROUTES), ROUTES, OPEN_ROUTES, oauth)));
  return document;
}

const openApiDocuments = new Map<string, OpenApiDocument>();

/** The ORM's (knex's tarn) pool and the read pool, as the metrics see them. */
function poolStats(orm: Orm, pool: Pool | undefined): () => PoolStats[] {
  return () => {
    const stats: PoolStats[] = [];
    const tarn = (orm.em.getConnection().getKnex().client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;
    if (tarn) stats.push({ name: 'orm', inUse: tarn.numUsed(), idle: tarn.numFree(), waiting: tarn.numPendingAcquires() });
    if (pool) stats.push({ name: 'read', inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return stats;
  };
}

export async function createApp(orm: Orm, config: Config, settings: SettingsStore, notifications: DatabaseNotifications, options: AppOptions): Promise<App> {
  configureLoginPattern(config.loginPattern);
  configureArchiveLimits(config.courseArchive);
  const { logger } = options;
  const logError = (error: unknown) => logger.error({ err: error }, 'internal error');
  const answerFailure = failureAnswer(logError);
  const errorHandler = (error: unknown, req: Request, res: Response, _next: NextFunction) => answerFailure(error, req, res);
  const metrics = config.metricsToken ? new Metrics(poolStats(orm, options.pool)) : undefined;
  const readiness = new Readiness(orm);
  const schema = buildGatewaySchema();
  const principals = new PrincipalCache(notifications, config.principalCacheTtlSeconds * 1000);
  const changeSignal = new ChangeSignal(notifications);
  useChangeSignal(orm.em, changeSignal);
  const dispatcher = startWebhooks(orm, config.webhooks, schema, changeSignal, settings, logger);
  const syncRunner = startSync(orm, config.sync, schema, settings, logger);
  const authenticator = new Authenticator(config.sessionTtlSeconds, config.credentialCacheTtlSeconds, principals);
  const trustProxy = configureTrustProxy(config.trustProxy);
  const throttle = new LoginThrottle(config.loginThrottle, orm);
  const limiter = new RateLimiter(config.rateLimit, orm, metrics && (() => metrics.requestThrottled()));
  const tooManyRequests = (defaultFormat: MediaFormat) => (req: IncomingMessage, res: ServerResponse, retryAfter: number) =>
    sendRateLimited(res, formatOf(req, defaultFormat), retryAfter);
  if (metrics) throttle.observe({ refused: () => metrics.loginRefused(), throttled: () => metrics.requestThrottled() });
  const oauth = config.oauth && new OAuthVerifier(config.oauth, principals);
  const credentials = new CredentialWatch(() => orm.em.fork(), principals, logError);
  const refused =
    (defaultFormat: MediaFormat): Refusal =>
    (req, res, status) =>
      sendError(
        res,
        formatOf(req, defaultFormat),
        toRestError(status === 401 ? unauthenticated() : forbidden('the REST interface is switched off'), undefined, logError),
      );
  const bodyParser = express.text({ type: (req) => !isMultipart(req.headers['content-type']), limit: config.bodyLimitBytes, verify: utf8Only });
  // A GraphQL request may carry one file of the REST upload limit as base64.
  const graphqlBodyLimit = config.bodyLimitBytes + Math.ceil(config.uploadLimitBytes / 3) * 4;
  const restFilter = new SecurityFilter(
    orm,
    authenticator,
    settings,
    throttle,
    {
      transport: 'rest',
      isOpen: isOpenRestPath,
      oauth,
      rateLimit: { limiter, unmetered: isUnmeteredRestPath },
      tooManyRequests: tooManyRequests('xml'),
      credentials,
    },
    refused('xml'),
  );
  const graphqlFilter = new SecurityFilter(
    orm,
    authenticator,
    settings,
    throttle,
    { transport: 'graphql', isOpen: () => false, oauth, rateLimit: { limiter, unmetered: () => false }, tooManyRequests: tooManyRequests('json'), credentials },
    refused('json'),
  );

  const scimFilter = new SecurityFilter(
    orm,
    authenticator,
    settings,
    throttle,
    {
      transport: 'scim',
      isOpen: () => false,
      oauth,
      rateLimit: { limiter, unmetered: () => false },
      tooManyRequests: (_req, res, retryAfter) => sendScim(res, 429, new ScimError(429, undefined, 'too many requests'), { 'Retry-After': String(retryAfter) }),
      credentials,
    },
    (_req, res, status) => sendScim(res, status, new ScimError(status, undefined, status === 401 ? 'authentication required' : 'forbidden')),
  );

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', trustProxy);

  // Built when first asked for: most instances and test services never are, and it is the costliest part of a start.
  const openApi = () => openApiOf(schema, config.oauth);
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

  const graphql = await graphqlMiddleware(schema, {
    production: config.production,
    maxDepth: config.graphqlMaxDepth,
    maxCost: config.graphqlMaxCost,
    maxAliases: config.graphqlMaxAliases,
    maxRootFields: config.graphqlMaxRootFields,
    maxTokens: config.graphqlMaxTokens,
    log: logError,
    defaultListSize: config.graphqlDefaultListSize,
  });
  const graphqlJson = express.json({ limit: graphqlBodyLimit, verify: utf8Only });
  // Subscriptions as Server-Sent Events, behind the same filter, on the same schema and limits as /graphql.
  const stream = graphqlStream(schema, {
    maxDepth: config.graphqlMaxDepth,
    maxCost: config.graphqlMaxCost,
    maxAliases: config.graphqlMaxAliases,
    maxRootFields: config.graphqlMaxRootFields,
    maxTokens: config.graphqlMaxTokens,
    defaultListSize: config.graphqlDefaultListSize,
    streamsPerCaller: config.graphqlStreamsPerCaller,
    log: logError,
  });
  app.all(STREAM_PATH, graphqlFilter.middleware(), graphqlJson, stream, errorHandler);
  app.use('/graphql', graphqlExplorer({ production: config.production }));
  app.use(
    '/graphql',
    graphqlFilter.middleware(),
    graphqlJson,
    (req: Request, _res: Response, next: NextFunction) => next(graphqlRequestHoldsControlCharacter(req.body) ? controlCharacterRefused() : undefined),
    (req: Request, res: Response, next: NextFunction) => void graphql.serve(req, res, res.locals.ctx as RequestContext, req.body).catch(next),
    errorHandler,
  );
  app.use(notFoundHandler);
  app.use(errorHandler);

  // The REST routes of the table are served without express: its routing and middleware cost more
  // than the rest of a cached read (bench: GET /users/{k}); everything else goes through the app.
  const router = new RestRouter(schema, ROUTES, { uploadLimitBytes: config.uploadLimitBytes, openRoutes: OPEN_ROUTES, logError });
  /** Whether the request carries a body at all, as the body parser asks (type-is's hasBody): a request without one skips it. */
  const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || !isNaN(Number(req.headers['content-length']));
  /** The body as text, valid UTF-8 (the parser checks it); control characters are refused in the variables it fills (src/rest/router.ts). */
  const readBody = (req: IncomingMessage, res: ServerResponse) =>
    new Promise<string | undefined>((resolve, reject) =>
      bodyParser(req as Request, res as Response, (error?: unknown) => (error ? reject(error) : resolve((req as { body?: string }).body))),
    );
  const serveScim = scimHandler({ schema, filter: scimFilter, readBody, logError });
  /** Answers a request of the route table: `match` is its route, or for OPTIONS the methods at its path. */
  const serveRest = async (req: IncomingMessage, res: ServerResponse, path: string, search: string, match: RouteMatch | string[]) => {
    const query = queryOf(search);
    const ctx = await restFilter.admit(req, res, path, query[TOKEN_HEADER]);
    if (!ctx) return;
    noteCaller(req, ctx.caller);
    if (Array.isArray(match)) {
      // As express's router answers OPTIONS.
      res.setHeader('Allow', match.join(', '));
      return sendBody(res, 200, 'text/plain', match.join(', '));
    }
    await router.handle(match, req, res, ctx, query, match.route.route.streamedBody || !hasBody(req) ? undefined : await readBody(req, res));
  };
  /** POST /graphql, the way of nearly every GraphQL request, as the express chain above serves it, without express. */
  const serveGraphql = async (req: IncomingMessage, res: ServerResponse, search: string) => {
    const ctx = await graphqlFilter.admit(req, res, '/', queryOf(search)[TOKEN_HEADER]);
    if (!ctx) return;
    noteCaller(req, ctx.caller);
    const body = await new Promise<unknown>((resolve, reject) =>
      graphqlJson(req as Request, res as Response, (error?: unknown) => (error ? reject(error) : resolve((req as { body?: unknown }).body))),
    );
    if (graphqlRequestHoldsControlCharacter(body)) throw controlCharacterRefused();
    await graphql.serve(req, res, ctx, body);
  };
  const crossOrigin = config.corsOrigins.length ? new CrossOrigin(config.corsOrigins) : undefined;
  // gzip or brotli as the client accepts, for compressible types (JSON, XML, text, not ZIP or images); HEAD and bodiless answers stay as they are.
  const compress = config.compression ? compression(COMPRESSION_OPTIONS) : undefined;
  const handle: RequestListener = (req, res) => {
    try {
      if (crossOrigin && isApiPath(splitUrl(req.url ?? '/').path) && crossOrigin.answer(req, res)) return;
      if (compress && acceptsCompression(req)) compress(req as Request, res as Response, () => dispatch(req, res));
      else dispatch(req, res);
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
        if (!Array.isArray(match)) noteRoute(req, `${REST_PREFIX}${match.route.route.path}`);
        return void serveRest(req, res, below, search, match).catch((error: unknown) => answerFailure(error, req, res));
      }
    }
    if (path.startsWith(`${SCIM_PREFIX}/`) || path === SCIM_PREFIX) {
      noteRoute(req, SCIM_PREFIX);
      return void serveScim(req, res, path.slice(SCIM_PREFIX.length), search);
    }
    if (path === '/health' || path === '/ready' || path === '/metrics') {
      if (path !== '/metrics' || metrics) return void serveOps(req, res, path).catch((error: unknown) => answerFailure(error, req, res));
    }
    if (path === '/graphql' && req.method === 'POST') {
      noteRoute(req, '/graphql');
      return void serveGraphql(req, res, search).catch((error: unknown) => answerFailure(error, req, res));
    }
    // /graphql/stream (src/graphql/stream.ts) and the explorer's files go through express.
    if (path === STREAM_PATH) noteRoute(req, STREAM_PATH);
    else if (path === '/graphql' || path.startsWith('/graphql/')) noteRoute(req, '/graphql');
    else if (path.startsWith('/restapi/api-docs')) noteRoute(req, '/restapi/api-docs');
    void app(req, res);
  };
  /** `/health`, `/ready`, `/metrics`: outside /restapi, no session or credentials of the API, never cached. */
  const serveOps = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    noteRoute(req, path);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendBody(res, 405, 'application/json; charset=utf-8', JSON.stringify({ status: 405, message: `${path} answers GET and HEAD` }));
    }
    if (path === '/health') return serveHealth(req, res);
    if (path === '/ready') return serveReady(readiness, req, res);
    return serveMetrics(metrics!, config.metricsToken!, req, res);
  };
  const close = async () => {
    await dispatcher?.stop();
    await syncRunner?.stop();
    await graphql.stop();
  };
  return { handle: accessLog(handle, logger, metrics), drain: stream.drain, close };
}
