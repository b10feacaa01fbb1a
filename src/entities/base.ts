import { BigIntType, Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** What the records of every family share: a numeric key, and when the record was created and last changed. */
export abstract class BaseEntity<Optional extends string = never> {
  [OptionalProps]?: 'creationDate' | 'lastModified' | Optional;

  @PrimaryKey({ type: 'integer', autoincrement: true }) id!: number;

  @Property({ type: 'datetime', defaultRaw: 'now()' }) creationDate: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() }) lastModified: Date = new Date();
}

/**
 * For records that accumulate without bound (memberships, relations, events): their key is
 * `bigint` in the database, still a number in JavaScript and on the wire (exact below 2^53).
 */
export function LongKey() {
  return (entity: abstract new (...args: never[]) => BaseEntity<string>) =>
    PrimaryKey({ type: new BigIntType('number'), autoincrement: true })(entity.prototype, 'id');
}

/**
 * A record an external system may own (source document, "Managed flags"): the external system's id
 * for it and the comma-separated flags naming what that system manages.
 */
export abstract class ManagedEntity<Optional extends string = never> extends BaseEntity<Optional> {
  @Property({ type: 'string', length: 255, nullable: true }) externalId?: string | null;

  @Property({ type: 'string', length: 255, nullable: true }) managedFlags?: string | null;
}

/** A managed record with a name of its own: an organisation, a curriculum, a taxonomy and the types of some. */
export abstract class NamedEntity<Optional extends string = never> extends ManagedEntity<Optional> {
  @Property({ type: 'string', length: 255 }) identifier!: string;

  @Property({ type: 'string', length: 255 }) displayName!: string;

  @Property({ type: 'text', nullable: true }) description?: string | null;
}

/** A named record shown with a CSS class of its own: an organisation, organisation and element types. */
export abstract class StyledEntity<Optional extends string = never> extends NamedEntity<Optional> {
  @Property({ type: 'string', length: 255, nullable: true }) cssClass?: string | null;
}

type NullableColumnType = 'string' | 'text' | 'datetime' | 'integer' | 'smallint' | 'boolean' | 'float' | 'double' | 'json';

/** A column that may be null, of the given type: `@Nullable('text')`; a string is a `varchar` of `length` (255 unless given). */
export function Nullable(type: NullableColumnType, length?: number) {
  return Property(type === 'string' ? { type, length: length ?? 255, nullable: true } : { type, nullable: true });
}

/** A `varchar` column that may not be null, of `length` (255 unless given). */
export function Varchar(length = 255) {
  return Property({ type: 'string', length });
}

/**
 * A record that links others (a membership, an owner, a tag): its table, once per combination of
 * `unique` (its properties), with a `bigint` key as every record that accumulates without bound.
 */
export function LinkEntity(tableName: string, unique: string[]) {
  return (entity: abstract new (...args: never[]) => BaseEntity<string>) => {
    LongKey()(entity);
    Unique<object, string>({ properties: unique as never })(entity);
    Entity({ tableName })(entity);
  };
}
