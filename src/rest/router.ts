import express, { type NextFunction, type Request, type Response } from 'express';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isNonNullType,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import multer from 'multer';
import { DomainError, badRequest } from '../domain/errors';
import { DEFAULT_PAGE_LIMIT } from '../domain/paging';
import type { RequestContext } from '../domain/context';
import { toRestError } from './errors';
import { asksForPage, bodyFormat, errorFormat, isMultipart, negotiate } from './negotiation';
import { fromParameter, restOperation, type RestOperation } from './operations';
import { sendData, sendError, sendStream } from './respond';
import { bySpecificity, type MediaFormat, type RestRoute } from './route';
import { Base64Scalar } from '../schema/scalars';
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

const MULTIPART_FIELD_BYTES = 64 * 1024;

type MultipartReader = (req: Request, res: Response) => Promise<Record<string, unknown>>;

/** Reads a multipart form (multer, in memory) as the input object of the body argument: files fill its Base64 fields, text fields the others. */
function multipartReader(type: GraphQLInputType, uploadLimitBytes: number): MultipartReader {
  const fields = Object.values((getNamedType(type) as GraphQLInputObjectType).getFields());
  const files = fields.filter((field) => getNamedType(field.type).name === Base64Scalar.name);
  const texts = fields.filter((field) => !files.includes(field));
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: uploadLimitBytes, files: files.length, fields: texts.length, fieldSize: MULTIPART_FIELD_BYTES, parts: fields.length },
  }).fields(files.map((field) => ({ name: field.name, maxCount: 1 })));
  return async (req, res) => {
    if (!req.get('content-type')) throw badRequest('a request body is required');
    if (!isMultipart(req.get('content-type'))) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'send multipart/form-data');
    await new Promise<void>((resolve, reject) => parse(req, res, (error: unknown) => (error ? reject(multipartError(error, uploadLimitBytes)) : resolve())));
    return formInput(req, fields, texts);
  };
}

/** The parts multer read, as the input object; a `filename` field takes the name of the file part when the form has none (OpenOLAT's MultipartReader). */
function formInput(req: Request, fields: GraphQLInputField[], texts: GraphQLInputField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const parts = (req.files ?? {}) as Record<string, Express.Multer.File[]>;
  for (const [name, [part]] of Object.entries(parts)) out[name] = part.buffer;
  for (const [name, value] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
    const field = texts.find((text) => text.name === name);
    if (!field) throw badRequest(`unknown form field ${name}`);
    out[name] = fromParameter(value, field.type);
  }
  const named = Object.values(parts)[0]?.[0]?.originalname;
  if (out.filename === undefined && named && texts.some((field) => field.name === 'filename')) out.filename = named;
  const missing = fields.find((field) => isNonNullType(field.type) && out[field.name] === undefined);
  if (missing) throw badRequest(`the form has no ${missing.name}`);
  return out;
}

function multipartError(error: unknown, uploadLimitBytes: number): DomainError {
  if (!(error instanceof multer.MulterError)) return badRequest(`malformed multipart body: ${(error as Error).message}`);
  if (error.code === 'LIMIT_FILE_SIZE') return new DomainError('PAYLOAD_TOO_LARGE', `the file ${error.field} is larger than ${uploadLimitBytes} bytes`);
  if (error.code === 'LIMIT_FIELD_VALUE')
    return new DomainError('PAYLOAD_TOO_LARGE', `the form field ${error.field} is larger than ${MULTIPART_FIELD_BYTES} bytes`);
  return badRequest(`${error.message}${error.field ? `: ${error.field}` : ''}`);
}

/** The media type a file is sent as: its own, else (for any file) application/octet-stream, whichever the client accepts; false: neither. */
const fileMediaType = (req: Request, stored: string) => req.accepts([stored, ...(stored === 'image/jpeg' ? ['image/jpg'] : []), 'application/octet-stream']);

/** Answers the FileVO of a file route: headers from the operation without the content (HEAD, conditional GET), then the content where it is needed. */
async function sendFile(req: Request, res: Response, op: RestOperation, ctx: RequestContext, variables: Record<string, unknown>) {
  const conditional = req.method === 'GET' && (req.get('if-modified-since') !== undefined || req.get('if-none-match') !== undefined);
  const read = async (compiled: RestOperation['compiled']) => {
    const result = await compiled.query(undefined, ctx, variables);
    if (result.errors?.length) throw result.errors[0];
    return (result.data as Record<string, Record<string, unknown>>)[op.fieldName];
  };
  let file = await read(req.method === 'HEAD' || conditional ? op.fileHeaders! : op.compiled);
  const type = fileMediaType(req, file.contentType as string);
  if (!type) throw new DomainError('NOT_ACCEPTABLE', `the file is ${file.contentType as string}; accept it or application/octet-stream`);
  res.setHeader('Last-Modified', new Date(file.lastModified as number).toUTCString());
  if (req.fresh) return void res.status(304).end();
  if (conditional) file = await read(op.compiled);
  const content = req.method === 'HEAD' ? undefined : Buffer.from(file.content as string, 'base64');
  res.status(200).setHeader('Content-Type', type);
  res.setHeader('Content-Length', content?.length ?? (file.length as number));
  res.end(content);
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

/** The values of the path parameters whose argument is an enum (`/portrait/:size`). */
function enumParameters(route: RestRoute, op: RestOperation): [string, Set<string>][] {
  const inPath = new Set([...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]));
  return op.args.flatMap((arg) => {
    const type = getNamedType(arg.type);
    return inPath.has(arg.name) && isEnumType(type) ? [[arg.name, new Set(type.getValues().map((value) => value.name))] as [string, Set<string>]] : [];
  });
}

export interface RestRouterOptions {
  /** The largest file part of a multipart body. */
  uploadLimitBytes: number;
}

/** HEAD routes first: a GET route also takes the HEAD requests of its path that reach it. */
const byMethodAndSpecificity = (a: RestRoute, b: RestRoute) => Number(b.method === 'HEAD') - Number(a.method === 'HEAD') || bySpecificity(a, b);

/** The REST surface: one Express route per table entry, executing that route's GraphQL operation, answered in JSON or XML (or as a file). */
export function restRouter(schema: GraphQLSchema, routes: RestRoute[], options: RestRouterOptions) {
  const router = express.Router();
  for (const route of [...routes].sort(byMethodAndSpecificity)) {
    const op = restOperation(schema, route);
    if ((route.formBody || route.multipartBody) && !(op.bodyType && isInputObjectType(getNamedType(op.bodyType)))) {
      throw new Error(`route ${route.method} ${route.path}: a form body fills an input object argument`);
    }
    const enums = enumParameters(route, op);
    const readMultipart = route.multipartBody ? multipartReader(op.bodyType!, options.uploadLimitBytes) : undefined;
    router[route.method.toLowerCase() as 'get'](route.path, async (req: Request, res: Response, next: NextFunction) => {
      // Keys are numbers: like a JAX-RS Long path parameter, anything else does not match this route
      // (`/users/me` is not `/users/:identityKey`), so no route depends on its position in the list.
      // An enum parameter matches its values only: another size of portrait is no resource (404).
      if (!keysAreNumbers(req.params as Record<string, string>) || enums.some(([name, values]) => !values.has(req.params[name] as string))) return next();
      let format: MediaFormat = route.defaultFormat;
      try {
        format = route.file ? errorFormat(req.get('accept'), route.defaultFormat) : negotiate(req.get('accept'), route.defaultFormat);
        let body: unknown;
        if (readMultipart) body = await readMultipart(req, res);
        else if (op.bodyType) {
          if (!req.body && !isMultipart(req.get('content-type'))) {
            if (route.noBodyStatus) return void res.status(route.noBodyStatus).end();
            throw badRequest('a request body is required');
          }
          body = decodeBody(req, op.bodyType, route.formBody === true);
        }
        const ctx = res.locals.ctx as RequestContext;
        ctx.streamLists = op.listResult;
        const paged = route.paging !== undefined && asksForPage(req.get('accept'));
        if (route.paging === 'required' && !paged) throw new DomainError('NOT_ACCEPTABLE', 'this list is answered in pages only: Accept …; pagingspec=1.0');
        const variables = variablesOf(route, op, req, body);
        if (paged) variables.limit ??= DEFAULT_PAGE_LIMIT;
        else if (route.paging) {
          delete variables.start;
          delete variables.limit;
        }
        if (route.file) return await sendFile(req, res, op, ctx, variables);
        const result = await op.compiled.query(undefined, ctx, variables);
        if (result.errors?.length) return sendError(res, format, toRestError(result.errors[0], route));
        if (ctx.listStream) return await sendStream(res, format, ctx.listStream, op.resultType);
        const data = (result.data as Record<string, unknown>)[op.fieldName];
        const status = route.notModifiedWhenFalse && (data === false || data === null) ? 304 : 200;
        if (op.emptyBody || status === 304) return void res.status(status).end();
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
