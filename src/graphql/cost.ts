import {
  getNamedType,
  getNullableType,
  GraphQLError,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  isCompositeType,
  isListType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { getArgumentValues, getDirectiveValues } from 'graphql/execution/values';

/** The limits one operation must stay within (all configurable, see README "Configuration"). */
export interface CostLimits {
  /** `GRAPHQL_MAX_DEPTH`: the deepest nesting of fields below the root fields. */
  maxDepth: number;
  /** `GRAPHQL_MAX_COST`: the most objects and list items the answer may hold (see `operationCost`). */
  maxCost: number;
  /** `GRAPHQL_MAX_ALIASES`: aliased fields in the operation (fragments counted where they are spread). */
  maxAliases: number;
  /** `GRAPHQL_MAX_ROOT_FIELDS`: fields at the top of the operation. */
  maxRootFields: number;
  /** `GRAPHQL_DEFAULT_LIST_SIZE`: what a list field may hold when its query names no `limit`. */
  defaultListSize: number;
}

export interface OperationCost {
  cost: number;
  /** The first argument outside the range its definition allows (`extensions.minimum`/`maximum`: the paging of edges, src/schema/paging.ts). */
  outOfRange?: { argument: string; field: string; value: number; minimum?: number; maximum?: number };
  /** Nesting below the root fields (`{ me { login } }`: 1); introspection fields do not count. */
  depth: number;
  aliases: number;
  rootFields: number;
}

/** Beyond this the walk stops counting: the answer is refused anyway, and the number stays a safe integer. */
const CEILING = Number.MAX_SAFE_INTEGER / 4;

/**
 * The estimated cost of an operation: the number of objects (and list items) the answer can hold.
 * An object field counts one plus what it selects, a scalar field nothing, a list field multiplies
 * that by its possible size (its `limit` argument, which every edge below the root has with a
 * default page; the `limit` of the page it belongs to; else the default list size), nested lists
 * multiply down, and every alias counts on its own (the same field asked twice under two names is
 * executed twice).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  defaultListSize: number,
): OperationCost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  let aliases = 0;
  let outOfRange: OperationCost['outOfRange'];
  const memo = new Map<string, { cost: number; roots: number; depth: number; aliases: number }>();

  const included = (node: { directives?: readonly import('graphql').DirectiveNode[] }): boolean => {
    if (!node.directives?.length) return true;
    if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
    if (getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if === false) return false;
    return true;
  };

  const fieldOf = (type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined =>
    isObjectType(type) || 'getFields' in type ? (type as { getFields(): Record<string, GraphQLField<unknown, unknown>> }).getFields()[name] : undefined;

  const sizeOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined);

  /** Cost of a selection set on `type`; `pageLimit` is the `limit` of the page field that holds it. */
  const walk = (
    selectionSet: SelectionSetNode,
    type: GraphQLCompositeType,
    pageLimit: number | undefined,
    seen: ReadonlySet<string>,
  ): { cost: number; roots: number; depth: number } => {
    let cost = 0;
    let roots = 0;
    let depth = 0;
    for (const selection of selectionSet.selections) {
      if (!included(selection)) continue;
      if (selection.kind === Kind.FIELD) {
        roots += 1;
        if (selection.alias) aliases += 1;
        const name = selection.name.value;
        if (name.startsWith('__')) continue;
        const field = fieldOf(type, name);
        if (!field) continue; // validation reports unknown fields
        let args: Record<string, unknown>;
        try {
          args = getArgumentValues(field, selection, variables);
        } catch {
          args = {}; // invalid arguments are reported by execution
        }
        outOfRange ??= argumentOutOfRange(`${type.name}.${name}`, field, args);
        const limit = sizeOf(args.limit);
        const nullable = getNullableType(field.type);
        const named = getNamedType(field.type);
        const pageItems = (type.extensions as { pageItems?: string } | undefined)?.pageItems;
        // A tree edge (a list of the type that holds it: children of a level, of an element) adds levels of one tree. A tree of n
        // nodes has fewer than n children in all, so its levels together hold no more nodes than the tree: its breadth counts once,
        // where the tree is entered, not raised to the power of its depth. Pages only leave nodes out. What a tree holds is not known
        // before it runs; its rows, as every list's, count against GRAPHQL_MAX_COST as they are read (src/domain/lists.ts takeRows).
        const treeEdge = named === type;
        const size = isListType(nullable) ? (treeEdge ? 1 : (limit ?? (pageItems === name ? pageLimit : undefined) ?? defaultListSize)) : 1;
        if (selection.selectionSet && isCompositeType(named)) {
          const inner = walk(selection.selectionSet, named, limit, seen);
          cost += size * (1 + inner.cost);
          depth = Math.max(depth, 1 + inner.depth);
        } else if (isListType(nullable)) cost += size;
      } else {
        const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
        if (!fragment) continue;
        if (selection.kind === Kind.FRAGMENT_SPREAD) {
          if (seen.has(selection.name.value)) continue; // cycles are a validation error
        }
        const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
        const on = condition && isCompositeType(condition) ? condition : type;
        const target = isAbstractType(on) || isObjectType(on) ? on : type;
        // A named fragment is walked once per type and page size: spreading it again reuses its counts, so fragments that spread others twice cost no exponential time.
        const key = selection.kind === Kind.FRAGMENT_SPREAD ? `${selection.name.value}|${target.name}|${pageLimit ?? ''}` : undefined;
        let part = key ? memo.get(key) : undefined;
        if (part) aliases += part.aliases;
        else {
          const before = aliases;
          const next = selection.kind === Kind.FRAGMENT_SPREAD ? new Set([...seen, selection.name.value]) : seen;
          part = { ...walk(fragment.selectionSet, target, pageLimit, next), aliases: 0 };
          part.aliases = aliases - before;
          if (key) memo.set(key, part);
        }
        cost += part.cost;
        roots += part.roots;
        depth = Math.max(depth, part.depth);
      }
      if (cost > CEILING) return { cost: CEILING, roots, depth };
    }
    return { cost, roots, depth };
  };

  const root = schema.getRootType(operation.operation);
  if (!root) return { cost: 0, aliases: 0, rootFields: 0, depth: 0 };
  const { cost, roots, depth } = walk(operation.selectionSet, root, undefined, new Set());
  return { cost, aliases, rootFields: roots, depth, ...(outOfRange ? { outOfRange } : {}) };
}

/** The first argument of the field whose value lies outside its definition's `extensions.minimum`/`maximum`. */
function argumentOutOfRange(coordinate: string, field: GraphQLField<unknown, unknown>, args: Record<string, unknown>): OperationCost['outOfRange'] {
  for (const argument of field.args) {
    const { minimum, maximum } = argument.extensions as { minimum?: number; maximum?: number };
    const value = args[argument.name];
    if (typeof value !== 'number' || ((minimum === undefined || value >= minimum) && (maximum === undefined || value <= maximum))) continue;
    return { argument: argument.name, field: coordinate, value, minimum, maximum };
  }
  return undefined;
}

const format = (value: number): string => value.toLocaleString('en-US');

/** A counted limit: the measure, its maximum, the error code, the variable that sets it, and the message. */
type CountedLimit = [
  measure: 'depth' | 'rootFields' | 'aliases' | 'cost',
  max: keyof CostLimits,
  code: string,
  limit: string,
  says: (measured: string, maximum: string) => string,
];

/** The counted limits in the order they are checked. */
const COUNTED_LIMITS: CountedLimit[] = [
  ['depth', 'maxDepth', 'QUERY_TOO_DEEP', 'GRAPHQL_MAX_DEPTH', (n, max) => `query depth ${n} exceeds the maximum operation depth ${max}`],
  ['rootFields', 'maxRootFields', 'TOO_MANY_ROOT_FIELDS', 'GRAPHQL_MAX_ROOT_FIELDS', (n, max) => `${n} root fields exceed the limit ${max}`],
  ['aliases', 'maxAliases', 'TOO_MANY_ALIASES', 'GRAPHQL_MAX_ALIASES', (n, max) => `${n} aliases exceed the limit ${max}`],
  ['cost', 'maxCost', 'QUERY_TOO_COSTLY', 'GRAPHQL_MAX_COST', (n, max) => `query cost ${n} exceeds the limit ${max}`],
];

function refusal(message: string, code: string, limit: string, value: number, maximum: number): GraphQLError {
  return new GraphQLError(message, { extensions: { code, limit, value, maximum, http: { status: 400 } } });
}

/** The first limit the operation exceeds, as the GraphQL error to answer with (HTTP 400, nothing executed); undefined when it fits. */
export function costRefusal(measured: OperationCost, limits: CostLimits): GraphQLError | undefined {
  if (measured.outOfRange) {
    const { argument, field, value, minimum, maximum } = measured.outOfRange;
    const bound = minimum !== undefined && value < minimum ? `at least ${format(minimum)}` : `at most ${format(maximum!)}`;
    return new GraphQLError(`argument "${argument}" of ${field} must be ${bound}, not ${format(value)}`, {
      extensions: {
        code: 'BAD_REQUEST',
        argument,
        field,
        value,
        ...(minimum !== undefined ? { minimum } : {}),
        ...(maximum !== undefined ? { maximum } : {}),
        http: { status: 400 },
      },
    });
  }
  for (const [measure, max, code, limit, says] of COUNTED_LIMITS) {
    const value = measured[measure];
    if (value > limits[max]) return refusal(`${says(format(value), format(limits[max]))} (${limit})`, code, limit, value, limits[max]);
  }
  return undefined;
}
