import express, { type Request, type Response } from 'express';
import type { GraphQLInputType, GraphQLOutputType, GraphQLSchema } from 'graphql';
import qs from 'qs';
import { DomainError, badRequest } from '../domain/errors';
import type { RequestContext } from '../domain/context';
import { toRestError, type RestError } from './errors';
import { bodyFormat, negotiate } from './negotiation';
import { sendData, sendError } from './respond';
import type { MediaFormat, RestRoute } from './routes';
import { REST_BASE, canonicalRoutes, type SofaRouter } from './sofa-mount';
import { decodeXml } from './xml-codec';

interface Operation {
  route: RestRoute;
  /** sofa's path for the field, which an alias route is forwarded to. */
  sofaPath: string;
  argNames: Set<string>;
  resultType: GraphQLOutputType;
  bodyType?: GraphQLInputType;
}

function operationOf(schema: GraphQLSchema, route: RestRoute, sofaPath: string): Operation {
  const [root, name] = route.field.split('.');
  const field = (root === 'Query' ? schema.getQueryType() : schema.getMutationType())?.getFields()[name];
  if (!field) throw new Error(`route ${route.method} ${route.path}: no field ${route.field}`);
  const bodyType = route.bodyArg ? field.args.find((arg) => arg.name === route.bodyArg)?.type : undefined;
  if (route.bodyArg && !bodyType) throw new Error(`route ${route.method} ${route.path}: no argument ${route.bodyArg}`);
  return { route, sofaPath, argNames: new Set(field.args.map((arg) => arg.name)), resultType: field.type, bodyType };
}

function decodeBody(req: Request, type: GraphQLInputType): unknown {
  const format = bodyFormat(req.get('content-type'));
  if (!format) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'send application/json or application/xml');
  const raw = req.body as string;
  if (format === 'xml') return decodeXml(raw, type);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('malformed JSON');
  }
}

function sofaUrl(op: Operation, req: Request): string {
  const path = op.sofaPath.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(req.params[name])));
  const query = { ...(req.query as Record<string, unknown>) };
  const extraArg = op.route.extraQueryArg;
  if (extraArg) {
    const extra = Object.entries(query).filter(([name]) => !op.argNames.has(name));
    for (const [name] of extra) delete query[name];
    query[extraArg] = extra.map(([name, value]) => ({ name, value: Array.isArray(value) ? String(value[0]) : String(value) }));
  }
  const search = qs.stringify(query);
  return `http://gateway${REST_BASE}${path}${search ? `?${search}` : ''}`;
}

/** The REST surface: one Express route per table entry, executed through sofa, answered in JSON or XML. */
export function restRouter(schema: GraphQLSchema, sofa: SofaRouter, routes: RestRoute[]) {
  const router = express.Router();
  const canonical = canonicalRoutes(routes);
  for (const route of routes) {
    const op = operationOf(schema, route, canonical.get(route.field)!.path);
    router[route.method.toLowerCase() as 'get'](route.path, async (req: Request, res: Response) => {
      let format: MediaFormat = route.defaultFormat;
      try {
        format = negotiate(req.get('accept'), route.defaultFormat);
        // Keys are numbers: like JAX-RS with a Long path parameter, anything else matches no resource.
        if (Object.values(req.params).some((value) => !/^\d{1,15}$/.test(String(value)))) throw new DomainError('NOT_FOUND', 'no such resource');
        let body: string | undefined;
        if (op.bodyType) {
          if (!req.body) {
            if (route.noBodyStatus) return void res.status(route.noBodyStatus).end();
            throw badRequest('a request body is required');
          }
          body = JSON.stringify({ [route.bodyArg!]: decodeBody(req, op.bodyType) });
        }
        const ctx = res.locals.ctx as RequestContext;
        const response = await sofa.fetch(
          sofaUrl(op, req),
          { method: route.method, headers: body ? { 'content-type': 'application/json' } : {}, body },
          { ctx },
        );
        const payload = await response.json();
        if (!response.ok) return sendError(res, format, (payload as { restError: RestError }).restError);
        const status = route.notModifiedWhenFalse && payload === false ? 304 : 200;
        if (route.emptyBody || status === 304) return void res.status(status).end();
        sendData(res, status, format, payload, op.resultType, route.xmlRoot);
      } catch (error) {
        sendError(res, format, toRestError(error));
      }
    });
  }
  return router;
}
