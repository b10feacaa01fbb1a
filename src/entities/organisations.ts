import { Collection, Entity, Index, ManyToMany, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity, LinkEntity, StyledEntity, Varchar } from './base';
import { Identity } from './users';

@Entity({ tableName: 'organisation_type' })
export class OrganisationType extends StyledEntity {
  /** Types an organisation of this type may have as sub-organisations. */
  @ManyToMany({ entity: () => OrganisationType, pivotTable: 'organisation_type_sub_type', joinColumn: 'type_id', inverseJoinColumn: 'sub_type_id' })
  allowedSubTypes = new Collection<OrganisationType>(this);
}

@Entity({ tableName: 'organisation' })
@Index({ name: 'organisation_path_index', expression: 'create index "organisation_path_index" on "organisation" ("path" varchar_pattern_ops)' })
@Index({ name: 'organisation_external_id_index', properties: ['externalId'] })
@Unique({ properties: ['identifier'] })
export class Organisation extends StyledEntity<'status' | 'path'> {
  @Property({ type: 'string', length: 32, default: 'active' }) status: string = 'active';
  @ManyToOne(() => Organisation, { nullable: true, deleteRule: 'restrict', index: true }) parent?: Organisation | null;

  /** Materialised path of keys from the root, e.g. `/1/7/12/`: subtree queries are prefix matches. */
  @Property({ type: 'string', length: 1024, default: '/' }) path: string = '/';
  @ManyToOne(() => OrganisationType, { nullable: true, deleteRule: 'set null' }) type?: OrganisationType | null;
}

/** A role an identity holds in one organisation (catalogue 5.7), applying to the subtree when its inheritance says so. */
@LinkEntity('organisation_role', ['identity', 'organisation', 'role'])
@Index({ properties: ['organisation', 'role'] })
export class OrganisationRoleMembership extends BaseEntity<'inheritance'> {
  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true }) identity!: Identity;
  @ManyToOne(() => Organisation, { deleteRule: 'cascade' }) organisation!: Organisation;
  @Varchar(32) role!: string;
  @Property({ type: 'string', length: 16, default: 'none' }) inheritance: string = 'none';
}

export const organisationEntities = [Organisation, OrganisationType, OrganisationRoleMembership];
