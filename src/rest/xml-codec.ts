import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLInt,
  getNamedType,
  getNullableType,
  isInputObjectType,
  isListType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
} from 'graphql';
import { xml2js, type Element } from 'xml-js';
import { badRequest } from '../domain/errors';
import { onWire } from './wire';

export const XML_PROLOG = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** Text for an XML attribute value. */
export const escapeXml = (value: string) =>
  /[&<>"]/.test(value) ? value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;') : value;

/** How a scalar of the named type is written as text. */
function scalarText(typeName: string): (value: unknown) => string {
  if (typeName === 'DateTime') return (value) => new Date(value as number).toISOString();
  if (typeName === 'JSONObject') return (value) => JSON.stringify(value);
  // The text String gives a number, without V8's cache of number texts: that cache keeps each text alive long enough to be
  // promoted, so the keys of a long list filled the old generation (8 XML lists of 1,000,000 people: RSS +102–126 MB).
  return (value) => (typeof value === 'number' ? JSON.stringify(value) : String(value));
}

/** Element text: `&`, `<` and `>` escaped (quotes may stand in text). */
const escapeText = (value: string) => (/[&<>]/.test(value) ? value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : value);

const element = (name: string, attributes: string, content: string) => (content ? `<${name}${attributes}>${content}</${name}>` : `<${name}${attributes}/>`);

type Encode = (name: string, value: unknown) => string;

const objectEncoders = new WeakMap<GraphQLObjectType, Encode>();

/**
 * How the non-null value of one field of an object is written: its element (or attribute), the names and the text
 * conversion fixed when the type's encoder is built.
 */
function fieldWriter(field: GraphQLField<unknown, unknown>): (value: unknown) => string {
  const { name } = field;
  const nullable = getNullableType(field.type);
  const named = getNamedType(field.type);
  if (field.extensions?.xmlAttribute === true) {
    const toText = scalarText(named.name);
    return (value) => ` ${name}="${escapeXml(toText(value))}"`;
  }
  const item = field.extensions?.xmlItem as string | undefined;
  if (item && isListType(nullable)) {
    const encode = xmlEncoder(field.type);
    return (value) => element(name, '', encode(item, value));
  }
  if (isListType(nullable) || isObjectType(nullable) || named.extensions?.xmlMap) {
    const encode = xmlEncoder(field.type);
    return (value) => encode(name, value);
  }
  const [open, close] = [`<${name}>`, `</${name}>`];
  const toText = scalarText(named.name);
  return (value) => open + escapeText(toText(value)) + close;
}

/** How values of a type are written, as JAXB writes them: null fields omitted, attributes where the VO says so, `<x/>` when empty. Built once per type. */
function xmlEncoder(type: GraphQLOutputType): Encode {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = xmlEncoder(nullable.ofType);
    return (name, value) => {
      let text = '';
      for (const entry of value as unknown[]) if (entry != null) text += item(name, entry);
      return text;
    };
  }
  if (isObjectType(nullable)) {
    const known = objectEncoders.get(nullable);
    if (known) return known;
    const fields: { name: string; attribute: boolean; write: (value: unknown) => string }[] = [];
    const encode: Encode = (name, value) => {
      const record = value as Record<string, unknown>;
      let attributes = '';
      let content = '';
      for (const field of fields) {
        const fieldValue = record[field.name];
        if (fieldValue == null) continue;
        if (field.attribute) attributes += field.write(fieldValue);
        else content += field.write(fieldValue);
      }
      return element(name, attributes, content);
    };
    objectEncoders.set(nullable, encode);
    for (const field of Object.values(nullable.getFields()))
      if (onWire(field)) fields.push({ name: field.name, attribute: field.extensions?.xmlAttribute === true, write: fieldWriter(field) });
    return encode;
  }
  const named = getNamedType(nullable);
  if (named.extensions?.xmlMap) return (name, value) => element(name, '', encodeMapEntries(value as Record<string, unknown>));
  const toText = scalarText(named.name);
  return (name, value) => `<${name}>${escapeText(toText(value))}</${name}>`;
}

/** A map as JAXB writes a `java.util.Map` property: `<entry><key>…</key><value>…</value></entry>` per entry. */
const encodeMapEntries = (map: Record<string, unknown>) =>
  Object.entries(map)
    .filter(([, value]) => value != null)
    .map(([key, value]) => `<entry><key>${escapeText(key)}</key><value>${escapeText(String(value))}</value></entry>`)
    .join('');

const encodeValue = (name: string, value: unknown, type: GraphQLOutputType) => (value == null ? '' : xmlEncoder(type)(name, value));

/** A result as JAXB writes it: lists wrapped in `<{root}s>`, null fields omitted. */
export function encodeXml(value: unknown, type: GraphQLOutputType, root: string): string {
  const list = isListType(getNullableType(type));
  return XML_PROLOG + (list ? element(`${root}s`, '', encodeValue(root, value, type)) : encodeValue(root, value, type));
}

/** The elements of list items, for a list written piece by piece: `<{root}>…</{root}>` each. */
export function encodeXmlItems(items: unknown[], itemType: GraphQLOutputType, root: string): string {
  const encode = xmlEncoder(itemType);
  let text = '';
  for (const item of items) if (item != null) text += encode(root, item);
  return text;
}

/** A plain element tree (ErrorVO lists and the like) in the same style. */
export function encodeRecords(root: string, records: Record<string, unknown>[], wrap: boolean): string {
  const items = records.map((record) =>
    element(
      root,
      '',
      Object.entries(record)
        .filter(([, value]) => value != null)
        .map(([name, value]) => `<${name}>${escapeText(String(value))}</${name}>`)
        .join(''),
    ),
  );
  return XML_PROLOG + (wrap ? element(`${root}s`, '', items.join('')) : items.join(''));
}

const textOf = (element: Element) =>
  (element.elements ?? []).map((child) => (child.type === 'text' || child.type === 'cdata' ? String(child.text ?? child.cdata ?? '') : '')).join('');

/** The field a decoding position names, in the words of the REST errors (src/rest/input-errors.ts): `<userVO>/properties/property/name` → `field "properties.property.name"`. */
function fieldAt(where: string): string {
  const path = where.split('/').slice(1).join('.').replace(/@/g, '');
  return path ? `field "${path}" in the body` : 'the body';
}

function coerce(raw: string, type: GraphQLInputType, where: string): unknown {
  const named = getNamedType(type);
  const value = raw.trim();
  if (named === GraphQLInt || named.name === 'Long') {
    if (!/^-?\d+$/.test(value)) throw badRequest(`${fieldAt(where)} must be an integer`);
    return Number(value);
  }
  if (named === GraphQLFloat) {
    if (value === '' || Number.isNaN(Number(value))) throw badRequest(`${fieldAt(where)} must be a number`);
    return Number(value);
  }
  if (named === GraphQLBoolean) {
    if (value !== 'true' && value !== 'false') throw badRequest(`${fieldAt(where)} must be true or false`);
    return value === 'true';
  }
  return raw;
}

/** A JAXB map of integers: `<entry><key>name</key><value>1</value></entry>` per entry; other elements are skipped, as JAXB skips them. */
function decodeIntMap(element: Element, where: string): Record<string, number> {
  const entries: [string, number][] = [];
  for (const entry of element.elements ?? []) {
    if (entry.type !== 'element' || entry.name !== 'entry') continue;
    const parts: Record<string, string> = {};
    for (const part of entry.elements ?? []) {
      if (part.type === 'element' && (part.name === 'key' || part.name === 'value')) parts[part.name] = textOf(part);
    }
    if (parts.key === undefined || parts.value === undefined) throw badRequest(`${where}/entry: an entry needs a <key> and a <value>`);
    entries.push([parts.key, coerce(parts.value, GraphQLInt, `${where}/entry/value`) as number]);
  }
  return Object.fromEntries(entries);
}

export function decodeElement(element: Element, type: GraphQLInputType, where: string): unknown {
  const named = getNamedType(type);
  if (isInputObjectType(named)) return decodeObject(element, named, where);
  if (named.extensions?.xmlMap) return decodeIntMap(element, where);
  return coerce(textOf(element), named, where);
}

/** An object element: elements and attributes its type lacks are skipped, as JAXB's unmarshaller ignores unknown elements. */
function decodeObject(element: Element, type: GraphQLInputObjectType, where: string): Record<string, unknown> {
  const fields = type.getFields();
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(element.attributes ?? {})) {
    if (fields[name]) out[name] = coerce(String(value), fields[name].type, `${where}/@${name}`);
  }
  for (const child of element.elements ?? []) {
    const field = child.type === 'element' ? fields[child.name!] : undefined;
    if (!field) continue;
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
