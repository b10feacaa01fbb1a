import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { LongKey, ManagedEntity, Nullable, Varchar } from './base';
import { Identity } from './users';

/** A kind of identity-to-identity relation (e.g. "Supervisor") and the rights it grants its source over its target (catalogue 2.10). */
@Entity({ tableName: 'relation_role' })
export class RelationRole extends ManagedEntity<'rights'> {
  @Varchar() role!: string;
  @Nullable('string') externalRef?: string | null;
  @Property({ type: 'json', default: '[]' }) rights: string[] = [];
}

@Entity({ tableName: 'identity_relation' })
@Unique({ properties: ['source', 'target', 'role'] })
@LongKey()
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
