import {
  GraphQLError,
  getNamedType,
  isInputObjectType,
  isObjectType,
  parse,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { RequestContext } from '../domain/context';
import { DomainError } from '../domain/errors';
import { transaction } from '../db/transaction';

/**
 * Writes of the gateway's own doors (a sync's objects, SCIM's resources, the command line) are the GraphQL mutations a client would send:
 * the same role checks (`@auth`), managed flags (`@managed`), object policies, audit rows and change events as single
 * requests, by construction.
 */
const compiledBySchema = new WeakMap<GraphQLSchema, Map<string, CompiledQuery>>();

/** `query`/`mutation` of one root field with all its arguments as variables, selecting `selection`; compiled once. */
function compiled(
  schema: GraphQLSchema,
  kind: 'query' | 'mutation',
  name: string,
  selection: (field: GraphQLField<unknown, unknown>) => string,
): CompiledQuery {
  let byName = compiledBySchema.get(schema);
  if (!byName) compiledBySchema.set(schema, (byName = new Map()));
  const field = (kind === 'query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[name];
  if (!field) throw new Error(`no ${kind} ${name}`);
  const selected = selection(field);
  let operation = byName.get(`${kind} ${name} ${selected}`);
  if (!operation) {
    const inParentheses = (list: string[]) => (list.length ? `(${list.join(', ')})` : '');
    const variables = inParentheses(field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`));
    const args = inParentheses(field.args.map((arg) => `${arg.name}: $${arg.name}`));
    const result = compileQuery(schema, parse(`${kind}${variables} { ${name}${args} ${selected} }`));
    if (!isCompiledQuery(result)) throw new Error(`${kind} ${name} does not compile: ${result.errors?.[0]?.message}`);
    byName.set(`${kind} ${name} ${selected}`, (operation = result));
  }
  return operation;
}

/** The fields of `output` that `input` takes too, nested objects as deep as both go: what a client reads to send back. */
function inputSelection(output: GraphQLObjectType, input: GraphQLInputObjectType): string {
  const fields = Object.values(input.getFields()).flatMap((field) => {
    const outputField = output.getFields()[field.name];
    if (!outputField) return [];
    const [inner, outer] = [getNamedType(field.type), getNamedType(outputField.type)];
    if (isInputObjectType(inner)) return isObjectType(outer) ? [`${field.name} ${inputSelection(outer, inner)}`] : [];
    return isObjectType(outer) ? [] : [field.name];
  });
  return `{ ${fields.join(' ')} }`;
}

/** One write: a mutation and its variables. */
export interface Write {
  mutation: string;
  variables: Record<string, unknown>;
  /**
   * A mutation that replaces what it is given: its argument `arg` starts as what `query` answers now (the fields the
   * argument takes), with `variables[arg]` over it, as a client reads, changes and sends back.
   */
  readFirst?: { query: string; variables: Record<string, unknown>; arg: string };
  /** The variable that takes the key the object's first write answered (what a creation made): a write after it. */
  keyFrom?: string;
  /** What the job computed for the write before its batch's transaction, outside it (a password's hash): set writers use it. */
  prepared?: { passwordHash?: string };
  /** The selection of an object result (`{ key }` by default); given, the write answers the whole result instead of its key. */
  selection?: string;
}

async function execute(operation: CompiledQuery, ctx: RequestContext, variables: Record<string, unknown>, name: string): Promise<unknown> {
  const result = await operation.query(undefined, ctx, variables);
  const error = result.errors?.[0];
  if (error) throw (error as GraphQLError).originalError ?? new DomainError('BAD_REQUEST', error.message);
  return (result.data as Record<string, unknown>)[name];
}

/** Runs an object's writes, the first and those after it, in one savepoint: all of them or none. Answers the first one's result. */
export async function runWrites(schema: GraphQLSchema, ctx: RequestContext, write: Write, then: readonly Write[] = []): Promise<unknown> {
  if (!then.length) return runWrite(schema, ctx, write);
  return transaction(ctx.em, async (em) => {
    const inner = { ...ctx, em };
    const first = await runWrite(schema, inner, write);
    for (const next of then) await runWrite(schema, inner, next.keyFrom ? { ...next, variables: { ...next.variables, [next.keyFrom]: first } } : next);
    return first;
  });
}

/** One query or mutation as a client sends it, `selection` its selection set (empty for a scalar); answers its field's value, or throws the error a client would get. */
export function runOperation(
  schema: GraphQLSchema,
  ctx: RequestContext,
  kind: 'query' | 'mutation',
  name: string,
  variables: Record<string, unknown>,
  selection = '',
): Promise<unknown> {
  return execute(
    compiled(schema, kind, name, () => selection),
    ctx,
    variables,
    name,
  );
}

/** Runs one write as its GraphQL mutation; answers its result (an object's key, or the mutation's Boolean), or throws the error a client would get. */
export async function runWrite(schema: GraphQLSchema, ctx: RequestContext, write: Write): Promise<unknown> {
  let variables = write.variables;
  if (write.readFirst) {
    const { query, arg } = write.readFirst;
    const input = getNamedType(
      schema
        .getMutationType()!
        .getFields()
        [write.mutation].args.find((candidate) => candidate.name === arg)!.type,
    ) as GraphQLInputObjectType;
    const read = compiled(schema, 'query', query, (field) => inputSelection(getNamedType(field.type) as GraphQLObjectType, input));
    const current = (await execute(read, ctx, write.readFirst.variables, query)) as Record<string, unknown>;
    variables = { ...variables, [arg]: { ...current, ...(variables[arg] as Record<string, unknown>) } };
  }
  const selection = write.selection ?? '{ key }';
  const mutation = compiled(schema, 'mutation', write.mutation, (field) => (isObjectType(getNamedType(field.type)) ? selection : ''));
  const data = await execute(mutation, ctx, variables, write.mutation);
  return data && typeof data === 'object' && !write.selection ? (data as { key: unknown }).key : data;
}
