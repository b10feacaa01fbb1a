import type { NextFunction, Request, Response } from 'express';

export type HttpMethod = 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
export type MediaFormat = 'xml' | 'json';

/** One `METHOD /path` of the REST surface and the GraphQL operation behind it. */
export interface RestRoute {
  method: HttpMethod;
  /** Express-style path below /restapi; a parameter named `…Key` matches digits only (src/rest/router.ts). */
  path: string;
  /** `Query.x` or `Mutation.x`. */
  field: string;
  summary: string;
  /** Representation when the client sends no Accept or `*`/`*`: XML unless the catalogue says JSON (catalogue 1.9). */
  defaultFormat: MediaFormat;
  /** Operation argument that receives the decoded request body. */
  bodyArg?: string;
  /** Status when a body is expected but none is sent (OpenOLAT answers some updates with 204). */
  noBodyStatus?: number;
  /** The answer has validators (ETag, Last-Modified; the service sets ctx.validators): a conditional GET they satisfy gets 304. */
  conditional?: boolean;
  /** The operation answers null when there was nothing to do (an empty upload): REST answers 204 then, as OpenOLAT does. */
  noContentWhenNull?: boolean;
  /** The operation answers false (or null) when nothing changed (already a member): REST answers 304 then. */
  notModifiedWhenFalse?: boolean;
  /**
   * Without a request body, the query parameters fill the fields of the body argument: OpenOLAT's
   * @QueryParam methods (PUT /repo/courses), and its @FormParam methods, which Jersey's servlet
   * container fills from the query parameters when the request carries no form.
   */
  queryBody?: boolean;
  /** The body may also come as an HTML form (application/x-www-form-urlencoded, also beside `multipartBody`): its fields fill the body argument. */
  formBody?: boolean;
  /**
   * The body is multipart/form-data (catalogue "M"): its parts fill the fields of the body
   * argument, a file part a Base64 field; a String field `filename` takes the name of the file
   * part when the form has no such field (OpenOLAT's MultipartReader).
   */
  multipartBody?: boolean;
  /**
   * The operation answers a FileVO (src/schema/files.ts) and the client gets the file itself: its
   * content with Content-Type, Content-Length and Last-Modified, 304 to a conditional GET that it
   * satisfies, 406 when Accept names neither its type nor application/octet-stream. A HEAD request
   * gets the headers and leaves the content unread. `mediaTypes`: the types the route's files have.
   */
  file?: { mediaTypes: string[] };
  /**
   * With `multipartBody`: the file part is streamed to a temporary file (course archives), handed to
   * the operation as `ctx.stagedUpload` and removed when the request ends; `uploadLimitBytes` is the
   * limit (413 beyond). A JSON or XML body is taken too, its file as Base64.
   */
  streamedUpload?: { uploadLimitBytes: () => number };
  /**
   * The operation leaves the answer as a stream in `ctx.fileStream` (a course export): sent with this
   * media type (or application/octet-stream, as the client accepts), unbuffered.
   */
  streamedAnswer?: { mediaType: string };
  /**
   * The body is not read by the transport: the operation reads it as it arrives from `ctx.streamedBody` (a sync
   * document, JSON or XML, too big to hold); the body argument stays empty.
   */
  streamedBody?: boolean;
  /** A job the operation queued: `202 Accepted` with this Location (a path) while it runs, 200 once it has ended. */
  acceptedAt?: (data: never) => string | null;
  /** Failure statuses the operation answers beyond those every route of its kind declares (src/rest/openapi.ts), with when. */
  errors?: Record<number, string>;
  /** A CONFLICT with details is answered as a list of ErrorVO (user rename, catalogue 1.10); elsewhere as one ErrorVO. */
  conflictAsList?: boolean;
  /** Query parameters that are not operation arguments become `[{name, value}]` in this argument. */
  extraQueryArg?: string;
  /**
   * The gateway's own routes (beyond OpenOLAT, whose JAX-RS methods ignore what they do not read): a query
   * parameter the operation does not take, given twice, a Boolean other than `true` or `false`, or a number not
   * written in decimal digits is a 400 naming the parameter. Set for a whole family (`FamilyRoutes.strictQuery`).
   */
  strictQuery?: boolean;
  /**
   * A list OpenOLAT pages: the operation answers a page type (src/schema/paging.ts) and takes
   * `start` and `limit`. With `Accept: …;pagingspec=1.0` the client gets the page, otherwise every
   * row as a plain list (`required`: a request that is not paged gets 406, after the operation's
   * own refusals, as OpenOLAT checks who asks first).
   */
  paging?: 'optional' | 'required';
  /** The operation's String answer is the body, as text/plain (OpenOLAT's group news); errors stay JSON or XML. */
  textAnswer?: boolean;
  /**
   * This path parameter may also stand for several segments (OpenOLAT's `{path:.*}`, the catalog's
   * chain of ancestor keys): when no route takes a request as it is, the extra segments are joined
   * into it (`/catalog/1/12/34/children` gives path `1/12/34`).
   */
  ancestorsIn?: string;
  /** Requests the gateway sends because of this operation (OpenAPI callbacks: a webhook's deliveries). */
  callbacks?: Record<string, unknown>;
  /** openapi.json's tag: the route's family (src/rest/routes/index.ts gives each route its own). */
  tag?: ApiTag;
}

/** A group of operations in openapi.json (its `tags`): one per family, named and described once. */
export interface ApiTag {
  name: string;
  description: string;
}

type RouteOptions = Partial<Omit<RestRoute, 'method' | 'path' | 'field' | 'summary'>>;

const route =
  (method: HttpMethod) =>
  (path: string, field: string, summary: string, options: RouteOptions = {}): RestRoute => ({ method, path, field, summary, defaultFormat: 'xml', ...options });

export const GET = route('GET');
/** For routes that answer a file (`file`) and for existence checks; a GET route answers HEAD requests alike. */
export const HEAD = route('HEAD');
export const PUT = route('PUT');
export const POST = route('POST');
export const DELETE = route('DELETE');

/** OpenOLAT takes PUT and POST alike on some paths: both routes, written once. */
export const PUT_OR_POST = (path: string, field: string, summary: string, options: RouteOptions = {}): RestRoute[] => [
  PUT(path, field, summary, options),
  POST(path, field, summary, options),
];

/** An open text endpoint (ping, versions): the router serves it and openapi.json describes it from the same entry. */
export interface OpenRoute {
  method: 'GET' | 'POST';
  /** Express-style path below /restapi. */
  path: string;
  summary: string;
  produces: 'text/plain' | 'application/xml' | OpenMedia;
  /** The fixed answer of a plain-text endpoint; `{name}` stands for the path parameter `name`. */
  text?: string;
  /** A sample answer of an endpoint whose answer varies. */
  example?: string;
  query?: { name: string; description: string }[];
  /** Failure statuses the endpoint answers itself. */
  errors?: Record<number, string>;
  /** Descriptions of path parameters. */
  parameterDescriptions?: Record<string, string>;
  /** openapi.json's tag: the family's (src/rest/routes/index.ts), or the core service's. */
  tag?: ApiTag;
  /** The handler of an open endpoint whose answer is computed (a family's feed); its path must be open in the security filter. */
  serve?: (req: Request, res: Response, next: NextFunction) => unknown;
}

/** Answers of an open page or file other than text or XML: each media type with its schema. */
export type OpenMedia = Record<string, Record<string, unknown>>;

export const TEXT = (method: OpenRoute['method'], path: string, summary: string, text: string): OpenRoute => ({
  method,
  path,
  summary,
  produces: 'text/plain',
  text,
});

/** `GET {path}`: the version of a family's service, as OpenOLAT answers it. */
export const VERSION = (path: string, service: string, version = '1.0') => TEXT('GET', path, `Version of the ${service} service`, version);

/** A family's part of the REST surface. */
export interface FamilyRoutes {
  routes: RestRoute[];
  /** Plain-text endpoints of the family (versions). */
  openRoutes?: OpenRoute[];
  /** Operations offered through GraphQL only. */
  graphqlOnly?: string[];
  /** The family is the gateway's own: its routes read their query parameters strictly (`RestRoute.strictQuery`). */
  strictQuery?: boolean;
}

/**
 * Orders routes so that a literal path segment is tried before a parameter in the same place, as
 * JAX-RS prefers `/auth/version` to `/auth/{username}`: the routers register in this order, so the
 * order of the lists never matters.
 */
export function bySpecificity(a: { path: string }, b: { path: string }): number {
  const left = a.path.split('/');
  const right = b.path.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const literal = Number(!left[i].startsWith(':')) - Number(!right[i].startsWith(':'));
    if (literal) return -literal;
  }
  return 0;
}
