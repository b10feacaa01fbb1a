import { coerceInputValue, getNamedType, getNullableType, isEnumType, isInputObjectType, isListType, type GraphQLInputType } from 'graphql';
import { badRequest, type DomainError } from '../domain/errors';

/**
 * Where a REST value came from, as the client knows it: a JSON or XML body, a form or the query
 * parameters that fill the body argument (`formBody`, multipart and `queryBody` routes), or a path
 * or query parameter of its own.
 */
export type InputSource = 'body' | 'form' | 'query-fields' | 'path' | 'query';

/** How a message names the value at `inner` inside the argument `name`. */
function labelOf(source: InputSource, name: string, inner: readonly (string | number)[]): string {
  switch (source) {
    case 'body':
      return `field "${fieldPath(inner)}" in the body`;
    case 'form':
      return `form field "${fieldPath(inner)}"`;
    case 'query-fields':
      return `query parameter "${fieldPath(inner)}"`;
    default:
      return `${source} parameter "${name}${inner.length ? fieldPath(['', ...inner]) : ''}"`;
  }
}

/** What a value of this type must be, in REST words (no GraphQL type names). */
export function expected(type: GraphQLInputType): string {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return 'a list';
  const named = getNamedType(nullable);
  if (isInputObjectType(named)) return 'an object';
  if (isEnumType(named)) {
    const values = named.getValues().map((value) => value.name);
    return values.length <= 12 ? `one of ${values.join(', ')}` : 'one of its allowed values';
  }
  switch (named.name) {
    case 'Int':
    case 'Long':
      return 'an integer';
    case 'Float':
      return 'a number';
    case 'Boolean':
      return 'true or false';
    case 'DateTime':
      return 'a date (epoch milliseconds or ISO-8601)';
    case 'IntMap':
      return 'an object of integers';
    case 'Base64':
      return 'base64 text';
    default:
      return 'a text';
  }
}

/** `properties[0].name` from graphql-js' path (`['properties', 0, 'name']`). */
export function fieldPath(path: readonly (string | number)[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

/** The type at `path` inside `type`, to say what the value there must be. */
function typeAt(type: GraphQLInputType, path: readonly (string | number)[]): GraphQLInputType | undefined {
  let current: GraphQLInputType | undefined = type;
  for (const part of path) {
    if (!current) return undefined;
    const nullable: GraphQLInputType = getNullableType(current);
    if (typeof part === 'number') current = isListType(nullable) ? (nullable.ofType as GraphQLInputType) : undefined;
    else current = isInputObjectType(nullable) ? nullable.getFields()[part]?.type : undefined;
  }
  return current;
}

const UNKNOWN_FIELD = /^Field "([^"]+)" is not defined by type/;
const MISSING_FIELD = /^Field "([^"]+)" of required type "[^"]+" was not provided/;

/**
 * The first reason `value` does not fit `type`, in REST words: `unknown field "a" in the body`,
 * `field "birthDay" in the body must be a date …`, `field "properties[0].name" in the body is required`,
 * `query parameter "limit" must be an integer`, `form field "compulsory" must be true or false`.
 * Undefined when it fits.
 */
export function inputProblem(value: unknown, type: GraphQLInputType, name: string, source: InputSource): string | undefined {
  let problem: string | undefined;
  coerceInputValue(value, type, (path, _invalid, error) => {
    if (problem) return;
    const label = (inner: readonly (string | number)[]) => labelOf(source, name, inner);
    const unknown = UNKNOWN_FIELD.exec(error.message);
    if (unknown) {
      problem = `unknown ${label([...path, unknown[1]])}`;
      return;
    }
    const missing = MISSING_FIELD.exec(error.message);
    if (missing) {
      problem = `${label([...path, missing[1]])} is required`;
      return;
    }
    const at = typeAt(type, path);
    if (path.length === 0 && source !== 'path' && source !== 'query') {
      problem = value == null ? 'a request body is required' : `the body must be ${at ? expected(at) : 'an object'}`;
      return;
    }
    if (value == null && path.length === 0) {
      problem = `${label([])} is required`;
      return;
    }
    problem = at ? `${label(path)} must be ${expected(at)}` : `${label(path)} is malformed`;
  });
  return problem;
}

/** Checks the variables of a REST request before they reach GraphQL, so a client never reads GraphQL's coercion messages. */
export function checkRestVariables(
  args: readonly { name: string; type: GraphQLInputType }[],
  variables: Record<string, unknown>,
  sourceOf: (name: string) => InputSource,
): DomainError | undefined {
  for (const arg of args) {
    const value = variables[arg.name];
    const problem = inputProblem(value === undefined ? undefined : value, arg.type, arg.name, sourceOf(arg.name));
    if (problem) return badRequest(problem);
  }
  return undefined;
}
