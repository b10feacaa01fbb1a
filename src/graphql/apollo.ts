import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { DomainError } from '../domain/errors';
import type { RequestContext } from '../domain/context';
import { RETRY_AFTER_SECONDS, asDomainFailure } from '../db/unavailable';
import { costRefusal, type CostLimits } from './cost';
import { OperationCosts } from './cost-cache';
import { CompiledQueries } from './compiled';
import { pacedSchema, stringifyPaced } from './pacing';

export interface GraphqlOptions {
  production: boolean;
  maxDepth: number;
  maxCost: number;
  maxAliases: number;
  maxRootFields: number;
  maxTokens: number;
  defaultListSize: number;
  /** Where internal errors are logged (their details never reach the client). */
  log: (error: unknown) => void;
}

/** GraphQL errors carry the domain code in `extensions.code`; internal errors are logged and masked. */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown, log: (error: unknown) => void): GraphQLFormattedError {
  const cause = asDomainFailure(error instanceof GraphQLError ? error.originalError : undefined);
  if (cause instanceof DomainError) {
    return {
      message: cause.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: cause.code, ...(cause.details.length ? { errors: cause.details } : {}), ...cause.extra },
    };
  }
  if (cause && !(cause instanceof GraphQLError)) {
    log(cause);
    return { message: 'internal error', path: formatted.path, extensions: { code: 'INTERNAL' } };
  }
  const tokens = formatted.message.match(TOO_MANY_TOKENS);
  if (tokens) {
    const maximum = Number(tokens[1]);
    return {
      message: `the document has more than ${maximum.toLocaleString('en-US')} tokens (GRAPHQL_MAX_TOKENS)`,
      extensions: { code: 'QUERY_TOO_LARGE', limit: 'GRAPHQL_MAX_TOKENS', maximum },
    };
  }
  const { stacktrace: _stacktrace, ...extensions } = (formatted.extensions ?? {}) as Record<string, unknown>;
  return { ...formatted, extensions };
}

/** graphql-js's words (16.x writes "more that") when `parseOptions.maxTokens` stops the parser. */
const TOO_MANY_TOKENS = /^Syntax Error: Document contains more th(?:an|at) (\d+) tokens/;

/** A database outage answers 503 with `Retry-After`, as REST does, whatever else the operation returned. */
export const unavailableAnswer: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
        if (!errors?.some((error) => error.extensions?.code === 'UNAVAILABLE')) return;
        response.http.status = 503;
        response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
      },
    };
  },
};

/** Subscriptions are served as Server-Sent Events at /graphql/stream (src/graphql/stream.ts); here one would run its field once, without an event. */
export const subscriptionsElsewhere: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation !== 'subscription') return;
        throw new GraphQLError('subscriptions are served as Server-Sent Events at /graphql/stream (graphql-sse); POST /graphql runs queries and mutations', {
          extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
        });
      },
    };
  },
};

/**
 * Refuses, before anything runs, operations over the cost, alias or root-field limits (src/graphql/cost.ts);
 * needs the variables (a `limit` may be one), so it runs once the operation is resolved. An answer whose
 * lists read more rows than GRAPHQL_MAX_COST while it runs (src/domain/lists.ts takeRows) is refused
 * the same way: 400 with that one error, instead of a partial answer with the error at every parent of the list.
 */
function costLimit(schema: GraphQLSchema, limits: CostLimits, costs: OperationCosts): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation }) {
          if (!operation) return;
          const refused = costRefusal(costs.of(document, operation, request.variables ?? {}), limits);
          if (refused) throw refused;
        },
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const tooCostly = response.body.singleResult.errors?.find((error) => error.extensions?.code === 'QUERY_TOO_COSTLY');
          if (!tooCostly) return;
          response.body.singleResult = { errors: [tooCostly] };
          response.http.status = 400;
        },
      };
    },
  };
}

export async function graphqlMiddleware(gatewaySchema: GraphQLSchema, options: GraphqlOptions): Promise<{ serve: GraphqlHandler; stop: () => Promise<void> }> {
  const schema = pacedSchema(gatewaySchema);
  const costs = new OperationCosts(schema, options.defaultListSize);
  const compiledQueries = new CompiledQueries(schema, options, costs, options.maxTokens);
  const server = new ApolloServer<RequestContext>({
    schema,
    stringifyResult: stringifyPaced,
    introspection: !options.production,
    allowBatchedHttpRequests: false,
    // The process's own handler (src/main.ts) drains requests and then stops Apollo: Apollo's handler (on unless NODE_ENV=test) would stop it first and signal again.
    stopOnTerminationSignals: false,
    // Validation compares fields pairwise: a document of many thousand fields would hold the event loop before any limit of cost.ts runs.
    parseOptions: { maxTokens: options.maxTokens },
    includeStacktraceInErrorResponses: false,
    formatError: (formatted, error) => formatGraphqlError(formatted, error, options.log),
    // No cache hints are given: without the cache-control plugin Apollo wraps no resolver (a third of the time of a large answer).
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      subscriptionsElsewhere,
      costLimit(schema, options, costs),
      unavailableAnswer,
    ],
  });
  await server.start();
  // What @as-integrations/express5 does, on node:http (as the REST routes are served, without express's routing and response).
  const serve: GraphqlHandler = async (req, res, admitted, body) => {
    // Apollo gets a context as the filter admitted it: not the row budget, tooCostly or loaders of a compiled run that met an error.
    const ctx = { ...admitted };
    const compiled = await compiledQueries.run(req, admitted, body);
    if (compiled) {
      const text = await stringifyPaced({ data: compiled.data });
      res.statusCode = 200;
      res.setHeader('content-type', compiled.contentType);
      res.setHeader('Content-Length', Buffer.byteLength(text));
      res.end(text);
      return;
    }
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method!.toUpperCase(), headers, search: query < 0 ? '' : url.slice(query), body },
      context: async () => Object.assign(ctx, { listRowsLeft: options.maxCost, listRowsLimit: options.maxCost }),
    });
    for (const [key, value] of response.headers) res.setHeader(key, value);
    res.statusCode = response.status || 200;
    if (response.body.kind === 'complete') {
      res.setHeader('Content-Length', Buffer.byteLength(response.body.string));
      res.end(response.body.string);
      return;
    }
    for await (const chunk of response.body.asyncIterator) res.write(chunk);
    res.end();
  };
  return { serve, stop: () => server.stop() };
}

/** Answers a GraphQL request admitted by the security filter, its body parsed. */
export type GraphqlHandler = (req: IncomingMessage, res: ServerResponse, ctx: RequestContext, body: unknown) => Promise<void>;
