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
  const name = getNamedType(type).name;
  return name.charAt(0).toLowerCase() + name.slice(1);
};

type Serialize = (value: unknown) => unknown;

const objectSerializers = new WeakMap<GraphQLObjectType, Serialize>();

/** A value as GraphQL execution would send it to a REST client: wire fields in schema order, scalars serialised. Built once per type. */
export function wireSerializer(type: GraphQLOutputType): Serialize {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = wireSerializer(nullable.ofType);
    return (value) => (value == null ? null : (value as unknown[]).map(item));
  }
  if (isObjectType(nullable)) {
    const known = objectSerializers.get(nullable);
    if (known) return known;
    const fields: [string, Serialize][] = [];
    const serialize: Serialize = (value) => {
      if (value == null) return null;
      const record = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [name, field] of fields) out[name] = field(record[name]);
      return out;
    };
    objectSerializers.set(nullable, serialize);
    for (const field of Object.values(nullable.getFields())) if (onWire(field)) fields.push([field.name, wireSerializer(field.type)]);
    return serialize;
  }
  const leaf = nullable as GraphQLLeafType;
  return (value) => (value == null ? null : leaf.serialize(value));
}
