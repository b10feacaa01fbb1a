import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { RequestHandler } from 'express';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import depthLimit from 'graphql-depth-limit';
import { getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { DomainError } from '../domain/errors';
import type { RequestContext } from '../domain/context';

export interface GraphqlOptions {
  production: boolean;
  maxDepth: number;
  maxCost: number;
  log?: (error: unknown) => void;
}

/** GraphQL errors carry the domain code in `extensions.code`; internal errors are logged and masked. */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown, log: (error: unknown) => void): GraphQLFormattedError {
  const cause = error instanceof GraphQLError ? error.originalError : undefined;
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
  const { stacktrace: _stacktrace, ...extensions } = (formatted.extensions ?? {}) as Record<string, unknown>;
  return { ...formatted, extensions };
}

/** Refuses operations whose estimated cost (one per selected field) exceeds the limit; needs the variables, so it runs after parsing. */
function costLimit(schema: GraphQLSchema, maximum: number): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          let cost: number;
          try {
            cost = getComplexity({ schema, query: document, variables: request.variables ?? {}, estimators: [simpleEstimator({ defaultComplexity: 1 })] });
          } catch (error) {
            // Variables that do not fit their types: a client error, as execution would report it.
            if (error instanceof GraphQLError)
              throw new GraphQLError(error.message, { nodes: error.nodes, extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
            throw error;
          }
          if (cost > maximum)
            throw new GraphQLError(`query cost ${cost} exceeds the limit of ${maximum}`, { extensions: { code: 'QUERY_TOO_COSTLY', http: { status: 400 } } });
        },
      };
    },
  };
}

export async function graphqlMiddleware(schema: GraphQLSchema, options: GraphqlOptions): Promise<{ handler: RequestHandler; stop: () => Promise<void> }> {
  const log = options.log ?? console.error;
  const server = new ApolloServer<RequestContext>({
    schema,
    introspection: !options.production,
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    validationRules: [depthLimit(options.maxDepth)],
    formatError: (formatted, error) => formatGraphqlError(formatted, error, log),
    plugins: [ApolloServerPluginLandingPageDisabled(), costLimit(schema, options.maxCost)],
  });
  await server.start();
  const handler = expressMiddleware(server, {
    context: async ({ res }) => res.locals.ctx as RequestContext,
  });
  return { handler, stop: () => server.stop() };
}
