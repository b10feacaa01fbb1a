import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

function toLong(value: unknown): number {
  const parsed = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isSafeInteger(parsed)) {
    throw new GraphQLError(`Long cannot represent ${JSON.stringify(value)}`);
  }
  return parsed;
}

/** Keys and other 64-bit integers, serialised as JSON numbers like OpenOLAT's Long (GraphQL ID would be a string). */
export const LongScalar = new GraphQLScalarType({
  name: 'Long',
  description: 'A 64-bit integer within the safe range of JSON numbers; keys are Longs.',
  serialize: toLong,
  parseValue: toLong,
  parseLiteral(ast) {
    if (ast.kind === Kind.INT || ast.kind === Kind.STRING) return toLong(ast.value);
    throw new GraphQLError('Long must be an integer');
  },
  extensions: { jsonSchema: { type: 'integer', format: 'int64' } },
});

function toDate(value: unknown): Date {
  const date = value instanceof Date ? value : typeof value === 'number' || typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw new GraphQLError(`DateTime cannot represent ${JSON.stringify(value)}`);
  return date;
}

/** Dates as OpenOLAT's Jackson writes them: epoch milliseconds; ISO-8601 strings accepted on input. XML uses xsd:dateTime. */
export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'A point in time: epoch milliseconds on output; epoch milliseconds or ISO-8601 on input.',
  serialize: (value) => toDate(value).getTime(),
  parseValue: toDate,
  parseLiteral(ast) {
    if (ast.kind === Kind.INT) return toDate(Number(ast.value));
    if (ast.kind === Kind.STRING) return toDate(ast.value);
    throw new GraphQLError('DateTime must be epoch milliseconds or an ISO-8601 string');
  },
  extensions: { jsonSchema: { type: 'integer', format: 'int64', description: 'epoch milliseconds' } },
});

function toIntMap(value: unknown): Record<string, number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new GraphQLError(`IntMap cannot represent ${JSON.stringify(value)}`);
  for (const [key, entry] of Object.entries(value)) {
    if (!Number.isInteger(entry) || Math.abs(entry as number) > 2 ** 31 - 1) throw new GraphQLError(`IntMap: the value of "${key}" is not an integer`);
  }
  return value as Record<string, number>;
}

/**
 * A `Map<String,Integer>` as OpenOLAT's Jackson writes it: a JSON object of integers. In XML it is
 * written as JAXB writes a map, `<entry><key>…</key><value>…</value></entry>` per entry
 * (src/rest/xml-codec.ts).
 */
export const IntMapScalar = new GraphQLScalarType({
  name: 'IntMap',
  description: 'Names mapped to integers: a JSON object such as {"hasFolder": 0}.',
  serialize: toIntMap,
  parseValue: toIntMap,
  parseLiteral(ast) {
    if (ast.kind !== Kind.OBJECT) throw new GraphQLError('IntMap must be an object of integers');
    return toIntMap(
      Object.fromEntries(
        ast.fields.map((field) => {
          if (field.value.kind !== Kind.INT) throw new GraphQLError(`IntMap: the value of "${field.name.value}" is not an integer`);
          return [field.name.value, Number(field.value.value)];
        }),
      ),
    );
  },
  extensions: {
    jsonSchema: { type: 'object', additionalProperties: { type: 'integer', format: 'int32' } },
    xmlMap: true,
  },
});

const NOT_BASE64 = /[^A-Za-z0-9+/]/;

/** Base64 with padding; checked without a pattern over the whole text, which may be megabytes long. */
function isBase64(text: string): boolean {
  if (text.length % 4) return false;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return !NOT_BASE64.test(text.slice(0, text.length - padding));
}

function toBytes(value: unknown): Buffer {
  // The REST transport hands over the bytes of a multipart part as they are.
  if (Buffer.isBuffer(value)) return value;
  if (typeof value !== 'string' || !isBase64(value)) throw new GraphQLError('Base64 must be a base64-encoded string (RFC 4648, with padding)');
  return Buffer.from(value, 'base64');
}

/** File contents: base64 text in GraphQL, bytes in the services; REST sends and receives them as the bytes themselves (multipart, image answers). */
export const Base64Scalar = new GraphQLScalarType({
  name: 'Base64',
  description: 'Bytes as base64 text (RFC 4648, with padding).',
  serialize: (value) => {
    if (!Buffer.isBuffer(value)) throw new GraphQLError('Base64 serialises bytes only');
    return value.toString('base64');
  },
  parseValue: toBytes,
  parseLiteral(ast) {
    if (ast.kind === Kind.STRING) return toBytes(ast.value);
    throw new GraphQLError('Base64 must be a string');
  },
  extensions: { jsonSchema: { type: 'string', format: 'byte' } },
});

/** A JSON object handed on as it is (a changed object's REST representation); in XML its JSON text (src/rest/xml-codec.ts). */
export const JsonObjectScalar = new GraphQLScalarType({
  name: 'JSONObject',
  description: 'A JSON object, as it is; in XML the JSON text.',
  serialize: (value) => {
    if (typeof value !== 'object' || value === null) throw new GraphQLError(`JSONObject cannot represent ${JSON.stringify(value)}`);
    return value;
  },
  parseValue: () => {
    throw new GraphQLError('JSONObject is an output type');
  },
  parseLiteral: () => {
    throw new GraphQLError('JSONObject is an output type');
  },
  extensions: { jsonSchema: { type: 'object', additionalProperties: true } },
});
