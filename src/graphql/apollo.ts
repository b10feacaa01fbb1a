import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { RequestHandler } from 'express';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { DomainError } from '../domain/errors';
import type { RequestContext } from '../domain/context';
import { RETRY_AFTER_SECONDS, asDomainFailure } from '../db/unavailable';
import { costRefusal, operationCost, type CostLimits } from './cost';
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

/**
 * Refuses, before anything runs, operations over the cost, alias or root-field limits (src/graphql/cost.ts);
 * needs the variables (a `limit` may be one), so it runs once the operation is resolved. An answer whose
 * lists read more rows than GRAPHQL_MAX_COST while it runs (src/domain/lists.ts takeRows) is refused
 * the same way: 400 with that one error, instead of a partial answer with the error at every parent of the list.
 */
function costLimit(schema: GraphQLSchema, limits: CostLimits): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation }) {
          if (!operation) return;
          const refused = costRefusal(operationCost(schema, document, operation, request.variables ?? {}, limits.defaultListSize), limits);
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

export async function graphqlMiddleware(
  gatewaySchema: GraphQLSchema,
  options: GraphqlOptions,
): Promise<{ handler: RequestHandler; stop: () => Promise<void> }> {
  const schema = pacedSchema(gatewaySchema);
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
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), costLimit(schema, options), unavailableAnswer],
  });
  await server.start();
  const handler = expressMiddleware(server, {
    context: async ({ res }) => Object.assign(res.locals.ctx as RequestContext, { listRowsLeft: options.maxCost, listRowsLimit: options.maxCost }),
  });
  return { handler, stop: () => server.stop() };
}
