import { Directive, Extensions, Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { managed as managedBy } from './directives';
import { DateTimeScalar, LongScalar } from './scalars';

/*
 * A VO declared once: the fields OpenOLAT's class declares, in its order, each saying what the object type answers and
 * what the input type takes (most VOs are read and written as the same class). One list makes both GraphQL types and
 * both TypeScript types; where a side differs, its field says how.
 */

type TypeFunction = Exclude<Parameters<typeof Field>[0], undefined>;
type ExtensionMap = Parameters<typeof Extensions>[0];

interface Side {
  type: TypeFunction;
  nullable?: boolean;
  description?: string;
  extensions?: ExtensionMap;
  /** The input field is guarded by this managed flag (`@managed`). */
  managed?: string;
}

/**
 * One field: `Out` what the object type holds (never: the input type only), `In` what the input type takes (never: the
 * object type only), `Required` whether the input type requires it. The input side is nullable, with the object type's
 * type and extensions and without its description, unless the field says otherwise.
 */
export class WireField<Out, In, Required extends boolean = false> {
  constructor(
    readonly output: Side | null,
    readonly input: Side | null,
  ) {}

  private with(output: Partial<Side> | null, input: Partial<Side> | null): never {
    return new WireField(
      this.output && output ? { ...this.output, ...output } : this.output,
      this.input && input ? { ...this.input, ...input } : this.input,
    ) as never;
  }

  /** Null on the object type too. */
  get nullable(): WireField<Out | null, In, Required> {
    return this.with({ nullable: true }, null);
  }

  /** Required on the input type (non-null there). */
  get required(): WireField<Out, In, true> {
    return this.with(null, { nullable: false });
  }

  /** On the input type only: a field clients send and never read (a password). */
  get inputOnly(): WireField<never, In, Required> {
    return new WireField(null, this.input) as never;
  }

  /** On the object type only. */
  get outputOnly(): WireField<Out, never, Required> {
    return new WireField(this.output, null) as never;
  }

  /** The object type's description of the field. */
  describe(description: string): WireField<Out, In, Required> {
    return this.with({ description }, null);
  }

  /** The input type's description of the field. */
  describeInput(description: string): WireField<Out, In, Required> {
    return this.with(null, { description });
  }

  /** Guarded by a managed flag on input: interactive callers cannot change it while the object is managed. */
  managed(flag: string): WireField<Out, In, Required> {
    return this.with(null, { managed: flag });
  }

  /** Extensions (the XML names) of both sides. */
  extensions(extensions: ExtensionMap): WireField<Out, In, Required> {
    return this.with({ extensions }, { extensions });
  }

  /** Extensions of the object type's field only. */
  outputExtensions(extensions: ExtensionMap): WireField<Out, In, Required> {
    return this.with({ extensions }, null);
  }

  /** The input type takes another GraphQL type (a nested VO's input twin). */
  takes<T>(type: TypeFunction): WireField<Out, T, Required> {
    return this.with(null, { type }) as never;
  }
}

/** A field of this GraphQL type holding `T`. */
export const field = <T>(type: TypeFunction) => new WireField<T, T>({ type }, { type, nullable: true });

export const long = field<number>(() => LongScalar);
export const int = field<number>(() => Int);
export const float = field<number>(() => Float);
export const text = field<string>(() => String);
export const bool = field<boolean>(() => Boolean);
export const dateTime = field<Date>(() => DateTimeScalar);

/** What a named record (src/entities/base.ts NamedEntity) begins with: its key and names, each name guarded by the managed flag of its name. */
export const NAMED = {
  key: long,
  identifier: text.managed('identifier'),
  displayName: text.managed('displayName'),
  description: text.nullable.managed('description'),
};

/** A named record with a CSS class of its own (StyledEntity): the types of organisations and curriculum elements. */
export const STYLED = { ...NAMED, cssClass: text.nullable.managed('cssClass') };

type Fields = Record<string, WireField<any, any, boolean>>;
type OutputKeys<S extends Fields> = { [K in keyof S]: S[K] extends WireField<infer O, unknown, boolean> ? ([O] extends [never] ? never : K) : never }[keyof S];
type InputKeys<S extends Fields, R extends boolean> = {
  [K in keyof S]: S[K] extends WireField<unknown, infer I, infer Q> ? ([I] extends [never] ? never : Q extends R ? K : never) : never;
}[keyof S];
type InputValue<F> = F extends WireField<unknown, infer I, boolean> ? I : never;

export type OutputOf<S extends Fields> = { [K in OutputKeys<S>]: S[K] extends WireField<infer O, unknown, boolean> ? O : never };
export type InputOf<S extends Fields> = { [K in InputKeys<S, false>]?: InputValue<S[K]> | null } & { [K in InputKeys<S, true>]: InputValue<S[K]> };

interface TypeNames {
  name: string;
  description?: string;
  extensions?: ExtensionMap;
}

function declare(target: { prototype: object }, name: string, side: Side) {
  if (side.managed) Directive(managedBy(null, side.managed))(target.prototype, name);
  if (side.extensions) Extensions(side.extensions)(target.prototype, name);
  const options = { ...(side.nullable ? { nullable: true } : {}), ...(side.description ? { description: side.description } : {}) };
  Field(side.type, options)(target.prototype, name);
}

function named(name: string) {
  const type = class {};
  Object.defineProperty(type, 'name', { value: name });
  return type;
}

/** An object type of these fields (their object-type side): a VO no client sends. */
export function objectType<S extends Fields>(names: TypeNames, fields: S) {
  return declareTypes(names, null, fields)[0];
}

/** An input type of these fields (their input-type side, described by describe() or describeInput()): what a client sends and never reads back. */
export function inputType<S extends Fields>(names: TypeNames, fields: S) {
  return declareTypes(null, names, fields)[1];
}

/** A VO's names: its object type's, and its input twin's (`<name>Input` unless `inputName` says otherwise) with the input's own description. */
interface TwinNames extends TypeNames {
  inputName?: string;
  inputDescription?: string;
  inputExtensions?: ExtensionMap;
}

/** The object type and the input type of one VO, from its one list of fields. */
export function wireType<S extends Fields>({ inputName, inputDescription, inputExtensions, ...output }: TwinNames, fields: S) {
  return declareTypes(output, { name: inputName ?? `${output.name}Input`, description: inputDescription, extensions: inputExtensions }, fields);
}

function declareTypes<S extends Fields>(output: TypeNames | null, input: TypeNames | null, fields: S) {
  const types = [output && named(output.name), input && named(input.name)] as const;
  for (const [name, wire] of Object.entries(fields)) {
    if (types[0] && wire.output) declare(types[0], name, wire.output);
    // A VO with an input side only says what its fields are with describe() as well.
    if (types[1] && wire.input)
      declare(types[1], name, output ? wire.input : { ...wire.input, description: wire.input.description ?? wire.output?.description });
  }
  for (const [type, names, decorate] of [
    [types[0], output, ObjectType],
    [types[1], input, InputType],
  ] as const) {
    if (!type || !names) continue;
    if (names.extensions) Extensions(names.extensions)(type);
    decorate(names.name, {
      ...(names.description ? { description: names.description } : {}),
      // Fields are read off the row as they are: no resolver per field and item (type-graphql's default wraps each).
      ...(decorate === ObjectType ? { simpleResolvers: true } : {}),
    })(type);
  }
  return [types[0] as new () => OutputOf<S>, types[1] as new () => InputOf<S>] as const;
}
