import type { GraphQLSchema } from 'graphql';
import { useSofa } from 'sofa-api';
import type { RequestContext } from '../domain/context';
import { DateTimeScalar, LongScalar } from '../schema/scalars';
import { toRestError } from './errors';
import { jitExecutor } from './jit-execute';
import type { RestRoute } from './routes';

export const REST_BASE = '/restapi';

/** The route sofa serves for each field: the first table entry naming it. */
export function canonicalRoutes(routes: RestRoute[]): Map<string, RestRoute> {
  const canonical = new Map<string, RestRoute>();
  for (const route of routes) if (!canonical.has(route.field)) canonical.set(route.field, route);
  return canonical;
}

export type SofaRouter = ReturnType<typeof useSofa>;

/** sofa executes each REST call as the route's GraphQL operation; errors come back as RestError JSON. */
export function createSofa(schema: GraphQLSchema, routes: RestRoute[]): SofaRouter {
  const config = Object.fromEntries(
    [...canonicalRoutes(routes)].map(([field, route]) => [field, { method: route.method, path: route.path, description: route.summary }]),
  );
  return useSofa({
    basePath: REST_BASE,
    schema,
    routes: config,
    execute: jitExecutor(schema) as never,
    customScalars: Object.fromEntries([LongScalar, DateTimeScalar].map((scalar) => [scalar.name, scalar.extensions.jsonSchema])),
    context: (serverContext) => (serverContext as unknown as { ctx: RequestContext }).ctx,
    errorHandler: (errors) => {
      const error = toRestError(errors[0]);
      return Response.json({ restError: error }, { status: error.status }) as never;
    },
    openAPI: {
      info: { title: 'Remote Management REST API', version: '1.0', description: 'OpenOLAT-compatible remote management' },
    },
  });
}
