import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { parse, printType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { useSofa } from 'sofa-api';
import { Base64Scalar, DateTimeScalar, IntMapScalar, LongScalar } from '../schema/scalars';
import type { RestRoute } from './route';

export const REST_BASE = '/restapi';

/** The route sofa derives for each field: the first table entry naming it, a HEAD entry only when no other does. */
export function canonicalRoutes(routes: RestRoute[]): Map<string, RestRoute> {
  const canonical = new Map<string, RestRoute>();
  for (const route of routes) {
    const known = canonical.get(route.field);
    if (!known || (known.method === 'HEAD' && route.method !== 'HEAD')) canonical.set(route.field, route);
  }
  return canonical;
}

export type SofaRouter = ReturnType<typeof useSofa>;

/**
 * sofa derives a REST route and its OpenAPI description for every operation, placed by the route
 * table. Requests are executed by rest-router with the same documents: going through sofa's
 * fetch-style router as well cost about a third of the throughput (npm run bench).
 */
export function createSofa(schema: GraphQLSchema, routes: RestRoute[]): SofaRouter {
  const known = sofas.get(schema);
  if (known?.routes === routes) return known.sofa;
  const wire = wireSchema(schema);
  const sofa = withRootDefinitions(wire, () => useSofaFor(wire, routes));
  sofas.set(schema, { routes, sofa });
  return sofa;
}

/** The sofa of a schema and its routes: the same for every service a process starts. */
const sofas = new WeakMap<GraphQLSchema, { routes: RestRoute[]; sofa: SofaRouter }>();

/**
 * The schema without the fields that exist for GraphQL only (`onWire` of src/rest/wire.ts): sofa selects every
 * field of a result down to its first repetition, and the GraphQL-only edges between objects made
 * those selections (and the start) grow many times over, for fields REST never answers.
 */
function wireSchema(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field, _name, typeName) =>
      field.extensions?.rest !== false || typeName === schema.getQueryType()?.name || typeName === schema.getMutationType()?.name ? field : null,
  });
}

/**
 * sofa reads each operation's argument descriptions from the root type's definition node and, when
 * the type has none (type-graphql builds none), prints and parses the whole root type again for
 * every argument: startup grew with the square of the operations. The nodes are lent for the call.
 */
function withRootDefinitions<T>(schema: GraphQLSchema, build: () => T): T {
  const roots = [schema.getQueryType(), schema.getMutationType()].filter((type): type is GraphQLObjectType => Boolean(type) && !type!.astNode);
  for (const type of roots) Object.assign(type, { astNode: parse(printType(type)).definitions[0] });
  try {
    return build();
  } finally {
    for (const type of roots) Object.assign(type, { astNode: undefined });
  }
}

function useSofaFor(schema: GraphQLSchema, routes: RestRoute[]): SofaRouter {
  const config = Object.fromEntries(
    [...canonicalRoutes(routes)].map(([field, route]) => [
      field,
      { method: route.method === 'HEAD' ? 'GET' : route.method, path: route.path, description: route.summary },
    ]),
  );
  // Loaded when the OpenAPI document is first built (src/app.ts), not with the service: half a second of a start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous load on first use
  const sofa = require('sofa-api') as typeof import('sofa-api');
  return sofa.useSofa({
    basePath: REST_BASE,
    schema,
    routes: config,
    customScalars: Object.fromEntries([LongScalar, DateTimeScalar, IntMapScalar, Base64Scalar].map((scalar) => [scalar.name, scalar.extensions.jsonSchema])),
    openAPI: {
      info: { title: 'Remote Management REST API', version: '1.0', description: 'OpenOLAT-compatible remote management' },
    },
  });
}
