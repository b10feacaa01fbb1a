import type { TypeOperationNames } from '../../schema/type-families';
import { DELETE, GET, POST, PUT, PUT_OR_POST, type RestRoute } from '../route';

/** How a family's summaries name its types and what carries them. */
interface TypeWords {
  /** `organisation type` */
  type: string;
  /** `organisations`: what a type's allowed sub-types may stand below */
  carriers: string;
  /** How the disallow summary ends, after `200 also when` */
  disallowedAlready: string;
}

/** The seven routes of a family's types (the operations of src/resolvers/type-operations.ts) below `path`. */
export function typeRoutes(path: string, { inputName: bodyArg, names }: TypeOperationNames, words: TypeWords): RestRoute[] {
  const subType = `${path}/:typeKey/allowedSubTypes/:subTypeKey`;
  return [
    GET(path, `Query.${names.list}`, `List ${words.type}s`),
    ...PUT_OR_POST(path, `Mutation.${names.save}`, `Create an ${words.type}; a body key updates that type`, { bodyArg }),
    GET(`${path}/:typeKey`, `Query.${names.get}`, `Get an ${words.type}`),
    POST(`${path}/:typeKey`, `Mutation.${names.update}`, `Update an ${words.type} (409 when the body names another key)`, { bodyArg }),
    GET(`${path}/:typeKey/allowedSubTypes`, `Query.${names.allowedSubTypes}`, `Types allowed below ${words.carriers} of this type (JSON by default)`, {
      defaultFormat: 'json',
    }),
    PUT(subType, `Mutation.${names.allowSubType}`, 'Allow a sub-type (200 also when already allowed)'),
    DELETE(subType, `Mutation.${names.disallowSubType}`, `Disallow a sub-type (200 also when ${words.disallowedAlready})`),
  ];
}
