import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, getNamedType, getNullableType, isCompositeType, isListType, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import { ITEMS_PER_TURN, nextTurn, room } from '../domain/turns';

/**
 * Large GraphQL answers without holding the event loop. graphql-js completes the items of a list,
 * and Apollo writes the answer, each in one synchronous run: 50,000 people (six fields each) held
 * the instance for 650 ms, in which it answered nothing else, not even /restapi/ping. Here both are
 * cut into turns of the event loop with I/O between them (src/domain/turns.ts): a turn completes at
 * most ITEMS_PER_TURN list items (of all the lists and answers being completed) and writes at most
 * BYTES_PER_TURN.
 */

/** Bytes of an answer written in one turn. */
const BYTES_PER_TURN = 1 << 20;

/** A list as graphql-js gets it: at once when it fits into this turn; else its items in chunks of a turn each. */
function paced(list: readonly unknown[]): unknown {
  if (list.length <= ITEMS_PER_TURN) return room(list.length)?.then(() => list) ?? list;
  const items = new Array<Promise<unknown>>(list.length);
  for (let start = 0; start < list.length; start += ITEMS_PER_TURN) {
    const end = Math.min(start + ITEMS_PER_TURN, list.length);
    const ready = room(end - start) ?? Promise.resolve();
    for (let i = start; i < end; i++) items[i] = ready.then(() => list[i]);
  }
  return items;
}

const pacedValue = (value: unknown) => (Array.isArray(value) ? paced(value) : value);

function pacedField(field: GraphQLFieldConfig<unknown, unknown>): GraphQLFieldConfig<unknown, unknown> {
  if (!isListType(getNullableType(field.type)) || !isCompositeType(getNamedType(field.type))) return field;
  const resolve = field.resolve ?? defaultFieldResolver;
  return {
    ...field,
    resolve(source, args, ctx, info) {
      const value = resolve(source, args, ctx, info);
      return value instanceof Promise ? value.then(pacedValue) : pacedValue(value);
    },
  };
}

/**
 * The schema with the lists that grow with the data paced: top-level lists, the items of pages and
 * the edges (GraphQL's copy: REST writes its lists as it reads them). The small lists inside a wire
 * value (a person's properties) are completed with it.
 */
export const pacedSchema = (schema: GraphQLSchema): GraphQLSchema =>
  mapSchema(schema, {
    [MapperKind.ROOT_FIELD]: pacedField,
    [MapperKind.OBJECT_FIELD]: (field, fieldName, typeName) =>
      field.extensions?.rest === false || schema.getType(typeName)?.extensions.pageItems === fieldName ? pacedField(field) : field,
  });

/** Array items a value written in one piece may hold: a few objects with their small lists (a person's properties). */
const PIECE_ITEMS = 100;

/** Whether the value holds more than `budget` array items, counted down its objects and arrays until the budget is spent. */
function holdsMoreItems(value: unknown, budget: { left: number }): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    budget.left -= value.length;
    if (budget.left < 0) return true;
  }
  for (const key in value) if (holdsMoreItems((value as Record<string, unknown>)[key], budget)) return true;
  return false;
}

/** The JSON text of a value in pieces: arrays item by item and objects field by field, down to values of at most PIECE_ITEMS array items. */
function* pieces(value: unknown): Generator<string> {
  if (!holdsMoreItems(value, { left: PIECE_ITEMS })) {
    yield JSON.stringify(value) ?? 'null';
  } else if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i) yield ',';
      yield* pieces(value[i]);
    }
    yield ']';
  } else {
    let first = true;
    yield '{';
    for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
      if (field === undefined) continue;
      yield `${first ? '' : ','}${JSON.stringify(name)}:`;
      first = false;
      yield* pieces(field);
    }
    yield '}';
  }
}

/** Apollo's `stringifyResult`: JSON.stringify's text (and Apollo's newline), written a turn of BYTES_PER_TURN at a time. */
export async function stringifyPaced(value: unknown): Promise<string> {
  const written: string[] = [];
  let turn: string[] = [];
  let bytes = 0;
  for (const piece of pieces(value)) {
    turn.push(piece);
    bytes += piece.length;
    if (bytes >= BYTES_PER_TURN) {
      written.push(turn.join(''));
      turn = [];
      bytes = 0;
      await nextTurn();
    }
  }
  written.push(turn.join(''), '\n');
  return written.join('');
}
