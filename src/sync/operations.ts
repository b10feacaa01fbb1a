import { GraphQLError, getNamedType, isObjectType, parse, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { RequestContext } from '../domain/context';
import { DomainError } from '../domain/errors';

/**
 * A sync's writes are the GraphQL mutations a client would send, one per object: the same role checks (`@auth`),
 * managed flags (`@managed`), object policies, audit rows and change events as single requests, by construction.
 */
const compiledBySchema = new WeakMap<GraphQLSchema, Map<string, CompiledQuery>>();

function compiled(schema: GraphQLSchema, mutation: string): CompiledQuery {
  let byName = compiledBySchema.get(schema);
  if (!byName) compiledBySchema.set(schema, (byName = new Map()));
  let query = byName.get(mutation);
  if (!query) {
    const field = schema.getMutationType()!.getFields()[mutation];
    if (!field) throw new Error(`no mutation ${mutation}`);
    const variables = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
    const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
    const selection = isObjectType(getNamedType(field.type)) ? '{ key }' : '';
    const result = compileQuery(schema, parse(`mutation(${variables}) { ${mutation}(${args}) ${selection} }`));
    if (!isCompiledQuery(result)) throw new Error(`mutation ${mutation} does not compile: ${result.errors?.[0]?.message}`);
    byName.set(mutation, (query = result));
  }
  return query;
}

/** One write of a sync. */
export interface Write {
  mutation: string;
  variables: Record<string, unknown>;
}

/** Runs one write as its GraphQL mutation; answers its result (an object's key, or the mutation's Boolean), or throws the error a client would get. */
export async function runWrite(schema: GraphQLSchema, ctx: RequestContext, write: Write): Promise<unknown> {
  const result = await compiled(schema, write.mutation).query(undefined, ctx, write.variables);
  const error = result.errors?.[0];
  if (error) throw (error as GraphQLError).originalError ?? new DomainError('BAD_REQUEST', error.message);
  const data = (result.data as Record<string, unknown>)[write.mutation];
  return data && typeof data === 'object' ? (data as { key: unknown }).key : data;
}
