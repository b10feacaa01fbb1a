import { Entity, OptionalProps, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Identity } from './identity';
import { OrganisationType } from './organisation-type';

@Entity({ tableName: 'organisation' })
@Index({ name: 'organisation_path_index', expression: 'create index "organisation_path_index" on "organisation" ("path" varchar_pattern_ops)' })
export class Organisation {
  [OptionalProps]?: 'status' | 'path' | 'creationDate' | 'lastModified';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 255, unique: true })
  identifier!: string;

  @Property({ type: 'string', length: 255 })
  displayName!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  cssClass?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  externalId?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  managedFlags?: string | null;

  @Property({ type: 'string', length: 32, default: 'active' })
  status: string = 'active';

  @ManyToOne(() => Organisation, { nullable: true, deleteRule: 'restrict' })
  parent?: Organisation | null;

  /** Materialised path of keys from the root, e.g. `/1/7/12/`: subtree queries are prefix matches. */
  @Property({ type: 'string', length: 1024, default: '/' })
  path: string = '/';

  @ManyToOne(() => OrganisationType, { nullable: true, deleteRule: 'set null' })
  type?: OrganisationType | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  creationDate: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  lastModified: Date = new Date();
}

/** A role an identity holds in one organisation (catalogue 5.7). */
@Entity({ tableName: 'organisation_role' })
@Unique({ properties: ['identity', 'organisation', 'role'] })
@Index({ properties: ['organisation', 'role'] })
export class OrganisationRoleMembership {
  [OptionalProps]?: 'inheritance' | 'creationDate';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true })
  identity!: Identity;

  @ManyToOne(() => Organisation, { deleteRule: 'cascade' })
  organisation!: Organisation;

  @Property({ type: 'string', length: 32 })
  role!: string;

  @Property({ type: 'string', length: 16, default: 'none' })
  inheritance: string = 'none';

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  creationDate: Date = new Date();
}
