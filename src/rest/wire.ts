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

const objectEncoders = new WeakMap<GraphQLObjectType, Encode>();

/**
 * The JSON text of a value as a REST client gets it from GraphQL execution: wire fields in schema
 * order, absent values as null, scalars serialised. Built once per type; writes the text directly,
 * without building the wire object first.
 */
export function jsonEncoder(type: GraphQLOutputType): Encode {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = jsonEncoder(nullable.ofType);
    return (value) => (value == null ? 'null' : `[${(value as unknown[]).map(item).join(',')}]`);
  }
  if (isObjectType(nullable)) {
    const known = objectEncoders.get(nullable);
    if (known) return known;
    const fields: [string, string, Encode][] = [];
    const encode: Encode = (value) => {
      if (value == null) return 'null';
      const record = value as Record<string, unknown>;
      let text = '';
      for (const [name, prefix, field] of fields) text += (text ? ',' : '{') + prefix + field(record[name]);
      return text ? `${text}}` : '{}';
    };
    objectEncoders.set(nullable, encode);
    for (const field of Object.values(nullable.getFields()))
      if (onWire(field)) fields.push([field.name, `${JSON.stringify(field.name)}:`, jsonEncoder(field.type)]);
    return encode;
  }
  const leaf = nullable as GraphQLLeafType;
  return (value) => (value == null ? 'null' : JSON.stringify(leaf.serialize(value)));
}
