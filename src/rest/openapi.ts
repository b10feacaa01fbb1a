import { getDirective } from '@graphql-tools/utils';
import express from 'express';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { TOKEN_HEADER, isOpenRestPath } from '../auth/security-filter';
import type { OpenRoute } from './open-endpoints';
import type { RestRoute } from './routes';
import { REST_BASE, canonicalRoutes, type SofaRouter } from './sofa-mount';
import { onWire, xmlRootOf } from './wire';

type Schema = Record<string, unknown>;
type Responses = Record<string, Schema>;
type Operation = Schema & { operationId: string; responses: Responses };
type Paths = Record<string, Record<string, Operation>>;

export interface OpenApiDocument {
  openapi: string;
  info: Schema;
  servers: { url: string }[];
  security: Record<string, string[]>[];
  paths: Paths;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ERROR_VO = ref('ErrorVO');
const ERROR_LIST = { type: 'array', items: ERROR_VO, xml: { name: 'errorVOs', wrapped: true } };

/** One schema serves both media types: JSON ignores the `xml` hints. */
const media = (schema: Schema) => ({ 'application/json': { schema }, 'application/xml': { schema } });
const errorResponse = (description: string, schema: Schema = ERROR_VO) => ({ description, content: media(schema) });
const bodyMedia = (route: RestRoute, schema: Schema) => ({ ...media(schema), ...(route.formBody ? { 'application/x-www-form-urlencoded': { schema } } : {}) });

const PRIMITIVES: Record<string, Schema> = {
  Int: { type: 'integer', format: 'int32' },
  Float: { type: 'number', format: 'double' },
  String: { type: 'string' },
  Boolean: { type: 'boolean' },
  ID: { type: 'string' },
};

function schemaOf(type: GraphQLInputType | GraphQLOutputType): Schema {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return { type: 'array', items: schemaOf(nullable.ofType) };
  if (isScalarType(nullable)) return { ...(PRIMITIVES[nullable.name] ?? (nullable.extensions.jsonSchema as Schema | undefined) ?? { type: 'string' }) };
  if (isEnumType(nullable)) return { type: 'string', enum: nullable.getValues().map((value) => value.name) };
  return ref(nullable.name);
}

/** The XML element a result is written as (xml-codec's encodeXml): lists wrapped in `<{root}s>`. */
function resultSchema(type: GraphQLOutputType, xmlRoot: string | undefined): Schema {
  const root = xmlRoot ?? xmlRootOf(type);
  const item = schemaOf(getNamedType(type));
  const element = '$ref' in item ? (xmlRoot ? { allOf: [item], xml: { name: root } } : item) : { ...item, xml: { name: root } };
  return isListType(getNullableType(type)) ? { type: 'array', items: element, xml: { name: `${root}s`, wrapped: true } } : element;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
const tagOf = (path: string) => path.split('/')[1];
const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function fieldOf(schema: GraphQLSchema, name: string): GraphQLField<unknown, unknown> {
  const [root, fieldName] = name.split('.');
  const field = (root === 'Query' ? schema.getQueryType() : schema.getMutationType())?.getFields()[fieldName];
  if (!field) throw new Error(`openapi: no field ${name}`);
  return field;
}

const rolesOf = (schema: GraphQLSchema, field: GraphQLField<unknown, unknown>) => (getDirective(schema, field, 'auth')?.[0]?.roles ?? []) as string[];

function successResponses(route: RestRoute, field: GraphQLField<unknown, unknown>): Responses {
  const responses: Responses = {
    200: route.emptyBody ? { description: route.summary } : { description: route.summary, content: media(resultSchema(field.type, route.xmlRoot)) },
  };
  if (route.notModifiedWhenFalse) responses[304] = { description: 'Not modified: nothing to change' };
  if (route.noBodyStatus) responses[route.noBodyStatus] = { description: 'No request body sent: nothing changed' };
  return responses;
}

function errorResponses(route: RestRoute, hasParameters: boolean, hasRoles: boolean): Responses {
  const body = Boolean(route.bodyArg);
  const addressed = pathParams(route.path).length > 0;
  return {
    ...(hasParameters || body ? { 400: errorResponse('Malformed parameter or body') } : {}),
    401: errorResponse('Not authenticated'),
    ...(hasRoles || addressed ? { 403: errorResponse('The caller may not do this') } : {}),
    ...(addressed ? { 404: errorResponse('No such element') } : {}),
    406: body
      ? errorResponse('Validation failed (a list of ErrorVO), or Accept names neither JSON nor XML', { oneOf: [ERROR_LIST, ERROR_VO] })
      : errorResponse('Accept names neither JSON nor XML'),
    ...(body ? { 413: errorResponse('Request body too large'), 415: errorResponse('Content-Type is neither JSON nor XML') } : {}),
    ...(route.conflictAsList ? { 409: errorResponse('Conflict (a list of ErrorVO)', ERROR_LIST) } : {}),
  };
}

function restOperation(schema: GraphQLSchema, route: RestRoute, operationId: string): Operation {
  const field = fieldOf(schema, route.field);
  const inPath = new Set(pathParams(route.path));
  const parameters = field.args
    .filter((arg) => arg.name !== route.bodyArg)
    .map((arg) =>
      arg.name === route.extraQueryArg
        ? {
            name: arg.name,
            in: 'query',
            description: 'Any other query parameter: its name and value filter by the user property of that name.',
            style: 'form',
            explode: true,
            schema: { type: 'object', additionalProperties: { type: 'string' } },
          }
        : {
            name: arg.name,
            in: inPath.has(arg.name) ? 'path' : 'query',
            required: inPath.has(arg.name),
            ...(arg.description ? { description: arg.description } : {}),
            schema: schemaOf(arg.type),
          },
    );
  const bodyType = field.args.find((arg) => arg.name === route.bodyArg)?.type;
  const roles = rolesOf(schema, field);
  return {
    operationId,
    tags: [tagOf(route.path)],
    summary: route.summary,
    description: [field.description, roles.length ? `Roles: ${roles.join(', ')}.` : 'Any authenticated caller.', `GraphQL: \`${route.field}\`.`]
      .filter(Boolean)
      .join(' '),
    parameters,
    ...(bodyType ? { requestBody: { required: !route.noBodyStatus, content: bodyMedia(route, schemaOf(bodyType)) } } : {}),
    responses: { ...successResponses(route, field), ...errorResponses(route, parameters.length > 0, roles.length > 0) },
  };
}

const openOperationId = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((segment, i) => (i ? pascal(segment.replace(/^:/, '')) : segment))
    .join('');

function openOperation(route: OpenRoute): Operation {
  const open = isOpenRestPath(route.path);
  const parameters = [
    ...pathParams(route.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: name.endsWith('Key') ? { type: 'integer', format: 'int64' } : { type: 'string' },
    })),
    ...(route.query ?? []).map(({ name, description }) => ({ name, in: 'query', description, schema: { type: 'string' } })),
  ];
  const errors = Object.fromEntries(Object.entries(route.errors ?? {}).map(([status, description]) => [status, { description }]));
  return {
    operationId: openOperationId(route.path),
    tags: [tagOf(route.path)],
    summary: route.summary,
    description: open ? 'Open: no authentication needed.' : 'Needs authentication.',
    ...(open ? { security: [] } : {}),
    parameters,
    responses: {
      200: { description: route.summary, content: { [route.produces]: { schema: { type: 'string', example: route.text ?? route.example } } } },
      ...(open ? {} : { 401: { description: 'Not authenticated' } }),
      ...errors,
    },
  };
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** sofa's component schemas as the REST wire has them: GraphQL-only fields hidden, XML names and wrapping declared. */
function wireSchemas(schema: GraphQLSchema, sofaSchemas: Record<string, Schema>): Record<string, Schema> {
  const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name]);
  const out: Record<string, Schema> = {};
  for (const [name, generated] of Object.entries(sofaSchemas)) {
    const type = schema.getType(name);
    if (roots.has(name) || !(isObjectType(type) || isInputObjectType(type))) continue;
    const {
      properties: generatedProperties,
      required: generatedRequired,
      ...rest
    } = generated as Schema & {
      properties: Record<string, Schema>;
      required?: string[];
    };
    const fields = isObjectType(type) ? Object.values(type.getFields()).filter(onWire) : Object.values(type.getFields());
    const properties: Record<string, Schema> = {};
    for (const field of fields) {
      const property = { ...generatedProperties[field.name] };
      if (!isNonNullType(field.type) && !('$ref' in property)) property.nullable = true;
      const item = field.extensions?.xmlItem as string | undefined;
      if (field.extensions?.xmlAttribute) property.xml = { attribute: true };
      if (item) Object.assign(property, { items: { allOf: [property.items], xml: { name: item } }, xml: { wrapped: true } });
      properties[field.name] = property;
    }
    const required = (generatedRequired ?? []).filter((field) => field in properties);
    // An input type is sent as the VO it fills: UserVOInput as <userVO>.
    const xmlName = isObjectType(type) ? xmlRootOf(type) : lowerFirst(name.replace(/Input$/, ''));
    out[name] = { ...rest, ...(required.length ? { required } : {}), properties, xml: { name: xmlName } };
  }
  out.ErrorVO = {
    type: 'object',
    description: "OpenOLAT's error value object: an i18n-style code and a readable message.",
    properties: { code: { type: 'string' }, translation: { type: 'string' } },
    xml: { name: 'errorVO' },
  };
  return out;
}

function operationIdOf(route: RestRoute, canonical: RestRoute): string {
  const name = route.field.split('.')[1];
  if (route === canonical) return name;
  const segments = route.path.split('/').filter((segment) => segment && !segment.startsWith(':'));
  return `${name}Via${segments.map(pascal).join('')}`;
}

/**
 * openapi.json: sofa's document reduced to the live routes of the table (plus the aliases sofa
 * does not know), with the wire's parameters, JSON and XML bodies, statuses and errors.
 */
export function buildOpenApi(schema: GraphQLSchema, sofa: SofaRouter, routes: RestRoute[], openRoutes: OpenRoute[]): OpenApiDocument {
  const generated = sofa.openAPIDocument as unknown as { openapi: string; info: Schema; paths: Paths; components: { schemas: Record<string, Schema> } };
  const canonical = canonicalRoutes(routes);
  const paths: Paths = {};
  const add = (method: string, path: string, operation: Operation) => {
    const operations = (paths[openApiPath(path)] ??= {});
    if (operations[method.toLowerCase()]) throw new Error(`openapi: ${method} ${path} listed twice`);
    operations[method.toLowerCase()] = operation;
  };
  for (const route of routes) {
    const served = canonical.get(route.field)!;
    if (!generated.paths[openApiPath(served.path)]?.[served.method.toLowerCase()]) {
      throw new Error(`openapi: sofa serves no ${served.method} ${served.path} for ${route.field}`);
    }
    add(route.method, route.path, restOperation(schema, route, operationIdOf(route, served)));
  }
  for (const route of openRoutes) add(route.method, route.path, openOperation(route));

  const ids = Object.values(paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`openapi: operationId ${duplicate} is not unique`);

  return {
    openapi: generated.openapi,
    info: generated.info,
    servers: [{ url: REST_BASE }],
    security: [{ basicAuth: [] }, { serviceToken: [] }],
    paths,
    components: {
      schemas: wireSchemas(schema, generated.components.schemas),
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'Login and password, or API key client id and secret' },
        serviceToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER, description: 'Token from GET /auth/{username} or any basic-auth response' },
      },
    },
  };
}

/** `GET /openapi.json`, behind the security filter like every path that is not open. */
export function openApiRouter(document: OpenApiDocument) {
  const body = JSON.stringify(document);
  const router = express.Router();
  router.get('/openapi.json', (_req, res) => void res.type('application/json').send(body));
  return router;
}
