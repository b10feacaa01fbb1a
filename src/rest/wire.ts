import { getNamedType, getNullableType, isListType, isObjectType, type GraphQLField, type GraphQLOutputType } from 'graphql';

/** Fields that exist for GraphQL only (`@Extensions({ rest: false })`) are not part of the REST wire shape. */
export const onWire = (field: GraphQLField<unknown, unknown>) => field.extensions?.rest !== false;

/** Projects an operation result onto the VO fields a REST client receives, in declaration order. */
export function toWire(value: unknown, type: GraphQLOutputType): unknown {
  if (value == null) return value;
  const nullable = getNullableType(type);
  if (isListType(nullable)) return (value as unknown[]).map((item) => toWire(item, nullable.ofType));
  if (!isObjectType(nullable)) return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of Object.values(nullable.getFields())) {
    if (onWire(field) && field.name in record) out[field.name] = toWire(record[field.name], field.type);
  }
  return out;
}

/** `UserVO` → `userVO`: the XML root element of a VO type (JAXB's default naming). */
export const xmlRootOf = (type: GraphQLOutputType) => {
  const name = getNamedType(type).name;
  return name.charAt(0).toLowerCase() + name.slice(1);
};
