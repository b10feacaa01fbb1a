import {
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  type GraphQLField,
  type GraphQLLeafType,
  type GraphQLObjectType,
  type GraphQLOutputType,
} from 'graphql';

/** Fields that exist for GraphQL only (`@Extensions({ rest: false })`) are not part of the REST wire shape. */
export const onWire = (field: GraphQLField<unknown, unknown>) => field.extensions?.rest !== false;

/** `UserVO` → `userVO`: the XML root element of a VO type (JAXB's default naming). */
export const xmlRootOf = (type: GraphQLOutputType) => {
  const named = getNamedType(type);
  const root = named.extensions?.xmlRoot as string | undefined;
  return root ?? named.name.charAt(0).toLowerCase() + named.name.slice(1);
};

/** The field that holds the items of a page type (src/schema/paging.ts), if the type is one. */
export const pageItemsOf = (type: GraphQLOutputType) => getNamedType(type).extensions?.pageItems as string | undefined;

type Encode = (value: unknown) => string;
type Project = (value: unknown) => unknown;

const objectProjections = new WeakMap<GraphQLObjectType, Project>();

/** The JavaScript types GraphQL's built-in scalars serialise to: a value already of it is its own serialisation. */
const BUILT_IN: Record<string, string> = { String: 'string', ID: 'string', Boolean: 'boolean', Int: 'number', Float: 'number' };

/**
 * The value a REST client gets from GraphQL execution, as plain data: wire fields in schema order, absent values as
 * null, scalars serialised. Built once per type; an object type's projection is an object literal compiled for its
 * fields, which V8 builds with one shape (the cost of a long list is mostly this and JSON.stringify).
 */
export function wireValue(type: GraphQLOutputType): Project {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = wireValue(nullable.ofType);
    return (value) => (value == null ? null : (value as unknown[]).map(item));
  }
  if (isObjectType(nullable)) {
    const known = objectProjections.get(nullable);
    if (known) return known;
    const fields = Object.values(nullable.getFields()).filter(onWire);
    const projections: Project[] = [];
    const literal = fields.map((field, index) => `${JSON.stringify(field.name)}: p[${index}](v[${JSON.stringify(field.name)}])`).join(', ');
    // The source holds the schema's field names, quoted: nothing of a request reaches it.
    const project = new Function('p', `return (v) => v == null ? null : ({ ${literal} });`)(projections) as Project;
    objectProjections.set(nullable, project);
    // After the type has its projection: a field of the type's own type (a tree) finds it.
    for (const field of fields) projections.push(wireValue(field.type));
    return project;
  }
  const leaf = nullable as GraphQLLeafType;
  const serialised = BUILT_IN[leaf.name];
  return serialised
    ? (value) => (value == null ? null : typeof value === serialised ? value : leaf.serialize(value))
    : (value) => (value == null ? null : leaf.serialize(value));
}

/** The JSON text of a value as a REST client gets it from GraphQL execution (wireValue, written). */
export function jsonEncoder(type: GraphQLOutputType): Encode {
  const project = wireValue(type);
  return (value) => JSON.stringify(project(value));
}
