import type { EntityClass, FilterQuery } from '@mikro-orm/postgresql';
import { Directive, Extensions } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { managed } from '../schema/directives';
import { normaliseManagedFlags, type ManagedKind } from './flags';

/** The current state of a managed element: its flags and its field values, keyed like the input type. */
export interface ManagedTarget {
  managedFlags: string | null | undefined;
  values: Record<string, unknown>;
}

/** How the managed guard finds the element of one kind that an operation acts on. */
export interface ManagedElement {
  kind: ManagedKind;
  /** The element named by the operation's arguments; null when there is none (yet), e.g. a create. Reads only. */
  load(args: Record<string, any>, ctx: RequestContext): Promise<ManagedTarget | null>;
  /** The family policy's object check, decided before any flag, so that a caller without rights is told 403 rather than 409. */
  authorize?(args: Record<string, any>, ctx: RequestContext): Promise<void>;
}

/**
 * `@Managed(element, flag)` on a mutation: the `@managed(kind:, flag:)` directive the SDL shows, and
 * the element loader the guard (src/managed/enforcement.ts) uses. `flag` null: only the flags of
 * the input fields guard the operation.
 */
export function Managed(element: ManagedElement, flag: string | null): MethodDecorator {
  return (prototype, property, descriptor) => {
    Directive(managed(element.kind, flag))(prototype, property, descriptor);
    Extensions({ managedElement: element })(prototype, property, descriptor);
  };
}

/** Whether a given value of an input field means the stored one though it differs from it. */
export type MeansCurrent = (given: unknown, current: Record<string, unknown>) => boolean;

/** The same text with blanks around it. */
export const trimmedEquals =
  (field: string): MeansCurrent =>
  (given, current) =>
    typeof given === 'string' && given.trim() === current[field];

/** The same flags, in another order or spelling. */
export const sameFlags =
  (kind: ManagedKind, field: string): MeansCurrent =>
  (given, current) =>
    normaliseManagedFlags(kind, given as string | null) === normaliseManagedFlags(kind, current[field] as string | null);

/** A null that changes nothing (a parent or an owner not given). */
export const isNull: MeansCurrent = (given) => given === null;

/**
 * The ManagedElement of an object an operation names by a key (`keyOf`: the path's, else its body's): its flags, and
 * the values of its VO, where each given value of the input argument `input` that means the stored one (`rules`,
 * by the input's fields) stands in its place, since the managed guard compares given and current values by content.
 */
export function managedByKey<Row extends { managedFlags?: string | null }>(element: {
  kind: ManagedKind;
  input: string;
  keyOf: (args: Record<string, any>) => number | null | undefined;
  find: (ctx: RequestContext, key: number, args: Record<string, any>) => Promise<Row | null>;
  present: (row: Row) => object;
  rules: (given: Record<string, unknown>) => Record<string, MeansCurrent>;
  authorize?: ManagedElement['authorize'];
}): ManagedElement {
  const { kind, input, keyOf, find, present, rules, authorize } = element;
  return {
    kind,
    authorize,
    async load(args, ctx) {
      const key = keyOf(args);
      const row = key == null ? null : await find(ctx, key, args);
      if (!row) return null;
      const given: Record<string, unknown> = args[input] ?? {};
      const current = present(row) as Record<string, unknown>;
      const values = { ...current };
      for (const [field, meansCurrent] of Object.entries(rules(given)))
        if (given[field] !== undefined && meansCurrent(given[field], current)) values[field] = given[field];
      return { managedFlags: row.managedFlags, values };
    },
  };
}

/** The type of objects (an organisation's, a curriculum element's, a taxonomy level's) an operation acts on: by path key `pathKey`, else by the key in the body. */
export function managedType<Type extends { id: number; managedFlags?: string | null }>(type: {
  kind: ManagedKind;
  input: string;
  pathKey: string;
  entity: EntityClass<Type>;
  present: (type: Type) => object;
  rules: (given: Record<string, unknown>) => Record<string, MeansCurrent>;
}): ManagedElement {
  const { kind, input, pathKey, entity, present, rules } = type;
  return managedByKey({
    kind,
    input,
    keyOf: (args) => args[pathKey] ?? args[input]?.key,
    find: (ctx, key) => ctx.em.findOne(entity, { id: key } as FilterQuery<Type>),
    present,
    rules,
  });
}
