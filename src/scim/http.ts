import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import type { SecurityFilter } from '../auth/security-filter';
import { GROUP_MANAGERS, USER_MANAGERS } from '../access/roles';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { DomainError, type ErrorCode } from '../domain/errors';
import { sendBody } from '../rest/node-http';
import { emailTaken, loginTaken } from '../users/validation';
import { resourceTypesOf, schemasOf, serviceProviderConfigOf } from './discovery';
import { ScimError, type ScimType } from './errors';
import { attributeKey } from './filter';
import * as groups from './groups';
import { type ListRequest, listRequestOf, projected } from './resources';
import * as users from './users';

/** SCIM 2.0 (RFC 7643, RFC 7644) for identity providers: beyond OpenOLAT. */
export const SCIM_PREFIX = '/scim/v2';
export const SCIM_TYPE = 'application/scim+json';

export function sendScim(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (status === 204) {
    res.statusCode = 204;
    return void res.end();
  }
  sendBody(res, status, `${SCIM_TYPE}; charset=utf-8`, JSON.stringify(body));
}

/** The status and error type of each code of the gateway's rules but VALIDATION_FAILED (see scimErrorOf); the others are 500. */
const SCIM_ERRORS: Partial<Record<ErrorCode, { status: number; scimType?: ScimType }>> = {
  CONFLICT: { status: 409, scimType: 'uniqueness' },
  MANAGED: { status: 400, scimType: 'mutability' },
  BAD_REQUEST: { status: 400, scimType: 'invalidValue' },
  NOT_FOUND: { status: 404 },
  FORBIDDEN: { status: 403 },
  UNAUTHENTICATED: { status: 401 },
  PRECONDITION_FAILED: { status: 412 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  UNAVAILABLE: { status: 503 },
};

/** The error a SCIM client gets for what the gateway's rules answered: the same rules, RFC 7644 §3.12's words. */
export function scimErrorOf(error: unknown): ScimError {
  if (error instanceof ScimError) return error;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (!(error instanceof DomainError)) {
    if (status === 413) return new ScimError(413, undefined, 'the body is too large');
    if (status === 400) return new ScimError(400, 'invalidSyntax', 'the body is no valid UTF-8 text');
    return new ScimError(500, undefined, 'the request failed; the service log has the cause');
  }
  const detail = error.details.map((item) => item.translation).join('; ') || error.message;
  if (error.code === 'VALIDATION_FAILED')
    return error.details.some((item) => item.code === loginTaken.code || item.code === emailTaken.code)
      ? new ScimError(409, 'uniqueness', detail)
      : new ScimError(400, 'invalidValue', detail);
  const scim = SCIM_ERRORS[error.code];
  return scim ? new ScimError(scim.status, scim.scimType, detail) : new ScimError(500, undefined, 'the request failed; the service log has the cause');
}

/** The JSON object of a body sent as application/scim+json or application/json. */
function resourceOf(req: IncomingMessage, body: string | undefined): Record<string, unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== SCIM_TYPE && type !== 'application/json') throw new ScimError(415, undefined, `send ${SCIM_TYPE} or application/json`);
  let value: unknown;
  try {
    value = JSON.parse(body ?? '');
  } catch (error) {
    throw new ScimError(400, 'invalidSyntax', `malformed JSON: ${(error as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ScimError(400, 'invalidSyntax', 'a JSON object is expected');
  return value as Record<string, unknown>;
}

type Resource = Record<string, unknown>;

/** What each resource type does for each method. */
interface ResourceKind {
  list: (ctx: RequestContext, request: ListRequest, base: string) => Promise<{ Resources: Resource[] }>;
  get: (ctx: RequestContext, id: string, base: string) => Promise<Resource>;
  create: (schema: GraphQLSchema, ctx: RequestContext, body: Resource, base: string) => Promise<Resource>;
  replace: (schema: GraphQLSchema, ctx: RequestContext, id: string, body: Resource, ifMatch: string | undefined, base: string) => Promise<Resource>;
  patch: (schema: GraphQLSchema, ctx: RequestContext, id: string, body: Resource, ifMatch: string | undefined, base: string) => Promise<Resource>;
  remove: (schema: GraphQLSchema, ctx: RequestContext, id: string) => Promise<void>;
}

const userResources: ResourceKind = {
  list: users.listUsers,
  get: users.getUser,
  create: users.createUser,
  replace: users.replaceUser,
  patch: users.patchUser,
  remove: users.deleteUser,
};

/** Groups, their members read only when the answer shows them (`excludedAttributes=members`: a group of 50,000 reads none). */
const groupResources = (withMembers: boolean): ResourceKind => ({
  list: (ctx, request, base) => groups.listGroups(ctx, request, base, withMembers),
  get: (ctx, id, base) => groups.getGroup(ctx, id, base, withMembers),
  create: groups.createGroup,
  replace: groups.replaceGroup,
  patch: groups.patchGroup,
  remove: groups.deleteGroup,
});

/** Whether the answer shows members: not when `excludedAttributes` names them, nor when `attributes` leaves them out. */
function wantsMembers(query: URLSearchParams): boolean {
  const names = (list: string | null) => (list ?? '').split(',').map((name) => attributeKey(name.trim()));
  if (names(query.get('excludedAttributes')).includes('members')) return false;
  const asked = names(query.get('attributes')).filter(Boolean);
  return !asked.length || asked.some((name) => name === 'members' || name.startsWith('members.'));
}

export interface ScimDependencies {
  schema: GraphQLSchema;
  filter: SecurityFilter;
  readBody: (req: IncomingMessage, res: ServerResponse) => Promise<string | undefined>;
  logError: (error: unknown) => void;
}

const methodNotAllowed = (allowed: string) => {
  const error = new ScimError(405, undefined, `this endpoint answers ${allowed}`);
  return Object.assign(error, { allow: allowed });
};

/** Serves a request below /scim/v2 (`path` is what follows it). */
export function scimHandler({ schema, filter, readBody, logError }: ScimDependencies) {
  const serve = async (req: IncomingMessage, res: ServerResponse, ctx: RequestContext, path: string, query: URLSearchParams) => {
    const base = `${(req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}${SCIM_PREFIX}`;
    const method = req.method ?? 'GET';
    const [collection, id, ...rest] = path.split('/').filter(Boolean);
    const list = (resources: object[]) => ({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: resources.length,
      startIndex: 1,
      itemsPerPage: resources.length,
      Resources: resources,
    });
    const discovery = (resources: { id?: string }[], what: string) => {
      if (method !== 'GET') throw methodNotAllowed('GET');
      if (!id) return sendScim(res, 200, list(resources));
      const found = resources.find((resource) => resource.id === decodeURIComponent(id));
      if (!found || rest.length) throw new ScimError(404, undefined, `no ${what} ${id}`);
      sendScim(res, 200, found);
    };
    switch (collection) {
      case 'ServiceProviderConfig':
        if (method !== 'GET') throw methodNotAllowed('GET');
        if (id) throw new ScimError(404, undefined, `no resource ${path}`);
        return sendScim(res, 200, serviceProviderConfigOf(base));
      case 'ResourceTypes':
        return discovery(resourceTypesOf(base), 'resource type');
      case 'Schemas':
        return discovery(schemasOf(base), 'schema');
      case 'Users':
        if (!hasAnyRole(requireCaller(ctx), USER_MANAGERS)) throw new ScimError(403, undefined, 'needs the administrator, usermanager or rolesmanager role');
        break;
      case 'Groups':
        if (!hasAnyRole(requireCaller(ctx), GROUP_MANAGERS)) throw new ScimError(403, undefined, 'needs the administrator or groupmanager role');
        break;
      default:
        throw new ScimError(404, undefined, `no resource ${path}`);
    }
    if (rest.length) throw new ScimError(404, undefined, `no resource ${path}`);
    const ifMatch = req.headers['if-match'];
    const body = async () => resourceOf(req, await readBody(req, res));
    const answer = (status: number, resource: Record<string, unknown>) =>
      sendScim(res, status, projected(resource, query), {
        ETag: (resource.meta as { version: string }).version,
        ...(status === 201 ? { Location: (resource.meta as { location: string }).location } : {}),
      });
    const kind = collection === 'Users' ? userResources : groupResources(wantsMembers(query));
    if (!id) {
      if (method === 'GET') {
        const page = await kind.list(ctx, listRequestOf(query), base);
        return sendScim(res, 200, { ...page, Resources: page.Resources.map((resource) => projected(resource, query)) });
      }
      if (method === 'POST') return answer(201, await kind.create(schema, ctx, await body(), base));
      throw methodNotAllowed('GET, POST');
    }
    const key = decodeURIComponent(id);
    switch (method) {
      case 'GET':
        return answer(200, await kind.get(ctx, key, base));
      case 'PUT':
        return answer(200, await kind.replace(schema, ctx, key, await body(), ifMatch, base));
      case 'PATCH':
        return answer(200, await kind.patch(schema, ctx, key, await body(), ifMatch, base));
      case 'DELETE':
        await kind.remove(schema, ctx, key);
        return sendScim(res, 204, undefined);
      default:
        throw methodNotAllowed('GET, PUT, PATCH, DELETE');
    }
  };
  return async (req: IncomingMessage, res: ServerResponse, path: string, search: string) => {
    try {
      const ctx = await filter.admit(req, res, path, undefined);
      if (!ctx) return;
      await serve(req, res, ctx, path, new URLSearchParams(search));
    } catch (error) {
      const answer = scimErrorOf(error);
      if (answer.status === 500) logError(error);
      if (res.headersSent) return void res.destroy();
      const allow = (error as { allow?: string }).allow;
      sendScim(res, answer.status, answer, allow ? { Allow: allow } : {});
    }
  };
}
