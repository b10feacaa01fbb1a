import { Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { LinkEntity, ManagedEntity, Nullable, Varchar } from './base';
import { Identity } from './users';

/** A kind of identity-to-identity relation (e.g. "Supervisor") and the rights it grants its source over its target (catalogue 2.10). */
@Entity({ tableName: 'relation_role' })
export class RelationRole extends ManagedEntity<'rights'> {
  @Varchar() role!: string;
  @Nullable('string') externalRef?: string | null;
  @Property({ type: 'json', default: '[]' }) rights: string[] = [];
}

@LinkEntity('identity_relation', ['source', 'target', 'role'])
export class IdentityRelation extends ManagedEntity {
  @ManyToOne(() => Identity, { deleteRule: 'cascade' })
  @Index()
  source!: Identity;

  @ManyToOne(() => Identity, { deleteRule: 'cascade' })
  @Index()
  target!: Identity;

  @ManyToOne(() => RelationRole, { deleteRule: 'cascade' }) role!: RelationRole;
}

export const relationEntities = [RelationRole, IdentityRelation];
