import { Entity, ManyToMany, OptionalProps, PrimaryKey, Property, Collection } from '@mikro-orm/core';

@Entity({ tableName: 'organisation_type' })
export class OrganisationType {
  [OptionalProps]?: 'creationDate' | 'lastModified';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 255 })
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

  /** Types an organisation of this type may have as sub-organisations. */
  @ManyToMany({ entity: () => OrganisationType, pivotTable: 'organisation_type_sub_type', joinColumn: 'type_id', inverseJoinColumn: 'sub_type_id' })
  allowedSubTypes = new Collection<OrganisationType>(this);

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  creationDate: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  lastModified: Date = new Date();
}
