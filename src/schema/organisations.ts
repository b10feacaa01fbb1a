import { Directive, Field, InputType, ObjectType } from 'type-graphql';
import { managed } from './directives';
import { LongScalar } from './scalars';

/** OpenOLAT's OrganisationVO (catalogue 3.4). */
@ObjectType('OrganisationVO')
export class OrganisationVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  identifier!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  cssClass!: string | null;

  @Field(() => String, { nullable: true, description: 'active, inactive or deleted' })
  status!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags, normalised (unknown flags dropped).' })
  managedFlagsString!: string | null;

  @Field(() => LongScalar, { nullable: true, description: 'The root of the tree (the default organisation); null for the root itself.' })
  rootOrganisationKey!: number | null;

  @Field(() => LongScalar, { nullable: true })
  parentOrganisationKey!: number | null;

  @Field(() => LongScalar, { nullable: true })
  organisationTypeKey!: number | null;
}

@InputType('OrganisationVOInput', {
  description:
    'An OrganisationVO as a client sends it. Absent fields keep their value, null clears it; a changed parentOrganisationKey moves the organisation with its subtree; rootOrganisationKey is ignored.',
})
export class OrganisationVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'identifier'))
  identifier?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'displayName'))
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  cssClass?: string | null;

  @Field(() => String, { nullable: true, description: 'active, inactive or deleted; blank keeps the status' })
  status?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlagsString?: string | null;

  @Field(() => LongScalar, { nullable: true })
  rootOrganisationKey?: number | null;

  @Field(() => LongScalar, { nullable: true })
  @Directive(managed(null, 'move'))
  parentOrganisationKey?: number | null;

  @Field(() => LongScalar, { nullable: true })
  @Directive(managed(null, 'type'))
  organisationTypeKey?: number | null;
}

/** OpenOLAT's OrganisationTypeVO (catalogue 3.4). */
@ObjectType('OrganisationTypeVO')
export class OrganisationTypeVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  identifier!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  cssClass!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags, normalised (unknown flags dropped).' })
  managedFlagsString!: string | null;
}

@InputType('OrganisationTypeVOInput', { description: 'An OrganisationTypeVO as a client sends it. Absent fields keep their value, null clears it.' })
export class OrganisationTypeVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'identifier'))
  identifier?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'displayName'))
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'cssClass'))
  cssClass?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlagsString?: string | null;
}
