import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLInt,
  getNamedType,
  getNullableType,
  isInputObjectType,
  isListType,
  isObjectType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { js2xml, xml2js, type Element } from 'xml-js';
import { badRequest } from '../domain/errors';
import { onWire } from './wire';

export const XML_PROLOG = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** Text for an XML attribute (js2xml writes attribute values as given) or a hand-written element. */
export const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function text(value: unknown, typeName: string): string {
  if (typeName === 'DateTime') return new Date(value as number).toISOString();
  return String(value);
}

function encodeValue(name: string, value: unknown, type: GraphQLOutputType): Element[] {
  if (value == null) return [];
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    return (value as unknown[]).flatMap((item) => encodeValue(name, item, nullable.ofType));
  }
  if (isObjectType(nullable)) {
    const record = value as Record<string, unknown>;
    const attributes: Record<string, string> = {};
    const elements: Element[] = [];
    for (const field of Object.values(nullable.getFields())) {
      const fieldValue = record[field.name];
      if (!onWire(field) || fieldValue == null) continue;
      const fieldType = getNullableType(field.type);
      const item = field.extensions?.xmlItem as string | undefined;
      if (field.extensions?.xmlAttribute) attributes[field.name] = escapeXml(text(fieldValue, getNamedType(fieldType).name));
      else if (item && isListType(fieldType)) {
        elements.push({ type: 'element', name: field.name, elements: encodeValue(item, fieldValue, fieldType) });
      } else elements.push(...encodeValue(field.name, fieldValue, fieldType));
    }
    return [{ type: 'element', name, attributes, elements }];
  }
  return [{ type: 'element', name, elements: [{ type: 'text', text: text(value, getNamedType(nullable).name) }] }];
}

/** A result as JAXB writes it: lists wrapped in `<{root}s>`, null fields omitted. */
export function encodeXml(value: unknown, type: GraphQLOutputType, root: string): string {
  const list = isListType(getNullableType(type));
  const elements = list ? [{ type: 'element', name: `${root}s`, elements: encodeValue(root, value, type) }] : encodeValue(root, value, type);
  return XML_PROLOG + js2xml({ elements }, { spaces: 0 });
}

/** A plain element tree (ErrorVO lists and the like) in the same style. */
export function encodeRecords(root: string, records: Record<string, unknown>[], wrap: boolean): string {
  const items: Element[] = records.map((record) => ({
    type: 'element',
    name: root,
    elements: Object.entries(record)
      .filter(([, value]) => value != null)
      .map(([name, value]) => ({ type: 'element', name, elements: [{ type: 'text', text: String(value) }] })),
  }));
  return XML_PROLOG + js2xml({ elements: wrap ? [{ type: 'element', name: `${root}s`, elements: items }] : items }, { spaces: 0 });
}

const textOf = (element: Element) =>
  (element.elements ?? []).map((child) => (child.type === 'text' || child.type === 'cdata' ? String(child.text ?? child.cdata ?? '') : '')).join('');

function coerce(raw: string, type: GraphQLInputType, where: string): unknown {
  const named = getNamedType(type);
  const value = raw.trim();
  if (named === GraphQLInt || named.name === 'Long') {
    if (!/^-?\d+$/.test(value)) throw badRequest(`${where}: "${raw}" is not an integer`);
    return Number(value);
  }
  if (named === GraphQLFloat) {
    if (value === '' || Number.isNaN(Number(value))) throw badRequest(`${where}: "${raw}" is not a number`);
    return Number(value);
  }
  if (named === GraphQLBoolean) {
    if (value !== 'true' && value !== 'false') throw badRequest(`${where}: "${raw}" is not true or false`);
    return value === 'true';
  }
  return raw;
}

function decodeElement(element: Element, type: GraphQLInputType, where: string): unknown {
  const named = getNamedType(type);
  return isInputObjectType(named) ? decodeObject(element, named, where) : coerce(textOf(element), named, where);
}

function decodeObject(element: Element, type: GraphQLInputObjectType, where: string): Record<string, unknown> {
  const fields = type.getFields();
  const out: Record<string, unknown> = {};
  const fieldOf = (name: string) => {
    const field = fields[name];
    if (!field) throw badRequest(`${where}: unknown element or attribute <${name}>`);
    return field;
  };
  for (const [name, value] of Object.entries(element.attributes ?? {})) {
    out[name] = coerce(String(value), fieldOf(name).type, `${where}/@${name}`);
  }
  for (const child of element.elements ?? []) {
    if (child.type !== 'element') continue;
    const field = fieldOf(child.name!);
    const fieldType = getNullableType(field.type);
    const path = `${where}/${child.name}`;
    if (isListType(fieldType) && field.extensions?.xmlItem) {
      out[field.name] = (child.elements ?? []).filter((item) => item.type === 'element').map((item) => decodeElement(item, fieldType.ofType, path));
    } else if (isListType(fieldType)) {
      out[field.name] = [...((out[field.name] as unknown[]) ?? []), decodeElement(child, fieldType.ofType, path)];
    } else out[field.name] = decodeElement(child, fieldType, path);
  }
  return out;
}

/** Decodes an XML body into the shape of a GraphQL input type, coercing values by the schema. */
export function decodeXml(body: string, type: GraphQLInputType): unknown {
  if (/<!DOCTYPE/i.test(body)) throw badRequest('DOCTYPE declarations are not accepted');
  let document: Element;
  try {
    document = xml2js(body, { compact: false, ignoreComment: true, ignoreInstruction: true, ignoreDeclaration: true }) as Element;
  } catch {
    throw badRequest('malformed XML');
  }
  const root = (document.elements ?? []).find((element) => element.type === 'element');
  if (!root) throw badRequest('malformed XML: no root element');
  const nullable = getNullableType(type);
  // A list body (e.g. UserVO[]) comes wrapped like a list answer: <userVOs><userVO>…</userVO></userVOs>.
  if (isListType(nullable)) {
    const items = (root.elements ?? []).filter((item) => item.type === 'element');
    return items.map((item) => decodeElement(item, nullable.ofType, `<${root.name}>/${item.name}`));
  }
  return decodeElement(root, type, `<${root.name}>`);
}
