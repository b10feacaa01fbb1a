import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ParsedUrlQuery } from 'node:querystring';
import { getNamedType, isInputObjectType, type GraphQLInputObjectType, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { DomainError, badRequest } from '../domain/errors';
import { DEFAULT_PAGE_LIMIT } from '../domain/paging';
import type { RequestContext } from '../domain/context';
import { toRestError } from './errors';
import { asksForPage, bodyFormat, errorFormat, negotiate } from './negotiation';
import { fromParameter, restOperation, type RestOperation } from './operations';
import { sendData, sendError, sendStream, sendText } from './respond';
import { bySpecificity, type MediaFormat, type RestRoute } from './route';
import { decodeXml } from './xml-codec';

/** A form body as the input object of the body argument; a field the type lacks is refused like an unknown XML element. */
function decodeForm(raw: string, type: GraphQLInputType): Record<string, unknown> {
  const fields = (getNamedType(type) as GraphQLInputObjectType).getFields();
  const form = new URLSearchParams(raw);
  const out: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    if (!fields[name]) throw badRequest(`unknown form field ${name}`);
    const values = form.getAll(name);
    out[name] = fromParameter(values.length > 1 ? values : values[0], fields[name].type);
  }
  return out;
}

function decodeBody(req: IncomingMessage, raw: string, type: GraphQLInputType, formAccepted: boolean): unknown {
  const format = bodyFormat(req.headers['content-type'], formAccepted);
  if (!format)
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `send ${formAccepted ? 'application/x-www-form-urlencoded, ' : ''}application/json or application/xml`);
  if (format === 'form') return decodeForm(raw, type);
  if (format === 'xml') return decodeXml(raw, type);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('malformed JSON');
  }
}

/** Path parameters, query parameters and the decoded body as the operation's variables. */
function variablesOf(route: RestRoute, op: RestOperation, params: Record<string, string>, query: ParsedUrlQuery, body: unknown): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const arg of op.args) {
    const raw = arg.name === route.bodyArg ? body : (params[arg.name] ?? query[arg.name]);
    if (raw !== undefined) variables[arg.name] = arg.name === route.bodyArg ? raw : fromParameter(raw, arg.type);
  }
  if (route.extraQueryArg) {
    const known = new Set(op.args.map((arg) => arg.name));
    variables[route.extraQueryArg] = Object.entries(query)
      .filter(([name]) => !known.has(name))
      .map(([name, value]) => ({ name, value: String(Array.isArray(value) ? value[0] : value) }));
  }
  return variables;
}

type Segment = { literal: string } | { param: string; key: boolean };

interface CompiledRoute {
  route: RestRoute;
  op: RestOperation;
  segments: Segment[];
}

/** A request's route and its path parameters. */
export interface RouteMatch {
  route: CompiledRoute;
  params: Record<string, string>;
}

/** `/users/:identityKey/roles` as segments; a trailing slash is dropped, as express's non-strict routing does. */
const segmentsOf = (path: string) => {
  const segments = path.split('/').slice(1);
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  return segments;
};

const KEY_VALUE = /^\d{1,15}$/;

function decodedParameter(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw badRequest(`malformed path parameter ${value}`);
  }
}

/**
 * The REST surface: the route table compiled into one lookup by method and path length, each route
 * executing its GraphQL operation and answering in JSON or XML. It works on plain node:http
 * requests; express serves only what it does not match (src/app.ts). Literal segments match in any
 * case, as express's routing does, and are tried before parameters (`bySpecificity`); a `…Key`
 * parameter matches digits only, like a JAX-RS Long path parameter, so `/users/me` is not
 * `/users/:identityKey` and no route depends on its position in the list.
 */
export class RestRouter {
  private readonly byShape = new Map<string, CompiledRoute[]>();

  constructor(schema: GraphQLSchema, routes: RestRoute[]) {
    for (const route of [...routes].sort(bySpecificity)) {
      const op = restOperation(schema, route);
      if (route.formBody && !(op.bodyType && isInputObjectType(getNamedType(op.bodyType)))) {
        throw new Error(`route ${route.method} ${route.path}: a form body fills an input object argument`);
      }
      const segments = segmentsOf(route.path).map((segment): Segment =>
        segment.startsWith(':') ? { param: segment.slice(1), key: segment.endsWith('Key') } : { literal: segment.toLowerCase() },
      );
      const shape = `${route.method} ${segments.length}`;
      this.byShape.set(shape, [...(this.byShape.get(shape) ?? []), { route, op, segments }]);
    }
  }

  /** The route of `method path` (path below /restapi), if any; HEAD is answered by the GET route. */
  match(method: string, path: string): RouteMatch | null {
    const segments = segmentsOf(path);
    const candidates = this.byShape.get(`${method === 'HEAD' ? 'GET' : method} ${segments.length}`);
    if (!candidates) return null;
    for (const candidate of candidates) {
      const params = this.paramsOf(candidate, segments);
      if (params) return { route: candidate, params };
    }
    return null;
  }

  /** The methods some route takes at this path, for an OPTIONS answer (as express's router gives it). */
  methodsAt(path: string): string[] {
    const methods = new Set<string>();
    for (const method of ['GET', 'PUT', 'POST', 'DELETE']) if (this.match(method, path)) methods.add(method);
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }

  private paramsOf({ segments: pattern }: CompiledRoute, segments: string[]): Record<string, string> | null {
    const params: Record<string, string> = {};
    for (let i = 0; i < pattern.length; i++) {
      const expected = pattern[i];
      const segment = segments[i];
      if ('literal' in expected) {
        if (segment.toLowerCase() !== expected.literal) return null;
      } else if (!segment || (expected.key && !KEY_VALUE.test(segment))) return null;
      else params[expected.param] = expected.key ? segment : decodedParameter(segment);
    }
    return params;
  }

  /** Runs the matched route for an admitted request whose body (if any) has been read into `body`. */
  async handle(
    { route: { route, op }, params }: RouteMatch,
    req: IncomingMessage,
    res: ServerResponse,
    ctx: RequestContext,
    query: ParsedUrlQuery,
    raw?: string,
  ) {
    const accept = req.headers.accept;
    let format: MediaFormat = route.defaultFormat;
    try {
      format = route.textAnswer ? errorFormat(accept, route.defaultFormat) : negotiate(accept, route.defaultFormat);
      let body: unknown;
      if (op.bodyType) {
        if (!raw) {
          if (route.noBodyStatus) return void ((res.statusCode = route.noBodyStatus), res.end());
          throw badRequest('a request body is required');
        }
        body = decodeBody(req, raw, op.bodyType, route.formBody === true);
      }
      ctx.streamLists = op.listResult;
      const paged = route.paging !== undefined && asksForPage(accept);
      const unpagedRefused = route.paging === 'required' && !paged;
      const variables = variablesOf(route, op, params, query, body);
      if (paged) variables.limit ??= DEFAULT_PAGE_LIMIT;
      else if (unpagedRefused) Object.assign(variables, { start: 0, limit: 0 });
      else if (route.paging) {
        delete variables.start;
        delete variables.limit;
      }
      const result = await op.compiled.query(undefined, ctx, variables);
      if (result.errors?.length) return sendError(res, format, toRestError(result.errors[0], route));
      if (unpagedRefused) throw new DomainError('NOT_ACCEPTABLE', 'this list is answered in pages only: Accept …; pagingspec=1.0');
      if (ctx.listStream) return await sendStream(res, format, ctx.listStream, op.resultType);
      const data = (result.data as Record<string, unknown>)[op.fieldName];
      const status = route.notModifiedWhenFalse && (data === false || data === null) ? 304 : 200;
      if (op.emptyBody || status === 304) return void ((res.statusCode = status), res.end());
      if (route.textAnswer) return sendText(res, status, data as string);
      if (route.paging && !paged) return sendData(res, status, format, (data as Record<string, unknown>)[op.pageItems!], op.pageItemsType!);
      sendData(res, status, format, data, op.resultType);
    } catch (error) {
      // A list that fails half-way cannot change its status any more: the connection is cut, so the client sees it incomplete.
      if (res.headersSent) return void (console.error(error), res.destroy());
      sendError(res, format, toRestError(error, route));
    }
  }
}
