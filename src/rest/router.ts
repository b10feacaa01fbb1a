import express, { type NextFunction, type Request, type Response } from 'express';
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

function decodeBody(req: Request, type: GraphQLInputType, formAccepted: boolean): unknown {
  const format = bodyFormat(req.get('content-type'), formAccepted);
  if (!format)
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `send ${formAccepted ? 'application/x-www-form-urlencoded, ' : ''}application/json or application/xml`);
  const raw = req.body as string;
  if (format === 'form') return decodeForm(raw, type);
  if (format === 'xml') return decodeXml(raw, type);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('malformed JSON');
  }
}

/** Path parameters, query parameters and the decoded body as the operation's variables. */
function variablesOf(route: RestRoute, op: RestOperation, req: Request, body: unknown): Record<string, unknown> {
  const query = req.query as Record<string, unknown>;
  const variables: Record<string, unknown> = {};
  for (const arg of op.args) {
    const raw = arg.name === route.bodyArg ? body : (req.params[arg.name] ?? query[arg.name]);
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

const keysAreNumbers = (params: Record<string, string>) => Object.entries(params).every(([name, value]) => !name.endsWith('Key') || /^\d{1,15}$/.test(value));

/** The REST surface: one Express route per table entry, executing that route's GraphQL operation, answered in JSON or XML. */
export function restRouter(schema: GraphQLSchema, routes: RestRoute[]) {
  const router = express.Router();
  for (const route of [...routes].sort(bySpecificity)) {
    const op = restOperation(schema, route);
    if (route.formBody && !(op.bodyType && isInputObjectType(getNamedType(op.bodyType)))) {
      throw new Error(`route ${route.method} ${route.path}: a form body fills an input object argument`);
    }
    router[route.method.toLowerCase() as 'get'](route.path, async (req: Request, res: Response, next: NextFunction) => {
      // Keys are numbers: like a JAX-RS Long path parameter, anything else does not match this route
      // (`/users/me` is not `/users/:identityKey`), so no route depends on its position in the list.
      if (!keysAreNumbers(req.params as Record<string, string>)) return next();
      let format: MediaFormat = route.defaultFormat;
      try {
        format = route.textAnswer ? errorFormat(req.get('accept'), route.defaultFormat) : negotiate(req.get('accept'), route.defaultFormat);
        let body: unknown;
        if (op.bodyType) {
          if (!req.body) {
            if (route.noBodyStatus) return void res.status(route.noBodyStatus).end();
            throw badRequest('a request body is required');
          }
          body = decodeBody(req, op.bodyType, route.formBody === true);
        }
        const ctx = res.locals.ctx as RequestContext;
        ctx.streamLists = op.listResult;
        const paged = route.paging !== undefined && asksForPage(req.get('accept'));
        const unpagedRefused = route.paging === 'required' && !paged;
        const variables = variablesOf(route, op, req, body);
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
        if (op.emptyBody || status === 304) return void res.status(status).end();
        if (route.textAnswer) return sendText(res, status, data as string);
        if (route.paging && !paged) return sendData(res, status, format, (data as Record<string, unknown>)[op.pageItems!], op.pageItemsType!);
        sendData(res, status, format, data, op.resultType);
      } catch (error) {
        // A list that fails half-way cannot change its status any more: the connection is cut, so the client sees it incomplete.
        if (res.headersSent) return void (console.error(error), res.destroy());
        sendError(res, format, toRestError(error, route));
      }
    });
  }
  return router;
}
