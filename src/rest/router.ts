import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ParsedUrlQuery } from 'node:querystring';
import accepts from 'accepts';
import fresh from 'fresh';
import {
  GraphQLString,
  getNamedType,
  getNullableType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import multer from 'multer';
import { TOKEN_HEADER } from '../auth/security-filter';
import { DomainError, badRequest } from '../domain/errors';
import { DEFAULT_PAGE_LIMIT } from '../domain/paging';
import type { RequestContext } from '../domain/context';
import { toRestError } from './errors';
import { asksForPage, bodyFormat, errorFormat, isMultipart, negotiate } from './negotiation';
import { enumArgValues, fromParameter, restOperation, type RestOperation } from './operations';
import { sendData, sendError, sendStream, sendText } from './respond';
import { bySpecificity, type MediaFormat, type RestRoute } from './route';
import { Base64Scalar } from '../schema/scalars';
import { decodeXml } from './xml-codec';
import { checkRestVariables, type InputSource } from './input-errors';
import { controlCharacterRefused, holdsControlCharacter, urlIsUtf8 } from '../ops/control-characters';
import { readStreamedForm, removeStaged } from '../courses/archive/staging';

/** A form body as the input object of the body argument. */
function decodeForm(raw: string, type: GraphQLInputType): Record<string, unknown> {
  const form = new URLSearchParams(raw);
  return fieldsOf(new Set(form.keys()), (name) => form.getAll(name), type);
}

/**
 * Named values (a form's, the query's) as the input object of the body argument. A name the type
 * lacks is ignored, as Jersey's @FormParam and @QueryParam read only the names they declare.
 */
function fieldsOf(names: Iterable<string>, valuesOf: (name: string) => string[], type: GraphQLInputType): Record<string, unknown> {
  const fields = (getNamedType(type) as GraphQLInputObjectType).getFields();
  const out: Record<string, unknown> = {};
  for (const name of names) {
    if (!fields[name]) continue;
    const values = valuesOf(name);
    out[name] = fromParameter(values.length > 1 ? values : values[0], fields[name].type);
  }
  return out;
}

/** The query parameters as the body argument (`queryBody` routes without a body); the token a request may carry there is not one of them. */
const queryAsBody = (query: ParsedUrlQuery, type: GraphQLInputType) =>
  fieldsOf(
    Object.keys(query).filter((name) => name !== TOKEN_HEADER),
    (name) => ([] as string[]).concat(query[name] ?? []),
    type,
  );

function decodeBody(req: IncomingMessage, raw: string, type: GraphQLInputType, formAccepted: boolean): unknown {
  const format = bodyFormat(req.headers['content-type'], formAccepted);
  if (!format)
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `send ${formAccepted ? 'application/x-www-form-urlencoded, ' : ''}application/json or application/xml`);
  if (format === 'form') return decodeForm(raw, type);
  if (format === 'xml') return decodeXml(raw, type);
  let decoded: unknown;
  try {
    decoded = JSON.parse(raw);
  } catch {
    throw badRequest('malformed JSON');
  }
  return withoutIgnoredFields(decoded, type);
}

/** A JSON body without the fields its input type says a REST client may send but the operation ignores (`ignoredOnWire`, e.g. a roll call's attendance). */
function withoutIgnoredFields(body: unknown, type: GraphQLInputType): unknown {
  const ignored = getNamedType(type).extensions?.ignoredOnWire as string[] | undefined;
  if (!ignored || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !ignored.includes(name)));
}

const MULTIPART_FIELD_BYTES = 64 * 1024;

type MultipartReader = (req: IncomingMessage, res: ServerResponse, ctx: RequestContext) => Promise<Record<string, unknown>>;

/**
 * Reads a multipart form whose file part is streamed to a temporary file (`streamedUpload` routes):
 * the staged file goes to `ctx.stagedUpload`, the text fields fill the body argument.
 */
function streamedReader(type: GraphQLInputType, uploadLimitBytes: () => number): MultipartReader {
  const fields = Object.values((getNamedType(type) as GraphQLInputObjectType).getFields());
  const texts = fields.filter((field) => getNamedType(field.type).name !== Base64Scalar.name);
  return async (req, _res, ctx) => {
    if (!req.headers['content-type']) throw badRequest('a request body is required');
    if (!isMultipart(req.headers['content-type'])) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'send multipart/form-data');
    const { fields: read, staged } = await readStreamedForm(req, uploadLimitBytes());
    ctx.stagedUpload = staged;
    const out: Record<string, unknown> = {};
    for (const [name, value] of read) {
      // A field OpenOLAT's MultipartReader does not read is ignored.
      const field = texts.find((text) => text.name === name);
      if (field) out[name] = fromParameter(value, field.type);
    }
    if (out.filename === undefined && staged?.filename && texts.some((field) => field.name === 'filename')) out.filename = staged.filename;
    return out;
  };
}

/** Streams the answer an operation left in `ctx.fileStream`. */
async function sendStreamedAnswer(req: IncomingMessage, res: ServerResponse, route: RestRoute, ctx: RequestContext) {
  const mediaType = route.streamedAnswer!.mediaType;
  const type = accepts(req).type([mediaType, 'application/octet-stream']);
  if (!type) throw new DomainError('NOT_ACCEPTABLE', `the answer is ${mediaType}; accept it or application/octet-stream`);
  const answer = ctx.fileStream!;
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  const ascii = answer.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  res.setHeader('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(answer.filename)}`);
  await answer.write(res);
}

/** What multer leaves on the request. */
type ReadMultipart = IncomingMessage & { body?: Record<string, unknown>; files?: Record<string, Express.Multer.File[]> };

/** Bounds of a multipart form: parts OpenOLAT does not read are taken and dropped, up to these counts (400 beyond). */
const MULTIPART_LIMITS = { files: 16, fields: 64, parts: 80 };

/**
 * Reads a multipart form (multer, in memory) as the input object of the body argument: files fill its
 * Base64 fields, text fields the others. With one Base64 field, any file part fills it, whatever its
 * name, as OpenOLAT's MultipartReader takes any part with a file name as the file (importers send
 * course pages in a part named `path`). A part the body does not read (another name, a second file
 * for the same field) is drained unread, as OpenOLAT ignores what it does not read.
 */
function multipartReader(type: GraphQLInputType, uploadLimitBytes: number): MultipartReader {
  const fields = Object.values((getNamedType(type) as GraphQLInputObjectType).getFields());
  const files = fields.filter((field) => getNamedType(field.type).name === Base64Scalar.name);
  const texts = fields.filter((field) => !files.includes(field));
  const anyName = files.length === 1;
  const fieldOf = (partName: string) => (anyName ? files[0].name : files.find((field) => field.name === partName)?.name);
  /** The Base64 fields a request's form has filled so far: a later file for the same field is dropped. */
  const filled = new WeakMap<object, Set<string>>();
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: uploadLimitBytes, fieldSize: MULTIPART_FIELD_BYTES, ...MULTIPART_LIMITS },
    fileFilter: (req, part, keep) => {
      const field = fieldOf(part.fieldname);
      const seen = filled.get(req) ?? new Set<string>();
      filled.set(req, seen);
      if (!field || seen.has(field)) return keep(null, false);
      seen.add(field);
      keep(null, true);
    },
  });
  const parse = upload.any();
  return async (req, res) => {
    if (!req.headers['content-type']) throw badRequest('a request body is required');
    if (!isMultipart(req.headers['content-type'])) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'send multipart/form-data');
    await new Promise<void>((resolve, reject) =>
      parse(req as Parameters<typeof parse>[0], res as Parameters<typeof parse>[1], (error: unknown) =>
        error ? reject(multipartError(error, uploadLimitBytes)) : resolve(),
      ),
    );
    const read = req as IncomingMessage & { files?: unknown };
    const parts = (read.files as Express.Multer.File[] | undefined) ?? [];
    read.files = Object.fromEntries(parts.map((part) => [fieldOf(part.fieldname)!, [part]]));
    return formInput(req, fields, texts);
  };
}

/** The parts multer read, as the input object; a `filename` field takes the name of the file part when the form has none (OpenOLAT's MultipartReader). */
function formInput(req: ReadMultipart, fields: GraphQLInputField[], texts: GraphQLInputField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const parts = req.files ?? {};
  for (const [name, [part]] of Object.entries(parts)) out[name] = part.buffer;
  for (const [name, value] of Object.entries(req.body ?? {})) {
    // A field OpenOLAT's MultipartReader does not read is ignored.
    const field = texts.find((text) => text.name === name);
    if (field) out[name] = fromParameter(value, field.type);
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
const fileMediaType = (req: IncomingMessage, stored: string) =>
  accepts(req).type([stored, ...(stored === 'image/jpeg' ? ['image/jpg'] : []), 'application/octet-stream']);

/** Answers the FileVO of a file route: headers from the operation without the content (HEAD, conditional GET), then the content where it is needed. */
async function sendFile(req: IncomingMessage, res: ServerResponse, op: RestOperation, ctx: RequestContext, variables: Record<string, unknown>) {
  const conditional = req.method === 'GET' && (req.headers['if-modified-since'] !== undefined || req.headers['if-none-match'] !== undefined);
  const read = async (compiled: RestOperation['compiled']) => {
    const result = await compiled.query(undefined, ctx, variables);
    if (result.errors?.length) throw result.errors[0];
    return (result.data as Record<string, Record<string, unknown>>)[op.fieldName];
  };
  let file = await read(req.method === 'HEAD' || conditional ? op.fileHeaders! : op.compiled);
  const type = fileMediaType(req, file.contentType as string);
  if (!type) throw new DomainError('NOT_ACCEPTABLE', `the file is ${file.contentType as string}; accept it or application/octet-stream`);
  const lastModified = new Date(file.lastModified as number).toUTCString();
  res.setHeader('Last-Modified', lastModified);
  if (fresh(req.headers, { 'last-modified': lastModified })) return void ((res.statusCode = 304), res.end());
  if (conditional) file = await read(op.compiled);
  const content = req.method === 'HEAD' ? undefined : Buffer.from(file.content as string, 'base64');
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', content?.length ?? (file.length as number));
  res.end(content);
}

/** Sends the validators of an answer (ETag, Last-Modified); true when a conditional GET they satisfy gets 304 instead of the answer. */
function answersConditionally(req: IncomingMessage, res: ServerResponse, validators: NonNullable<RequestContext['validators']>): boolean {
  const headers: Record<string, string> = {};
  if (validators.etag) headers.etag = validators.etag;
  if (validators.lastModified) headers['last-modified'] = validators.lastModified.toUTCString();
  if (headers.etag) res.setHeader('ETag', headers.etag);
  if (headers['last-modified']) res.setHeader('Last-Modified', headers['last-modified']);
  return req.method === 'GET' && fresh(req.headers, headers);
}

/** Path parameters, query parameters and the decoded body as the operation's variables. */
function variablesOf(route: RestRoute, op: RestOperation, params: Record<string, string>, query: ParsedUrlQuery, body: unknown): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const arg of op.args) {
    const raw = arg.name === route.bodyArg ? body : (params[arg.name] ?? query[arg.name]);
    if (raw !== undefined) variables[arg.name] = arg.name === route.bodyArg ? raw : fromParameter(raw, arg.type, route.strictQuery);
    // A text query parameter the operation requires reaches it empty when the client leaves it out: the operation refuses
    // an empty one itself (400), after its own checks of the caller and the objects, as when the parameter was optional.
    else if (arg.name !== route.bodyArg && isNonNullType(arg.type) && arg.type.ofType === GraphQLString && arg.defaultValue === undefined)
      variables[arg.name] = '';
  }
  if (route.extraQueryArg) {
    const known = new Set(op.args.map((arg) => arg.name));
    variables[route.extraQueryArg] = Object.entries(query)
      .filter(([name]) => !known.has(name))
      .map(([name, value]) => ({ name, value: String(Array.isArray(value) ? value[0] : value) }));
  }
  return variables;
}

/** On the gateway's own routes (`strictQuery`): a query parameter the operation does not take, or one given twice that is no list. */
function unexpectedQueryParameter(route: RestRoute, op: RestOperation, params: Record<string, string>, query: ParsedUrlQuery): DomainError | undefined {
  for (const [name, value] of Object.entries(query)) {
    if (name === TOKEN_HEADER) continue;
    const arg = name in params || name === route.bodyArg ? undefined : op.args.find((candidate) => candidate.name === name);
    if (!arg) return badRequest(`unknown query parameter "${name}"`);
    if (Array.isArray(value) && !isListType(getNullableType(arg.type))) return badRequest(`query parameter "${name}" is given more than once`);
  }
  return undefined;
}

/** A literal segment, or a parameter: a `…Key` matches digits only, an enum argument its values only. */
type Segment = { literal: string } | { param: string; key: boolean; values?: Set<string> };

interface CompiledRoute {
  route: RestRoute;
  op: RestOperation;
  segments: Segment[];
  readMultipart?: MultipartReader;
}

export interface RestRouterOptions {
  /** The largest file part of a multipart body. */
  uploadLimitBytes: number;
  /** The open endpoints (versions) express serves: a route does not take a request one of them names with a literal where the route has a parameter (`/repo/entries/version`, not `/repo/entries/:entry`). */
  openRoutes?: { method: string; path: string }[];
  /** Where an internal error (a 500, or a failure once the answer has begun) is logged; never sent. */
  logError: (error: unknown) => void;
}

/** The values of an enum argument (`/portrait/:size`). */
function enumValues(op: RestOperation, name: string): Set<string> | undefined {
  const values = enumArgValues(op.args, name);
  return values && new Set(values);
}

/** A request's route and its path parameters. */
export interface RouteMatch {
  route: CompiledRoute;
  params: Record<string, string>;
  /** A parameter that is not valid percent-encoding: answered 400 once the request is admitted, as express did. */
  malformed?: string;
}

/** `/users/:identityKey/roles` as segments; a trailing slash is dropped, as express's non-strict routing does. */
const segmentsOf = (path: string) => {
  const segments = path.split('/').slice(1);
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  return segments;
};

/** A request's path segments as given (parameter values) and in lower case (literals match in any case). */
interface RequestSegments {
  given: string[];
  lowered: string[];
}

const requestSegments = (given: string[]): RequestSegments => ({ given, lowered: given.map((segment) => segment.toLowerCase()) });

const KEY_VALUE = /^\d{1,15}$/;

function decodedParameter(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
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
  private readonly openByShape = new Map<string, { path: string; segments: Segment[] }[]>();
  /** Routes whose `ancestorsIn` parameter takes several segments, the longest patterns first. */
  private readonly multiSegment: CompiledRoute[] = [];

  private readonly logError: (error: unknown) => void;

  constructor(schema: GraphQLSchema, routes: RestRoute[], options: RestRouterOptions) {
    this.logError = options.logError;
    for (const open of options.openRoutes ?? []) {
      const segments = segmentsOf(open.path).map((segment): Segment =>
        segment.startsWith(':') ? { param: segment.slice(1), key: segment.endsWith('Key') } : { literal: segment.toLowerCase() },
      );
      const shape = `${open.method} ${segments.length}`;
      this.openByShape.set(shape, [...(this.openByShape.get(shape) ?? []), { path: open.path, segments }]);
    }
    for (const route of [...routes].sort(bySpecificity)) {
      const op = restOperation(schema, route);
      if ((route.formBody || route.multipartBody || route.queryBody) && !(op.bodyType && isInputObjectType(getNamedType(op.bodyType)))) {
        throw new Error(`route ${route.method} ${route.path}: a form body fills an input object argument`);
      }
      const segments = segmentsOf(route.path).map((segment): Segment => {
        if (!segment.startsWith(':')) return { literal: segment.toLowerCase() };
        const param = segment.slice(1);
        return { param, key: param.endsWith('Key'), values: enumValues(op, param) };
      });
      const readMultipart = route.multipartBody
        ? route.streamedUpload
          ? streamedReader(op.bodyType!, route.streamedUpload.uploadLimitBytes)
          : multipartReader(op.bodyType!, options.uploadLimitBytes)
        : undefined;
      const shape = `${route.method} ${segments.length}`;
      this.byShape.set(shape, [...(this.byShape.get(shape) ?? []), { route, op, segments, readMultipart }]);
      if (route.ancestorsIn) this.multiSegment.push(this.byShape.get(shape)!.at(-1)!);
    }
    this.multiSegment.sort((a, b) => b.segments.length - a.segments.length);
  }

  /** The route of `method path` (path below /restapi), if any; a HEAD request without a HEAD route is answered by the GET route. */
  match(method: string, path: string): RouteMatch | null {
    const segments = requestSegments(segmentsOf(path));
    return (
      this.matchIn(method, segments) ??
      (method === 'HEAD' ? this.matchIn('GET', segments) : null) ??
      this.matchJoined(method, segments.given) ??
      (method === 'HEAD' ? this.matchJoined('GET', segments.given) : null)
    );
  }

  /** A route whose `ancestorsIn` parameter takes the extra segments of the request, joined by `/`. */
  private matchJoined(method: string, segments: string[]): RouteMatch | null {
    for (const candidate of this.multiSegment) {
      const extra = segments.length - candidate.segments.length;
      if (candidate.route.method !== method || extra <= 0) continue;
      const at = candidate.segments.findIndex((segment) => 'param' in segment && segment.param === candidate.route.ancestorsIn);
      const joined = [...segments.slice(0, at), segments.slice(at, at + extra + 1).join('/'), ...segments.slice(at + extra + 1)];
      const match = this.paramsOf(candidate, requestSegments(joined));
      if (match) return { route: candidate, ...match };
    }
    return null;
  }

  private matchIn(method: string, segments: RequestSegments): RouteMatch | null {
    const shape = `${method} ${segments.given.length}`;
    for (const candidate of this.byShape.get(shape) ?? []) {
      const match = this.paramsOf(candidate, segments);
      if (!match) continue;
      const open = this.openByShape.get(shape) ?? [];
      if (open.some((route) => this.paramsOf(route, segments) && bySpecificity(route, candidate.route) < 0)) return null;
      return { route: candidate, ...match };
    }
    return null;
  }

  /** The methods some route takes at this path, for an OPTIONS answer (as express's router gives it). */
  methodsAt(path: string): string[] {
    const methods = new Set<string>();
    for (const method of ['GET', 'HEAD', 'PUT', 'POST', 'DELETE']) if (this.match(method, path)) methods.add(method);
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }

  private paramsOf({ segments: pattern }: { segments: Segment[] }, { given: segments, lowered }: RequestSegments): Omit<RouteMatch, 'route'> | null {
    for (let i = 0; i < pattern.length; i++) {
      const expected = pattern[i];
      if ('literal' in expected ? lowered[i] !== expected.literal : !segments[i] || (expected.key && !KEY_VALUE.test(segments[i]))) return null;
    }
    const params: Record<string, string> = {};
    let malformed: string | undefined;
    for (let i = 0; i < pattern.length; i++) {
      const expected = pattern[i];
      const segment = segments[i];
      if (!('literal' in expected)) {
        const value = expected.key ? segment : decodedParameter(segment);
        if (value === null) malformed ??= segment;
        // An enum parameter matches its values only: another size of portrait is no resource (404).
        if (expected.values && !expected.values.has(value ?? segment)) return null;
        params[expected.param] = value ?? segment;
      }
    }
    return { params, malformed };
  }

  /** Runs the matched route for an admitted request whose body (if any) has been read into `raw`. */
  async handle(
    { route: { route, op, readMultipart }, params, malformed }: RouteMatch,
    req: IncomingMessage,
    res: ServerResponse,
    ctx: RequestContext,
    query: ParsedUrlQuery,
    raw?: string,
  ) {
    const accept = req.headers.accept;
    let format: MediaFormat = route.defaultFormat;
    try {
      format = route.textAnswer || route.file || route.streamedAnswer ? errorFormat(accept, route.defaultFormat) : negotiate(accept, route.defaultFormat);
      if (malformed) throw badRequest(`malformed path parameter ${malformed}`);
      if (!urlIsUtf8(req.url ?? '')) throw badRequest('the path or query string is not valid UTF-8 once percent-decoded');
      const unexpected = route.strictQuery ? unexpectedQueryParameter(route, op, params, query) : undefined;
      if (unexpected) throw unexpected;
      let body: unknown;
      // Where the body argument came from, to name its fields in errors (src/rest/input-errors.ts).
      let bodySource: InputSource = 'body';
      // A multipart route that also takes query parameters or a form reads a body that is not multipart as those.
      if (readMultipart && (isMultipart(req.headers['content-type']) || !(route.queryBody || route.formBody || route.streamedUpload))) {
        body = await readMultipart(req, res, ctx);
        bodySource = 'form';
      } else if (op.bodyType && route.streamedBody) {
        const streamed = bodyFormat(req.headers['content-type']);
        if (streamed === 'json' || streamed === 'xml') ctx.streamedBody = { stream: req, format: streamed };
        else if (req.headers['content-type']) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'the body is JSON or XML');
        else throw badRequest('a request body is required');
      } else if (op.bodyType) {
        if (!raw && !isMultipart(req.headers['content-type'])) {
          if (route.queryBody) [body, bodySource] = [queryAsBody(query, op.bodyType), 'query-fields'];
          // No upload at all: the operation answers null after its own refusals (204).
          else if (route.streamedUpload) body = {};
          else if (route.noBodyStatus) return void ((res.statusCode = route.noBodyStatus), res.end());
          else throw badRequest('a request body is required');
        } else {
          body = decodeBody(req, raw ?? '', op.bodyType, route.formBody === true);
          if (bodyFormat(req.headers['content-type'], route.formBody === true) === 'form') {
            bodySource = 'form';
            // OpenOLAT's @FormParam on a POST form reads the servlet's parameters, the query's first (Tomcat parses both, Jersey takes the first value).
            if (route.queryBody && req.method === 'POST') body = { ...(body as Record<string, unknown>), ...queryAsBody(query, op.bodyType) };
          }
        }
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
      const refused = checkRestVariables(op.args, variables, (name) => (name === route.bodyArg ? bodySource : name in params ? 'path' : 'query'));
      if (refused) throw refused;
      // Whatever the source: the body, a form, a multipart field, the query string or the path.
      if (holdsControlCharacter(variables)) throw controlCharacterRefused();
      if (route.file) return await sendFile(req, res, op, ctx, variables);
      const result = await op.compiled.query(undefined, ctx, variables);
      if (result.errors?.length) throw result.errors[0];
      if (route.streamedAnswer && ctx.fileStream) return await sendStreamedAnswer(req, res, route, ctx);
      if (unpagedRefused) throw new DomainError('NOT_ACCEPTABLE', 'this list is answered in pages only: Accept …; pagingspec=1.0');
      if (ctx.listStream) return await sendStream(res, format, ctx.listStream, op.resultType);
      const data = (result.data as Record<string, unknown>)[op.fieldName];
      if (route.noContentWhenNull && data === null) return void ((res.statusCode = 204), res.end());
      if (route.conditional && ctx.validators && answersConditionally(req, res, ctx.validators)) return void ((res.statusCode = 304), res.end());
      const location = route.acceptedAt?.(data as never);
      if (location) res.setHeader('Location', location);
      const status = location ? 202 : route.notModifiedWhenFalse && (data === false || data === null) ? 304 : 200;
      if (op.emptyBody || status === 304) return void ((res.statusCode = status), res.end());
      if (route.textAnswer) return sendText(res, status, data as string);
      if (route.paging && !paged) return sendData(res, status, format, (data as Record<string, unknown>)[op.pageItems!], op.pageItemsType!);
      sendData(res, status, format, data, op.resultType);
    } catch (error) {
      // A list that fails half-way cannot change its status any more: the connection is cut, so the client sees it incomplete.
      if (res.headersSent) return void (this.logError(error), res.destroy());
      // An upload refused is gone before the answer leaves.
      if (ctx.stagedUpload) await removeStaged(ctx.stagedUpload);
      ctx.stagedUpload = undefined;
      sendError(res, format, toRestError(error, route, this.logError));
    } finally {
      if (ctx.stagedUpload) await removeStaged(ctx.stagedUpload);
    }
  }
}
