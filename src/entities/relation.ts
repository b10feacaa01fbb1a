import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Identity } from './identity';

/** A kind of identity-to-identity relation (e.g. "Supervisor") with the rights it grants (catalogue 2.10). */
@Entity({ tableName: 'relation_role' })
export class RelationRole {
  [OptionalProps]?: 'rights' | 'creationDate' | 'lastModified';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 255 })
  role!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  externalId?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  externalRef?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  managedFlags?: string | null;

  @Property({ type: 'json', default: '[]' })
  rights: string[] = [];

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  creationDate: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  lastModified: Date = new Date();
}

@Entity({ tableName: 'identity_relation' })
@Unique({ properties: ['source', 'target', 'role'] })
export class IdentityRelation {
  [OptionalProps]?: 'creationDate';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Identity, { deleteRule: 'cascade' })
  @Index()
  source!: Identity;

  @ManyToOne(() => Identity, { deleteRule: 'cascade' })
  @Index()
  target!: Identity;

  @ManyToOne(() => RelationRole, { deleteRule: 'cascade' })
  role!: RelationRole;

  @Property({ type: 'string', length: 255, nullable: true })
  externalId?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  managedFlags?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  creationDate: Date = new Date();
}
