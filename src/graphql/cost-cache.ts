import { Kind, visit, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { operationCost, type OperationCost } from './cost';

/** Variables' shapes remembered per operation; beyond, the operation's costs are forgotten and counted again. */
const SHAPES_PER_OPERATION = 64;

interface OperationShapes {
  /** The variables whose values can change the cost (see `costVariables`). */
  deciding: readonly string[];
  declared: readonly string[];
  costs: Map<string, OperationCost>;
}

/**
 * `operationCost` of an operation, counted once per shape of its variables. Apollo keeps parsed
 * documents (its document store hands the same DocumentNode to every request with the same text),
 * so the counts hang on the operation node. The cost reads a variable's value only where it is
 * the whole value of a `limit`, of an argument with a range (`extensions.minimum`/`maximum`) or of
 * `@skip`/`@include(if:)`; elsewhere only whether it is given matters. The shape holds exactly that.
 */
export class OperationCosts {
  private readonly operations = new WeakMap<OperationDefinitionNode, OperationShapes>();
  private readonly decidingArguments: ReadonlySet<string>;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly defaultListSize: number,
  ) {
    this.decidingArguments = argumentsWithRange(schema);
  }

  of(document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): OperationCost {
    let shapes = this.operations.get(operation);
    if (!shapes) {
      shapes = {
        deciding: costVariables(document, operation, this.decidingArguments),
        declared: (operation.variableDefinitions ?? []).map((definition) => definition.variable.name.value),
        costs: new Map(),
      };
      this.operations.set(operation, shapes);
    }
    const given = (name: string) => Object.prototype.hasOwnProperty.call(variables, name);
    // graphql-js tells a variable not given (the argument's default applies) from one given as null.
    const key = JSON.stringify([
      shapes.deciding.map((name) => (given(name) ? [variables[name]] : 0)),
      shapes.declared.map((name) => (!given(name) ? 0 : variables[name] == null ? 1 : 2)),
    ]);
    let cost = shapes.costs.get(key);
    if (!cost) {
      cost = operationCost(this.schema, document, operation, variables, this.defaultListSize);
      if (shapes.costs.size >= SHAPES_PER_OPERATION) shapes.costs.clear();
      shapes.costs.set(key, cost);
    }
    return cost;
  }
}

/** Names of the arguments whose value the cost reads: `limit`, `if` and those with a range. */
function argumentsWithRange(schema: GraphQLSchema): ReadonlySet<string> {
  const names = new Set(['limit', 'if']);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!('getFields' in type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      for (const argument of 'args' in field ? field.args : []) {
        const { minimum, maximum } = argument.extensions as { minimum?: number; maximum?: number };
        if (minimum !== undefined || maximum !== undefined) names.add(argument.name);
      }
    }
  }
  return names;
}

/** The variables given as the whole value of a deciding argument anywhere in the document (the operation and every fragment). */
function costVariables(document: DocumentNode, operation: OperationDefinitionNode, deciding: ReadonlySet<string>): string[] {
  const names = new Set<string>();
  const collect = (node: DocumentNode | OperationDefinitionNode) =>
    visit(node, {
      Argument(argument) {
        if (argument.value.kind === Kind.VARIABLE && deciding.has(argument.name.value)) names.add(argument.value.name.value);
      },
    });
  collect(operation);
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) collect({ kind: Kind.DOCUMENT, definitions: [definition] });
  return [...names].sort();
}
