import type { IncomingMessage } from 'node:http';
import accepts from 'accepts';
import { getOperationAST, parse, specifiedRules, validate, visit, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { getVariableValues } from 'graphql/execution/values';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { RequestContext } from '../domain/context';
import { costRefusal, type CostLimits } from './cost';
import type { OperationCosts } from './cost-cache';

/** Documents kept compiled (least recently used forgotten first), and the longest document text kept. */
const DOCUMENTS = 500;
const LONGEST_DOCUMENT = 20_000;
/** Accept headers whose answer type is remembered. */
const ACCEPT_HEADERS = 100;

/** Answer types Apollo chooses from for a single result (its MEDIA_TYPES, in its order). */
const APPLICATION_JSON = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json; charset=utf-8';
const JSON_GRAPHQL_CALLBACK = 'application/json; callbackSpec=1.0; charset=utf-8';
/** The key of a request naming no operation (an operation name is never empty). */
const NO_NAME = '';

interface CompiledDocument {
  document: DocumentNode;
  /** By operation name (NO_NAME for none): the query operation compiled with graphql-jit, or null where Apollo answers. */
  operations: Map<string, { operation: OperationDefinitionNode; compiled: CompiledQuery } | null>;
}

export interface CompiledAnswer {
  contentType: string;
  data: unknown;
}

/**
 * The queries a client repeats (nearly all), run with graphql-jit as the REST routes are: parsed,
 * validated and compiled once per document text, their cost counted once per shape of the variables
 * (src/graphql/cost-cache.ts). Only what answers without any error takes this way: anything Apollo
 * would refuse or answer with errors (syntax, validation, variables, limits, a mutation or
 * subscription, introspection, an error while running) is left to Apollo, which answers it as
 * before; a query that met an error here is run there once more, so its errors are Apollo's.
 */
export class CompiledQueries {
  private readonly documents = new Map<string, CompiledDocument | null>();
  private readonly answerTypes = new Map<string, string | null>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limits: CostLimits,
    private readonly costs: OperationCosts,
    private readonly maxTokens: number,
  ) {}

  /** The answer of a query that ran without error, or undefined where Apollo answers the request. */
  async run(req: IncomingMessage, ctx: RequestContext, body: unknown): Promise<CompiledAnswer | undefined> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const { query, operationName, variables, ...rest } = body as Record<string, unknown>;
    if (typeof query !== 'string' || Object.keys(rest).length) return undefined;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return undefined;
    const contentType = this.answerType(req);
    if (contentType !== APPLICATION_JSON && contentType !== GRAPHQL_RESPONSE_JSON) return undefined;
    const compiled = this.operation(query, operationName ?? undefined);
    if (!compiled) return undefined;
    const values = (variables ?? {}) as Record<string, unknown>;
    const { operation } = compiled;
    if ('errors' in getVariableValues(this.schema, operation.variableDefinitions ?? [], values, { maxErrors: 1 })) return undefined;
    if (costRefusal(this.costs.of(compiled.document, operation, values), this.limits)) return undefined;
    Object.assign(ctx, { listRowsLeft: this.limits.maxCost, listRowsLimit: this.limits.maxCost });
    const result = await compiled.compiled.query(undefined, ctx, values);
    if (result.errors?.length) return undefined;
    return { contentType, data: result.data };
  }

  /** Apollo's choice among its answer types for the request's Accept header. */
  private answerType(req: IncomingMessage): string | null {
    const header = req.headers.accept;
    if (!header) return APPLICATION_JSON;
    let type = this.answerTypes.get(header);
    if (type === undefined) {
      type = (accepts(req).type([APPLICATION_JSON, GRAPHQL_RESPONSE_JSON, JSON_GRAPHQL_CALLBACK]) as string | false) || null;
      if (this.answerTypes.size >= ACCEPT_HEADERS) this.answerTypes.clear();
      this.answerTypes.set(header, type);
    }
    return type;
  }

  private operation(query: string, operationName: string | undefined) {
    if (query.length > LONGEST_DOCUMENT) return undefined;
    let entry = this.documents.get(query);
    if (entry === undefined) {
      entry = this.compileDocument(query);
      if (this.documents.size >= DOCUMENTS) this.documents.delete(this.documents.keys().next().value!);
    } else this.documents.delete(query);
    this.documents.set(query, entry);
    if (!entry) return undefined;
    const key = operationName ?? NO_NAME;
    let operation = entry.operations.get(key);
    if (operation === undefined) {
      const node = getOperationAST(entry.document, operationName);
      const compiled = node?.operation === 'query' ? compileQuery(this.schema, entry.document, operationName) : undefined;
      operation = node && compiled && isCompiledQuery(compiled) ? { operation: node, compiled } : null;
      entry.operations.set(key, operation);
    }
    return operation && { document: entry.document, ...operation };
  }

  /** The document when it is valid and asks no introspection (which production refuses); else null. */
  private compileDocument(query: string): CompiledDocument | null {
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: this.maxTokens });
    } catch {
      return null;
    }
    if (validate(this.schema, document, specifiedRules).length) return null;
    let introspection = false;
    visit(document, {
      Field(field) {
        if (field.name.value.startsWith('__') && field.name.value !== '__typename') introspection = true;
      },
    });
    return introspection ? null : { document, operations: new Map() };
  }
}
