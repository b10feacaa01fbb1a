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
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { discoveryUrl } from '../auth/oauth';
import { TOKEN_HEADER, isAlwaysEnabledRestPath, isOpenRestPath, isUnmeteredRestPath } from '../auth/security-filter';
import type { OAuthConfig } from '../config/config';
import { Base64Scalar } from '../schema/scalars';
import { BODY_EXAMPLES } from './examples';
import { answersWithoutBody, enumArgValues, rootField } from './operations';
import type { ApiTag, OpenRoute, RestRoute } from './route';
import { REST_BASE, canonicalRoutes, type SofaRouter } from './sofa';
import { onWire, pageItemsOf, xmlRootOf } from './wire';

type Schema = Record<string, unknown>;
type Responses = Record<string, Schema>;
type Operation = Schema & { operationId: string; responses: Responses };
type Paths = Record<string, Record<string, Operation>>;

export interface OpenApiDocument {
  openapi: string;
  info: Schema;
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags?: ApiTag[];
  paths: Paths;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ERROR_VO = ref('ErrorVO');
const ERROR_LIST = { type: 'array', items: ERROR_VO, xml: { name: 'errorVOs', wrapped: true } };

/** One schema serves both media types: JSON ignores the `xml` hints. */
const media = (schema: Schema) => ({ 'application/json': { schema }, 'application/xml': { schema } });
const errorResponse = (description: string, schema: Schema = ERROR_VO) => ({ description, content: media(schema) });
/** A body's media types; its JSON has the example the try-it page fills in (src/rest/examples.ts). */
const bodyMedia = (route: RestRoute, schema: Schema) => {
  const example = BODY_EXAMPLES[route.bodyArg!];
  return {
    ...media(schema),
    ...(example === undefined ? {} : { 'application/json': { schema, example } }),
    ...(route.formBody ? { 'application/x-www-form-urlencoded': { schema } } : {}),
  };
};

/** The JSON schema sofa derived for a result, with the element names the XML encoder writes (lists wrapped in `<{root}s>`). */
function withXmlNames(derived: Schema, type: GraphQLOutputType): Schema {
  const root = xmlRootOf(type);
  const list = isListType(getNullableType(type));
  const item = (list ? derived.items : derived) as Schema;
  const element = '$ref' in item ? item : { ...item, xml: { name: root } };
  return list ? { ...derived, items: element, xml: { name: `${root}s`, wrapped: true } } : element;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
/** A route's tag: its family's (src/rest/routes/index.ts), or a core service's (src/rest/open-endpoints.ts). */
const tagOf = (route: { method: string; path: string; tag?: ApiTag }) => {
  if (!route.tag) throw new Error(`openapi: ${route.method} ${route.path} has no tag (is its family listed in src/rest/routes/index.ts?)`);
  return route.tag;
};
const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const rolesOf = (schema: GraphQLSchema, field: GraphQLField<unknown, unknown>) => (getDirective(schema, field, 'auth')?.[0]?.roles ?? []) as string[];

const BINARY = { type: 'string', format: 'binary' };
const header = (description: string, schema: Schema = { type: 'string' }) => ({ description, schema });

/** A file answer: the content in the route's media types (or as octet-stream) with its headers; HEAD: the headers alone. */
function fileResponses(route: RestRoute): Responses {
  const headers = {
    'Last-Modified': header('When the file was stored'),
    ...(route.method === 'HEAD'
      ? { 'Content-Type': header("The file's media type"), 'Content-Length': header("The file's length in bytes", { type: 'integer' }) }
      : {}),
  };
  if (route.method === 'HEAD') return { 200: { description: `${route.summary}: the headers of the file`, headers } };
  const types = [...route.file!.mediaTypes, 'application/octet-stream'];
  return {
    200: { description: route.summary, headers, content: Object.fromEntries(types.map((type) => [type, { schema: BINARY }])) },
    304: { description: 'Not modified since If-Modified-Since' },
  };
}

/** A multipart form of the body argument's fields: files (Base64 fields) as binary parts, the others as text fields. */
function multipartSchema(field: GraphQLField<unknown, unknown>, bodyArg: string): Schema {
  const input = getNamedType(field.args.find((arg) => arg.name === bodyArg)!.type) as GraphQLInputObjectType;
  const fields = Object.values(input.getFields());
  const properties = Object.fromEntries(
    fields.map((inner) => [
      inner.name,
      {
        ...(getNamedType(inner.type).name === Base64Scalar.name ? BINARY : { type: 'string' }),
        ...(inner.description ? { description: inner.description } : {}),
      },
    ]),
  );
  const required = fields.filter((inner) => isNonNullType(inner.type)).map((inner) => inner.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

const QUERY_TYPES: Record<string, string> = { Int: 'integer', Long: 'integer', Boolean: 'boolean' };

/** The body argument's fields as optional query parameters (`queryBody` routes). */
function queryBodyParameters(field: GraphQLField<unknown, unknown>, bodyArg: string) {
  const input = getNamedType(field.args.find((arg) => arg.name === bodyArg)!.type) as GraphQLInputObjectType;
  // A field that is an argument of the operation too (the catalog's newParentKey) is that argument's parameter.
  const fields = Object.values(input.getFields()).filter((inner) => !field.args.some((arg) => arg.name === inner.name));
  return fields.map((inner) => ({
    name: inner.name,
    in: 'query',
    required: false,
    description: `Without a request body: ${inner.description ?? `the ${inner.name} of the body`}`,
    schema: { type: QUERY_TYPES[getNamedType(inner.type).name] ?? 'string' },
  }));
}

function successResponses(route: RestRoute, field: GraphQLField<unknown, unknown>, derived: Operation, emptyBody: boolean): Responses {
  if (route.file) return fileResponses(route);
  if (route.method === 'HEAD') return { 200: { description: route.summary } };
  if (route.streamedAnswer) {
    const types = [route.streamedAnswer.mediaType, 'application/octet-stream'];
    return { 200: { description: route.summary, content: Object.fromEntries(types.map((type) => [type, { schema: BINARY }])) } };
  }
  const result = (derived.responses[200] as { content: Record<string, { schema: Schema }> }).content['application/json'].schema;
  const responses: Responses = {
    200: emptyBody
      ? { description: route.summary }
      : route.textAnswer
        ? { description: route.summary, content: { 'text/plain': { schema: { type: 'string' } } } }
        : { description: route.summary, content: media(withXmlNames(result, field.type)) },
  };
  const pageItems = route.paging ? pageItemsOf(field.type) : undefined;
  if (pageItems) {
    const itemsType = (getNamedType(field.type) as GraphQLObjectType).getFields()[pageItems].type;
    const list = withXmlNames({ type: 'array', items: { $ref: `#/components/schemas/${getNamedType(itemsType).name}` } }, itemsType);
    responses[200] = {
      description: `${route.summary}: every row as a list; with \`Accept: …; pagingspec=1.0\` the page from \`start\` (0) of \`limit\` (25) rows and the total`,
      content: media(route.paging === 'required' ? result : { oneOf: [list, result] }),
    };
  }
  if (route.acceptedAt) {
    responses[202] = {
      description: 'Accepted: the job is queued or under way; Location names where its state is read',
      headers: { Location: header('The path of the job') },
      content: responses[200].content,
    };
  }
  if (route.notModifiedWhenFalse) responses[304] = { description: 'Not modified: nothing to change' };
  if (route.noBodyStatus) responses[route.noBodyStatus] = { description: 'No request body sent: nothing changed' };
  if (route.conditional) {
    Object.assign(responses[200], {
      headers: { ETag: header('The version of the answer, for If-None-Match'), 'Last-Modified': header('When it last changed, for If-Modified-Since') },
    });
    responses[304] = { description: 'Not modified: If-None-Match or If-Modified-Since still holds' };
  }
  if (route.noContentWhenNull) responses[204] = { description: 'Nothing to do (no file, or an empty one): nothing changed' };
  return responses;
}

/** OpenOLAT's rate limiter answers JSON as `{code: 429, message}` (catalogue 1.8); XML clients get an errorVO. */
const TOO_MANY_REQUESTS = {
  description: 'Too many failed logins, or the request budget is spent (RATE_LIMIT_PER_IDENTITY, …): retry after the seconds of Retry-After',
  headers: { 'Retry-After': header('Seconds to wait before retrying', { type: 'integer' }) },
  content: {
    'application/json': { schema: { type: 'object', properties: { code: { type: 'integer', example: 429 }, message: { type: 'string' } } } },
    'application/xml': { schema: ERROR_VO },
  },
};

/** What went wrong is logged with the request id, never sent. */
const INTERNAL_ERROR = errorResponse('An internal error (the log has its cause under the X-Request-Id)');

function errorResponses(route: RestRoute, hasParameters: boolean, hasRoles: boolean): Responses {
  const body = Boolean(route.bodyArg);
  const addressed = pathParams(route.path).length > 0;
  const writes = route.method !== 'GET' && route.method !== 'HEAD';
  const notAcceptable = route.file
    ? errorResponse("Accept names neither the file's media type nor application/octet-stream")
    : route.streamedAnswer
      ? errorResponse(`Accept names neither ${route.streamedAnswer.mediaType} nor application/octet-stream`)
      : errorResponse('Validation failed (a list of ErrorVO), or Accept names neither JSON nor XML', { oneOf: [ERROR_LIST, ERROR_VO] });
  return {
    ...(hasParameters || body || route.strictQuery
      ? {
          400: errorResponse(
            route.strictQuery ? 'Malformed parameter or body, or a query parameter the operation does not take' : 'Malformed parameter or body',
          ),
        }
      : {}),
    401: errorResponse('Not authenticated'),
    403: errorResponse(hasRoles || addressed ? 'The caller may not do this, or the REST interface is switched off' : 'The REST interface is switched off'),
    ...(addressed || hasParameters || body
      ? {
          404: errorResponse(route.file ? 'No such element, or it has no such file' : 'No such element: a key of the path, a parameter or the body names none'),
        }
      : {}),
    ...(route.paging === 'required' && !body
      ? { 406: errorResponse('Accept asks for no page (pagingspec=1.0), or names neither JSON nor XML') }
      : route.textAnswer && !body
        ? {}
        : { 406: notAcceptable }),
    ...(body && route.multipartBody
      ? {
          413: errorResponse('A file or field larger than the upload limit'),
          415: errorResponse('Content-Type is not multipart/form-data, or the file is not of a type the operation takes'),
        }
      : body
        ? { 413: errorResponse('Request body too large'), 415: errorResponse('Content-Type is neither JSON nor XML') }
        : {}),
    ...(route.conflictAsList
      ? { 409: errorResponse('Conflict (a list of ErrorVO)', ERROR_LIST) }
      : writes
        ? { 409: errorResponse('The change conflicts with the current state (a duplicate, an object in use, …)') }
        : {}),
    429: TOO_MANY_REQUESTS,
    500: INTERNAL_ERROR,
    ...Object.fromEntries(Object.entries(route.errors ?? {}).map(([status, description]) => [status, errorResponse(description)])),
    503: {
      ...errorResponse('The database cannot be reached (code UNAVAILABLE): retry after the seconds of Retry-After'),
      headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } } },
    },
  };
}

/** A non-null argument without a default: REST answers 400 without it (src/rest/input-errors.ts). */
const requiredArgument = (field: GraphQLField<unknown, unknown>, name: string) => {
  const arg = field.args.find((candidate) => candidate.name === name);
  return !!arg && isNonNullType(arg.type) && arg.defaultValue === undefined;
};

/**
 * One route's operation: sofa's derived operation for the field (parameters, body and result
 * schemas) adjusted to the wire: the body argument travels as the whole body in JSON, XML (and a
 * form where the route takes one), results in both media types with XML names, the statuses and
 * errors the route answers, and the role the operation needs.
 */
function describeRoute(schema: GraphQLSchema, route: RestRoute, derived: Operation, operationId: string): Operation {
  const { field } = rootField(schema, route.field);
  const inPath = new Set(pathParams(route.path));
  // Only the operation's own arguments are REST parameters; the body argument travels as the body.
  const parameters = ((derived.parameters ?? []) as (Schema & { name: string; schema: Schema })[])
    .filter((parameter) => parameter.name !== route.bodyArg && field.args.some((arg) => arg.name === parameter.name))
    .map(({ schema: { description, ...parameterSchema }, ...parameter }) =>
      parameter.name === route.extraQueryArg
        ? {
            name: parameter.name,
            in: 'query',
            description: 'Any other query parameter: its name and value filter by the user property of that name.',
            style: 'form',
            explode: true,
            schema: { type: 'object', additionalProperties: { type: 'string' } },
          }
        : {
            ...parameter,
            in: inPath.has(parameter.name) ? 'path' : 'query',
            required: inPath.has(parameter.name) || requiredArgument(field, parameter.name),
            ...(description ? { description } : {}),
            schema: parameterSchema,
          },
    )
    .sort((a, b) => field.args.findIndex((arg) => arg.name === a.name) - field.args.findIndex((arg) => arg.name === b.name));
  if (route.queryBody) parameters.push(...(queryBodyParameters(field, route.bodyArg!) as (typeof parameters)[number][]));
  const derivedBody = derived.requestBody as { content: Record<string, { schema: { properties: Record<string, Schema> } }> } | undefined;
  const bodySchema = route.bodyArg ? derivedBody?.content['application/json'].schema.properties[route.bodyArg] : undefined;
  const roles = rolesOf(schema, field);
  return {
    operationId,
    tags: [tagOf(route).name],
    summary: route.summary,
    description: [field.description, roles.length ? `Roles: ${roles.join(', ')}.` : 'Any authenticated caller.', `GraphQL: \`${route.field}\`.`]
      .filter(Boolean)
      .join(' '),
    parameters,
    ...(route.multipartBody
      ? {
          requestBody: {
            required: !route.queryBody,
            content: {
              'multipart/form-data': { schema: multipartSchema(field, route.bodyArg!) },
              ...(route.formBody ? { 'application/x-www-form-urlencoded': { schema: bodySchema } } : {}),
            },
          },
        }
      : bodySchema
        ? { requestBody: { required: !route.noBodyStatus && !route.queryBody, content: bodyMedia(route, bodySchema) } }
        : {}),
    responses: { ...successResponses(route, field, derived, answersWithoutBody(field)), ...errorResponses(route, parameters.length > 0, roles.length > 0) },
    ...(route.callbacks ? { callbacks: route.callbacks } : {}),
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
      ...(route.parameterDescriptions?.[name] ? { description: route.parameterDescriptions[name] } : {}),
      schema: name.endsWith('Key') ? { type: 'integer', format: 'int64' } : { type: 'string' },
    })),
    ...(route.query ?? []).map(({ name, description }) => ({ name, in: 'query', description, schema: { type: 'string' } })),
  ];
  const errors = Object.fromEntries(Object.entries(route.errors ?? {}).map(([status, description]) => [status, errorResponse(description)]));
  return {
    operationId: openOperationId(route.path),
    tags: [tagOf(route).name],
    summary: route.summary,
    description: open ? 'Open: no authentication needed.' : 'Needs authentication.',
    ...(open ? { security: [] } : {}),
    parameters,
    responses: {
      200: {
        description: route.summary,
        content:
          typeof route.produces === 'string'
            ? { [route.produces]: { schema: { type: 'string', example: route.text ?? route.example } } }
            : Object.fromEntries(Object.entries(route.produces).map(([type, schema]) => [type, { schema }])),
      },
      ...(open ? {} : { 401: errorResponse('Not authenticated') }),
      ...(isAlwaysEnabledRestPath(route.path) ? {} : { 403: errorResponse('The REST interface is switched off') }),
      ...(isUnmeteredRestPath(route.path) ? {} : { 429: TOO_MANY_REQUESTS }),
      500: INTERNAL_ERROR,
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
      const generatedProperty: Schema = generatedProperties[field.name];
      // OpenAPI 3.0 ignores siblings of a $ref, and `nullable` needs a `type` beside it: a nullable VO-valued field wraps the $ref.
      const property: Schema = isNonNullType(field.type)
        ? { ...generatedProperty }
        : '$ref' in generatedProperty
          ? { type: isEnumType(getNamedType(field.type)) ? 'string' : 'object', allOf: [generatedProperty], nullable: true }
          : { ...generatedProperty, nullable: true };
      const item = field.extensions?.xmlItem as string | undefined;
      if (field.extensions?.xmlAttribute) property.xml = { attribute: true };
      if (item) Object.assign(property, { items: { allOf: [property.items], xml: { name: item } }, xml: { wrapped: true } });
      properties[field.name] = property;
    }
    const required = (generatedRequired ?? []).filter((field) => field in properties);
    // An input type is sent as the VO it fills: UserVOInput as <userVO>, GroupConfigurationVOInput as <groupVO>.
    const filled = schema.getType(name.replace(/Input$/, ''));
    const xmlName = isObjectType(type) ? xmlRootOf(type) : isObjectType(filled) ? xmlRootOf(filled) : lowerFirst(name.replace(/Input$/, ''));
    out[name] = { ...rest, ...(required.length ? { required } : {}), properties, xml: { name: xmlName } };
  }
  // sofa refers to the enums of parameters (a portrait's size) without defining them.
  for (const type of Object.values(schema.getTypeMap())) {
    if (isEnumType(type) && !type.name.startsWith('__')) {
      out[type.name] = { type: 'string', enum: type.getValues().map((value) => value.name), ...(type.description ? { description: type.description } : {}) };
    }
  }
  out.ErrorVO = {
    type: 'object',
    description: "OpenOLAT's error value object: an i18n-style code and a readable message.",
    properties: { code: { type: 'string' }, translation: { type: 'string' } },
    xml: { name: 'errorVO' },
  };
  return out;
}

/** The values of a route's `:role` path parameter when it is an enum (the member lists of courses and entries). */
function memberRoles(schema: GraphQLSchema, route: RestRoute): string[] | undefined {
  if (!pathParams(route.path).includes('role')) return undefined;
  return enumArgValues(rootField(schema, route.field).field.args, 'role');
}

function operationIdOf(route: RestRoute, canonical: RestRoute): string {
  const name = route.field.split('.')[1];
  if (route === canonical) return name;
  if (route.method === 'HEAD') {
    const own = pathParams(canonical.path);
    return `head${pascal(name)}${pathParams(route.path)
      .filter((param) => !own.includes(param))
      .map((param) => `By${pascal(param)}`)
      .join('')}`;
  }
  const segments = route.path.split('/').filter((segment) => segment && !segment.startsWith(':'));
  return `${name}Via${segments.map(pascal).join('')}`;
}

/**
 * How a caller authenticates: basic auth, a bearer credential (an API key as `clientId:secret`, and
 * with OAuth configured an access token of the issuer, whose discovery document is named too), the
 * token header.
 */
function securitySchemes(oauth: OAuthConfig | undefined): Record<string, Schema> {
  return {
    basicAuth: { type: 'http', scheme: 'basic', description: 'Login and password, or API key client id and secret' },
    bearerAuth: oauth
      ? {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `An OAuth 2.0 access token (JWT) of ${oauth.issuer} for the audience ${oauth.audience}, or an API key as client id:secret`,
        }
      : { type: 'http', scheme: 'bearer', description: 'An API key as client id:secret' },
    serviceToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER, description: 'Token from GET /auth/{username} or any basic-auth response' },
    ...(oauth
      ? {
          openIdConnect: {
            type: 'openIdConnect',
            openIdConnectUrl: discoveryUrl(oauth.issuer),
            description: 'The issuer of the access tokens accepted as bearer credentials',
          },
        }
      : {}),
  };
}

/**
 * OpenAPI forbids two paths that differ only in their parameters' names, and OpenOLAT has such a
 * pair (`GET …/levels/{taxonomyLevelKey}/competences/{identityKey}`, `DELETE
 * …/competences/{competenceKey}`): such paths are listed as one, the parameter named after both
 * (`{identityKeyOrCompetenceKey}`). Gives each path below /restapi (Express style) its listed path.
 */
export function sharedTemplates(paths: string[]): Map<string, string> {
  const byShape = new Map<string, string[]>();
  for (const path of new Set(paths)) {
    const shape = path.replace(/:\w+/g, ':');
    byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
  }
  const listed = new Map<string, string>();
  for (const [shape, alike] of byShape) {
    const names = alike.map(pathParams);
    const joined = names[0].map((_, i) => [...new Set(names.map((params) => params[i]))].map((name, j) => (j ? pascal(name) : name)).join('Or'));
    let position = 0;
    const shared = shape.replace(/:/g, () => `:${joined[position++]}`);
    for (const path of alike) listed.set(path, shared);
  }
  return listed;
}

/** An operation under its shared path: the renamed path parameters say which name the operation reads them as. */
function underSharedPath(operation: Operation, path: string, shared: string): Operation {
  if (path === shared) return operation;
  const [own, listed] = [pathParams(path), pathParams(shared)];
  const parameters = (operation.parameters as (Schema & { name: string; in: string; description?: string })[]).map((parameter) => {
    const at = parameter.in === 'path' ? own.indexOf(parameter.name) : -1;
    if (at < 0 || listed[at] === parameter.name) return parameter;
    const description = `${parameter.name} for this operation${parameter.description ? `: ${parameter.description}` : ''} (the path is listed once for the operations that name this segment differently)`;
    return { ...parameter, name: listed[at], description };
  });
  return { ...operation, parameters };
}

/** The component schemas the operations refer to, directly or through other schemas. */
function referencedSchemas(paths: Paths, schemas: Record<string, Schema>): Record<string, Schema> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      const name = key === '$ref' && typeof inner === 'string' ? inner.replace('#/components/schemas/', '') : undefined;
      if (name === undefined) visit(inner);
      else if (!found.has(name)) {
        found.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit(paths);
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => found.has(name)));
}

/** The package is UNLICENSED; the service's copyright page says so in words. */
const LICENSE = { name: 'UNLICENSED: no licence is granted', url: `${REST_BASE}/api/copyright` };

/**
 * openapi.json: sofa's document reduced to the live routes of the table (plus the aliases sofa
 * does not know), with the wire's parameters, JSON and XML bodies, statuses and errors, the tags
 * of the families, and the component schemas the operations use.
 */
export function buildOpenApi(schema: GraphQLSchema, sofa: SofaRouter, routes: RestRoute[], openRoutes: OpenRoute[], oauth?: OAuthConfig): OpenApiDocument {
  const generated = sofa.openAPIDocument as unknown as { openapi: string; info: Schema; paths: Paths; components: { schemas: Record<string, Schema> } };
  const canonical = canonicalRoutes(routes);
  const listed: { method: string; path: string; operation: Operation; tag: ApiTag }[] = [];
  for (const route of routes) {
    const served = canonical.get(route.field)!;
    const derived = generated.paths[openApiPath(served.path)]?.[served.method.toLowerCase()];
    if (!derived) throw new Error(`openapi: sofa derived no ${served.method} ${served.path} for ${route.field}`);
    const operation = describeRoute(schema, route, derived, operationIdOf(route, served));
    const roles = memberRoles(schema, route);
    if (!roles) listed.push({ method: route.method, path: route.path, operation, tag: tagOf(route) });
    // OpenOLAT has one path per member role (…/authors, …/tutors, …/participants): listed so, served by the one route.
    else
      for (const role of roles) {
        listed.push({
          method: route.method,
          path: route.path.replace(':role', role),
          operation: {
            ...operation,
            operationId: `${operation.operationId}${pascal(role)}`,
            parameters: (operation.parameters as { in: string; name: string }[]).filter((parameter) => !(parameter.in === 'path' && parameter.name === 'role')),
          },
          tag: tagOf(route),
        });
      }
  }
  for (const route of openRoutes) listed.push({ method: route.method, path: route.path, operation: openOperation(route), tag: tagOf(route) });

  const shared = sharedTemplates(listed.map(({ path }) => path));
  const paths: Paths = {};
  const tags = new Map<string, ApiTag>();
  for (const { method, path, operation, tag } of listed) {
    const operations = (paths[openApiPath(shared.get(path)!)] ??= {});
    if (operations[method.toLowerCase()]) throw new Error(`openapi: ${method} ${shared.get(path)} listed twice`);
    operations[method.toLowerCase()] = underSharedPath(operation, path, shared.get(path)!);
    if (tags.has(tag.name) && tags.get(tag.name) !== tag) throw new Error(`openapi: two tags named ${tag.name}`);
    tags.set(tag.name, tag);
  }

  const ids = Object.values(paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`openapi: operationId ${duplicate} is not unique`);

  return {
    openapi: generated.openapi,
    info: { ...generated.info, license: LICENSE },
    servers: [{ url: REST_BASE }],
    security: [{ basicAuth: [] }, { bearerAuth: [] }, { serviceToken: [] }, ...(oauth ? [{ openIdConnect: [] }] : [])],
    tags: [...tags.values()].map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas: referencedSchemas(paths, wireSchemas(schema, generated.components.schemas)),
      securitySchemes: securitySchemes(oauth),
    },
  };
}

/** `GET /openapi.json`, behind the security filter like every path that is not open: the document, written once, when first asked for. */
export function openApiRouter(document: () => OpenApiDocument) {
  let body: string | undefined;
  const router = express.Router();
  router.get('/openapi.json', (_req, res) => void res.type('application/json').send((body ??= JSON.stringify(document()))));
  return router;
}
