import type { NextFunction, Request, Response } from 'express';
import { getOperationAST, GraphQLError, parse, specifiedRules, validate, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { ExecutionResult } from 'graphql-sse';
import { createHandler } from 'graphql-sse/lib/use/express';
import type { RequestContext } from '../domain/context';
import { controlCharacterRefused, graphqlRequestHoldsControlCharacter } from '../ops/control-characters';
import { formatGraphqlError } from './apollo';
import { costRefusal, operationCost, type CostLimits } from './cost';

/** Where subscriptions are served, as Server-Sent Events (the graphql-sse protocol, "distinct connections" mode). */
export const STREAM_PATH = '/graphql/stream';

export interface StreamOptions extends CostLimits {
  /** `GRAPHQL_MAX_TOKENS`. */
  maxTokens: number;
  /** Streams one caller may hold open on this instance at once (`GRAPHQL_STREAMS_PER_CALLER`). */
  streamsPerCaller: number;
  /** Where internal errors are logged (their details never reach the client). */
  log: (error: unknown) => void;
}

const EVENT_STREAM = 'text/event-stream';
const JSON_TYPE = 'application/json; charset=utf-8';

type Refusal = readonly [string, { status: number; statusText: string; headers: Record<string, string> }];

/** An answer before any stream opens, as /graphql answers a request it does not run: status and `{ errors }`. */
const refusal = (status: number, errors: readonly GraphQLFormattedError[], headers: Record<string, string> = {}): Refusal => [
  JSON.stringify({ errors }),
  {
    status,
    statusText: status === 400 ? 'Bad Request' : status === 405 ? 'Method Not Allowed' : status === 429 ? 'Too Many Requests' : 'Not Acceptable',
    headers: { 'content-type': JSON_TYPE, ...headers },
  },
];

const badRequest = (message: string, code = 'BAD_REQUEST') => refusal(400, [{ message, extensions: { code } }]);

/** A refusal of the request as express answers it, outside graphql-sse. */
function refuse(res: Response, [body, init]: Refusal) {
  res.writeHead(init.status, init.statusText, init.headers).end(body);
}

/**
 * Subscriptions over Server-Sent Events (graphql-sse), behind the security filter of /graphql (its context in
 * `res.locals.ctx`): the same schema, directives and error masking as /graphql. Only subscription operations are
 * run here (queries and mutations go to /graphql: 400), with /graphql's limits (tokens, validation, depth, cost,
 * aliases, root fields); a document refused is a 400 before any stream opens, as /graphql answers it. Errors of the
 * operation itself (a malformed cursor, a refusal, a failure while streaming) come as an event with `errors`, and the
 * stream completes. Each request is one stream of one operation: the "single connection" mode, whose streams are
 * found by a token and not by the caller, is off.
 */
export function graphqlStream(schema: GraphQLSchema, options: StreamOptions) {
  const handler = createHandler<RequestContext & Record<PropertyKey, unknown>>({
    schema,
    authenticate: () => null,
    // onSubscribe validated the document with the standard rules already.
    validate: () => [],
    onSubscribe(req, params) {
      const ctx = req.context.res.locals.ctx as RequestContext & Record<PropertyKey, unknown>;
      if (graphqlRequestHoldsControlCharacter(params)) return badRequest(controlCharacterRefused().message);
      let document: DocumentNode;
      try {
        document = parse(params.query, { maxTokens: options.maxTokens });
      } catch (error) {
        const parseError = error as GraphQLError;
        return refusal(400, [
          formatGraphqlError(
            { message: parseError.message, locations: parseError.locations, extensions: { code: 'GRAPHQL_PARSE_FAILED' } },
            error,
            options.log,
          ),
        ]);
      }
      const operation = getOperationAST(document, params.operationName);
      if (!operation) return badRequest('the document must hold one operation, or name the one to run (operationName)');
      if (operation.operation !== 'subscription')
        return badRequest(`${STREAM_PATH} runs subscriptions only; send ${operation.operation === 'query' ? 'queries' : 'mutations'} to POST /graphql`);
      const invalid = validate(schema, document, specifiedRules);
      if (invalid.length)
        return refusal(
          400,
          invalid.map((error) => ({ message: error.message, locations: error.locations, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })),
        );
      const tooMuch = costRefusal(operationCost(schema, document, operation, params.variables ?? {}, options.defaultListSize), options);
      if (tooMuch) {
        const { http: _http, ...extensions } = tooMuch.extensions;
        return refusal(400, [{ message: tooMuch.message, extensions }]);
      }
      return { schema, document, operationName: params.operationName, variableValues: params.variables, contextValue: ctx };
    },
    // Domain errors carry their code, internal ones are logged and masked (as on /graphql).
    onNext(_ctx, _req, result) {
      if (!result.errors?.length) return;
      const errors = result.errors.map((error) =>
        formatGraphqlError(error instanceof GraphQLError ? error.toJSON() : { message: String(error) }, error, options.log),
      );
      return { ...result, errors } as unknown as ExecutionResult;
    },
  });
  const open = new Set<Response>();
  /** Open streams by caller key. */
  const streamsOf = new Map<number, number>();
  const serve = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'POST')
      return refuse(
        res,
        refusal(405, [{ message: `${STREAM_PATH} answers GET and POST`, extensions: { code: 'METHOD_NOT_ALLOWED' } }], { allow: 'GET, POST' }),
      );
    if (!req.headers.accept?.toLowerCase().includes(EVENT_STREAM))
      return refuse(
        res,
        refusal(406, [{ message: `${STREAM_PATH} answers with Server-Sent Events: send Accept: ${EVENT_STREAM}`, extensions: { code: 'NOT_ACCEPTABLE' } }]),
      );
    // graphql-sse opens a stream only for exactly this Accept.
    req.headers.accept = EVENT_STREAM;
    // nginx and proxies like it pass the events on as they come instead of buffering the answer.
    res.setHeader('X-Accel-Buffering', 'no');
    // Anonymous requests reach graphql-sse, which answers them as /graphql does (401).
    const caller = (res.locals.ctx as RequestContext).caller?.key;
    if (caller !== undefined) {
      const held = streamsOf.get(caller) ?? 0;
      if (held >= options.streamsPerCaller)
        return refuse(
          res,
          refusal(429, [
            {
              message: `${held} streams of this caller are open on this instance (GRAPHQL_STREAMS_PER_CALLER): close one first`,
              extensions: { code: 'TOO_MANY_STREAMS' },
            },
          ]),
        );
      streamsOf.set(caller, held + 1);
    }
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      if (caller === undefined) return;
      const left = streamsOf.get(caller)! - 1;
      if (left) streamsOf.set(caller, left);
      else streamsOf.delete(caller);
    });
    handler(req, res).catch((error: unknown) => {
      if (!res.headersSent) return next(error);
      options.log(error);
      res.destroy();
    });
  };
  /** Ends every open stream (a stopping instance): clients reconnect, to another instance, from their last cursor. */
  const drain = () => {
    for (const res of open) res.end();
  };
  return Object.assign(serve, { drain });
}
