import { buildOperationNodeForField } from '@graphql-tools/utils';
import {
  GraphQLBoolean,
  GraphQLString,
  Kind,
  OperationTypeNode,
  getNamedType,
  getNullableType,
  isEnumType,
  isListType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { RestRoute } from './route';
import { onWire, pageItemsOf } from './wire';

/** What a REST route executes: the GraphQL document sofa derives for its field, compiled once with graphql-jit. */
export interface RestOperation {
  fieldName: string;
  emptyBody: boolean;
  /** A list answer, which the service may hand over as a stream (src/domain/lists.ts). */
  listResult: boolean;
  /** For a paged route: the page type's items field and its list type, answered to requests that are not paged. */
  pageItems?: string;
  pageItemsType?: GraphQLOutputType;
  args: readonly GraphQLArgument[];
  resultType: GraphQLOutputType;
  bodyType?: GraphQLInputType;
  readonly compiled: CompiledQuery;
  /** For a route answering a file: the same operation without the file's content (HEAD, conditional GET). */
  readonly fileHeaders?: CompiledQuery;
}

type Selection = { [field: string]: Selection | true };

/** Every field a REST client receives (GraphQL-only fields are neither selected nor computed). */
function wireSelection(type: GraphQLOutputType): Selection | true {
  const named = getNamedType(type);
  if (!isObjectType(named)) return true;
  const selection: Selection = {};
  for (const field of Object.values(named.getFields())) if (onWire(field)) selection[field.name] = wireSelection(field.type);
  return selection;
}

/** A Boolean answer (memberships, deletes) has no body on REST: 200 or, where the route says so, 304. */
export const answersWithoutBody = (field: GraphQLField<unknown, unknown>) => getNamedType(field.type) === GraphQLBoolean;

/** The value names of the argument `name` when its type is an enum (`:role`, `:size`); undefined for any other type. */
export function enumArgValues(args: readonly GraphQLArgument[], name: string): string[] | undefined {
  const type = args.find((arg) => arg.name === name)?.type;
  const named = type && getNamedType(type);
  return named && isEnumType(named) ? named.getValues().map((value) => value.name) : undefined;
}

/** The root field a route names: `Query.x` or `Mutation.x`. */
export function rootField(schema: GraphQLSchema, name: string): { kind: OperationTypeNode; field: GraphQLField<unknown, unknown> } {
  const [root, fieldName] = name.split('.');
  const kind = root === 'Query' ? OperationTypeNode.QUERY : OperationTypeNode.MUTATION;
  const field = (kind === OperationTypeNode.QUERY ? schema.getQueryType() : schema.getMutationType())?.getFields()[fieldName];
  if (!field) throw new Error(`no GraphQL field ${name}`);
  return { kind, field };
}

/** The interface of the results a route answers as a file (src/schema/files.ts); `content` holds the bytes. */
export const FILE_INTERFACE = 'FileVO';

const answersFile = (type: GraphQLOutputType) => {
  const named = getNamedType(type);
  return isObjectType(named) && named.getInterfaces().some((face) => face.name === FILE_INTERFACE);
};

const withoutContent = ({ content: _content, ...headers }: Selection) => headers;

export function restOperation(schema: GraphQLSchema, route: RestRoute): RestOperation {
  const { kind, field } = rootField(schema, route.field);
  if (route.file && !answersFile(field.type)) throw new Error(`route ${route.method} ${route.path}: a file route's operation answers a ${FILE_INTERFACE}`);
  const compile = (selectedFields: Selection | true) => {
    const operation = buildOperationNodeForField({ schema, kind, field: field.name, selectedFields, depthLimit: 5 });
    const compiled = compileQuery(schema, { kind: Kind.DOCUMENT, definitions: [operation] });
    if (!isCompiledQuery(compiled)) throw new Error(`route ${route.method} ${route.path}: ${compiled.errors?.[0]?.message}`);
    return compiled;
  };
  const selection = wireSelection(field.type);
  let compiled: CompiledQuery | undefined;
  let fileHeaders: CompiledQuery | undefined;
  const bodyType = route.bodyArg ? field.args.find((arg) => arg.name === route.bodyArg)?.type : undefined;
  if (route.bodyArg && !bodyType) throw new Error(`route ${route.method} ${route.path}: no argument ${route.bodyArg}`);
  if (route.textAnswer && getNamedType(field.type) !== GraphQLString) throw new Error(`route ${route.method} ${route.path}: a text answer is a String`);
  const pageItems = route.paging ? pageItemsOf(field.type) : undefined;
  if (route.paging && !(pageItems && field.args.some((arg) => arg.name === 'start') && field.args.some((arg) => arg.name === 'limit'))) {
    throw new Error(`route ${route.method} ${route.path}: a paged route answers a page type and takes start and limit`);
  }
  return {
    pageItems,
    pageItemsType: pageItems ? (getNamedType(field.type) as GraphQLObjectType).getFields()[pageItems].type : undefined,
    fieldName: field.name,
    emptyBody: answersWithoutBody(field),
    listResult: isListType(getNullableType(field.type)),
    args: field.args,
    resultType: field.type,
    bodyType,
    // Compiled when the route is first asked for (a few milliseconds each, seconds for all routes at every start).
    get fileHeaders() {
      return route.file ? (fileHeaders ??= compile(withoutContent(selection as Selection))) : undefined;
    },
    // A HEAD route of a file reads its headers only; of anything else, the answer whose body Node then drops.
    get compiled() {
      return (compiled ??= route.method === 'HEAD' && route.file ? this.fileHeaders! : compile(selection));
    },
  };
}

/** How the gateway's own routes (`strictQuery`) write a number: decimal digits, nothing else JavaScript's Number reads (`1e2`, `0x10`, ` 5`). */
const STRICT_NUMBER: Record<string, RegExp> = { Int: /^-?\d+$/, Long: /^-?\d+$/, Float: /^-?\d+(\.\d+)?$/ };

/**
 * A path or query string as the argument's type wants it; values that do not fit are left for GraphQL to reject (400).
 * `strict` (the gateway's own routes): a Boolean is `true` or `false` exactly, a number decimal digits; any other text
 * is left as it is, and refused.
 */
export function fromParameter(raw: unknown, type: GraphQLInputType, strict = false): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return (Array.isArray(raw) ? raw : [raw]).map((item) => fromParameter(item, nullable.ofType, strict));
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string') return value;
  const named = getNamedType(nullable);
  if (strict) {
    if (named === GraphQLBoolean) return value === 'true' ? true : value === 'false' ? false : value;
    return STRICT_NUMBER[named.name]?.test(value) ? Number(value) : value;
  }
  // JAX-RS reads a Boolean parameter with Boolean.valueOf: "true" in any case is true, every other text false.
  if (named === GraphQLBoolean) return value.toLowerCase() === 'true';
  if (['Int', 'Long', 'Float'].includes(named.name) && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return value;
}
