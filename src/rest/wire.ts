import { getNamedType, type GraphQLField, type GraphQLOutputType } from 'graphql';

/** Fields that exist for GraphQL only (`@Extensions({ rest: false })`) are not part of the REST wire shape. */
export const onWire = (field: GraphQLField<unknown, unknown>) => field.extensions?.rest !== false;

/** `UserVO` → `userVO`: the XML root element of a VO type (JAXB's default naming). */
export const xmlRootOf = (type: GraphQLOutputType) => {
  const name = getNamedType(type).name;
  return name.charAt(0).toLowerCase() + name.slice(1);
};
