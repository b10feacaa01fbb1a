import type { Readable } from 'node:stream';
import { JSONParser } from '@streamparser/json';
import { GraphQLError, coerceInputValue, type GraphQLInputObjectType, type GraphQLSchema } from 'graphql';
import sax from 'sax';
import type { Element } from 'xml-js';
import { DomainError, badRequest } from '../domain/errors';
import { decodeElement } from '../rest/xml-codec';

/** The sections of a sync document, in the order a job applies them: what a later one names exists by then. */
export const SECTIONS = ['organisations', 'users', 'groups', 'courses', 'curricula', 'elements', 'memberships'] as const;
export type Section = (typeof SECTIONS)[number];

/** The input type of one object of each section (src/schema/sync.ts). */
const ITEM_TYPES: Record<Section, string> = {
  organisations: 'SyncOrganisationInput',
  users: 'SyncUserInput',
  groups: 'SyncGroupInput',
  courses: 'SyncCourseInput',
  curricula: 'SyncCurriculumInput',
  elements: 'SyncCurriculumElementInput',
  memberships: 'SyncMembershipInput',
};

/** The container kinds a membership names, and the roles each takes (the GraphQL operation a role maps to: src/sync/sections.ts). */
export const CONTAINER_TYPES = ['group', 'organisation', 'course', 'element'] as const;

/** One object as a job keeps it (a membership entry becomes one per member); `error` when it cannot be read. */
export interface StagedObject {
  section: Section;
  ref: string;
  container?: string;
  role?: string;
  payload: Record<string, unknown>;
  error?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The objects one entry of a section stands for, each checked for the references it needs. */
export function stagedObjects(section: Section, value: Record<string, unknown>, readError?: string): StagedObject[] {
  if (section === 'memberships') {
    const type = text(value.type).toLowerCase();
    const externalId = text(value.externalId);
    const role = text(value.role).toLowerCase();
    const members = Array.isArray(value.members) ? value.members.map(text) : [];
    const container = `${type}:${externalId}`;
    const error =
      readError ??
      (!(CONTAINER_TYPES as readonly string[]).includes(type)
        ? `type must be one of ${CONTAINER_TYPES.join(', ')}`
        : !externalId
          ? "the container's externalId is required"
          : !role
            ? 'role is required'
            : undefined);
    if (error || !members.length)
      return [{ section, ref: members[0] || externalId || '?', container, role, payload: { type, externalId }, error: error ?? 'members is empty' }];
    return members.map((member) => ({
      section,
      ref: member,
      container,
      role,
      payload: { type, externalId, member },
      error: member ? undefined : 'a member is empty',
    }));
  }
  const ref = section === 'users' ? text(value.externalId) || text(value.login) : text(value.externalId);
  const error = readError ?? (ref ? undefined : section === 'users' ? 'externalId or login is required' : 'externalId is required');
  return [{ section, ref: ref || '?', payload: value, error }];
}

/** The desired state a GraphQL client sent, in section order. */
export function* objectsOfInput(document: Partial<Record<Section, Record<string, unknown>[] | null>>): Iterable<StagedObject> {
  for (const section of SECTIONS) for (const value of document[section] ?? []) yield* stagedObjects(section, value);
}

const isSection = (name: unknown): name is Section => (SECTIONS as readonly unknown[]).includes(name);

/** A JSON object coerced to the section's input type: fields it does not know are ignored, a wrong type is the object's error. */
function coerced(schema: GraphQLSchema, section: Section, value: unknown): { value: Record<string, unknown>; error?: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { value: {}, error: 'an object is expected' };
  const type = schema.getType(ITEM_TYPES[section]) as GraphQLInputObjectType;
  const known = Object.fromEntries(Object.entries(value).filter(([name]) => name in type.getFields()));
  let error: string | undefined;
  const result = coerceInputValue(known, type, (path, _invalid, cause: GraphQLError) => {
    error ??= `${path.join('.')}: ${cause.message}`;
  }) as Record<string, unknown> | undefined;
  return { value: result ?? {}, error };
}

interface Limits {
  /** The largest document taken (SYNC_DOCUMENT_LIMIT_BYTES): 413 beyond. */
  limitBytes: number;
}

/** A chunk of the document as it arrived, and its text (a character split between two chunks is in the second). */
interface Chunk {
  bytes: Buffer;
  text: string;
}

const notUtf8 = () => badRequest('the request body is not valid UTF-8');

/** The document's chunks as they arrive: beyond the limit a 413, bytes that are not UTF-8 a 400 (as every other body). */
async function* chunksWithin(stream: Readable, { limitBytes }: Limits): AsyncIterable<Chunk> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let size = 0;
  for await (const bytes of stream as AsyncIterable<Buffer>) {
    size += bytes.length;
    if (size > limitBytes) {
      stream.resume();
      throw new DomainError('PAYLOAD_TOO_LARGE', `the document is larger than ${limitBytes} bytes`);
    }
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      stream.resume();
      throw notUtf8();
    }
    yield { bytes, text };
  }
  try {
    decoder.decode();
  } catch {
    // The document ends inside a character.
    throw notUtf8();
  }
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]);

/** A JSON document read as it arrives: each object of a section is handed over once complete, the document is never held whole. */
export async function* objectsOfJson(stream: Readable, schema: GraphQLSchema, limits: Limits): AsyncIterable<StagedObject> {
  const parser = new JSONParser({ paths: SECTIONS.map((section) => `$.${section}.*`), keepStack: false });
  let ready: StagedObject[] = [];
  let root: 'object' | 'other' | undefined;
  parser.onValue = ({ value, stack }) => {
    const section = stack[1]?.key;
    if (!isSection(section)) return;
    const { value: object, error } = coerced(schema, section, value);
    ready.push(...stagedObjects(section, object, error));
  };
  const failed = (error: unknown) => badRequest(`malformed JSON: ${(error as Error).message}`);
  for await (const { bytes } of chunksWithin(stream, limits)) {
    const first = root ? -1 : bytes.findIndex((byte) => !WHITESPACE.has(byte));
    if (first >= 0) root = bytes[first] === 0x7b /* { */ ? 'object' : 'other';
    try {
      parser.write(bytes);
    } catch (error) {
      throw failed(error);
    }
    if (root === 'other') throw badRequest('the document is a JSON object');
    yield* ready;
    ready = [];
  }
  if (!parser.isEnded) {
    try {
      parser.end();
    } catch (error) {
      throw failed(error);
    }
  }
  if (root !== 'object') throw badRequest('a request body is required');
  yield* ready;
}

/** An XML document (`<sync><users><user>…</user></users>…</sync>`) read as it arrives, one object element at a time. */
export async function* objectsOfXml(stream: Readable, schema: GraphQLSchema, limits: Limits): AsyncIterable<StagedObject> {
  const parser = sax.parser(true, { trim: false });
  let ready: StagedObject[] = [];
  let failure: Error | undefined;
  let depth = 0;
  let section: Section | undefined;
  /** The open elements of the object being read, innermost last. */
  const open: Element[] = [];
  parser.ondoctype = () => (failure ??= badRequest('DOCTYPE declarations are not accepted'));
  parser.onerror = (error) => {
    failure ??= badRequest(`malformed XML: ${error.message.split('\n')[0]}`);
    parser.resume();
  };
  let rooted = false;
  parser.onopentag = (tag) => {
    depth++;
    rooted = true;
    if (depth === 2) section = isSection(tag.name) ? tag.name : undefined;
    if (depth < 3 || !section) return;
    const element: Element = { type: 'element', name: tag.name, attributes: tag.attributes as Record<string, string>, elements: [] };
    open.at(-1)?.elements!.push(element);
    open.push(element);
  };
  const addText = (value: string) => open.at(-1)?.elements!.push({ type: 'text', text: value });
  parser.ontext = addText;
  parser.oncdata = addText;
  parser.onclosetag = () => {
    depth--;
    if (depth < 2 || !section) return;
    const element = open.pop()!;
    if (depth !== 2) return;
    let value: Record<string, unknown> = {};
    let error: string | undefined;
    try {
      value = decodeElement(element, schema.getType(ITEM_TYPES[section]) as GraphQLInputObjectType, `<sync>/${section}/${element.name}`) as Record<
        string,
        unknown
      >;
    } catch (cause) {
      error = (cause as Error).message;
    }
    ready.push(...stagedObjects(section, value, error));
  };
  for await (const { text } of chunksWithin(stream, limits)) {
    parser.write(text);
    if (failure) throw failure;
    yield* ready;
    ready = [];
  }
  parser.close();
  if (failure) throw failure;
  if (!rooted) throw badRequest('a request body is required');
  yield* ready;
}
