import { OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** What the records of every family share: a numeric key, and when the record was created and last changed. */
export abstract class BaseEntity<Optional extends string = never> {
  [OptionalProps]?: 'creationDate' | 'lastModified' | Optional;

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  creationDate: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  lastModified: Date = new Date();
}

/**
 * A record an external system may own (source document, "Managed flags"): the external system's id
 * for it and the comma-separated flags naming what that system manages.
 */
export abstract class ManagedEntity<Optional extends string = never> extends BaseEntity<Optional> {
  @Property({ type: 'string', length: 255, nullable: true })
  externalId?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  managedFlags?: string | null;
}
