import { Directive, Field, InputType, ObjectType } from 'type-graphql';
import { RELATION_RIGHTS } from '../relations/rights';
import { managed } from './directives';
import { LongScalar } from './scalars';

/** OpenOLAT's RelationRoleVO (catalogue 3.9); in XML every right is its own `<rights>` element. */
@ObjectType('RelationRoleVO')
export class RelationRoleVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  role!: string;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true })
  externalRef!: string | null;

  @Field(() => String, { description: 'Comma-separated managed flags (all, name, rights, delete), normalised; "" when none.' })
  managedFlags!: string;

  @Field(() => [String], { description: `Right ids, in this order: ${RELATION_RIGHTS.join(', ')}.` })
  rights!: string[];
}

@InputType('RelationRoleVOInput', {
  description:
    'A RelationRoleVO as a client sends it. On update, absent fields keep their value here (on REST they are cleared, as OpenOLAT does; the name stays); rights, when given, replace the set (unknown ids are dropped).',
})
export class RelationRoleVOInput {
  @Field(() => LongScalar, { nullable: true, description: 'On PUT/POST /users/relations/roles a key > 0 updates that role.' })
  key?: number | null;

  @Field(() => String, { nullable: true, description: 'Required when creating.' })
  @Directive(managed(null, 'name'))
  role?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  externalRef?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlags?: string | null;

  @Field(() => [String], { nullable: true, description: 'Unknown right ids are dropped; [] (or in XML one empty <rights/>) removes every right.' })
  @Directive(managed(null, 'rights'))
  rights?: string[] | null;
}

/** OpenOLAT's IdentityToIdentityRelationVO (catalogue 3.9): the source holds the role's rights over the target. */
@ObjectType('IdentityToIdentityRelationVO')
export class IdentityToIdentityRelationVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => LongScalar)
  identitySourceKey!: number;

  @Field(() => LongScalar)
  identityTargetKey!: number;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { description: 'Comma-separated managed flags (all, delete), normalised; "" when none.' })
  managedFlagsString!: string;

  @Field(() => LongScalar)
  relationRoleKey!: number;

  @Field(() => String, { description: 'The name of the relation role.' })
  relationRole!: string;
}

@InputType('IdentityToIdentityRelationVOInput', {
  description:
    'A new relation: identitySourceKey, identityTargetKey and relationRoleKey are required; a key is refused (relations are not updated); relationRole is ignored.',
})
export class IdentityToIdentityRelationVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => LongScalar, { nullable: true })
  identitySourceKey?: number | null;

  @Field(() => LongScalar, { nullable: true })
  identityTargetKey?: number | null;

  @Field(() => String, { nullable: true })
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  managedFlagsString?: string | null;

  @Field(() => LongScalar, { nullable: true })
  relationRoleKey?: number | null;

  @Field(() => String, { nullable: true })
  relationRole?: string | null;
}
