import { Directive, Extensions, Field, InputType, Int, ObjectType } from 'type-graphql';
import { managed } from './directives';
import { DateTimeScalar, LongScalar } from './scalars';

/** OpenOLAT's TaxonomyVO (catalogue 3.8). */
@ObjectType('TaxonomyVO')
export class TaxonomyVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  identifier!: string;

  @Field(() => String, { nullable: true })
  displayName!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags (catalogue 4.8), normalised.' })
  managedFlags!: string | null;
}

@InputType('TaxonomyVOInput', {
  description:
    'A TaxonomyVO as a client sends it (an extension: OpenOLAT cannot create taxonomies over REST). Without a key a new taxonomy, with a key an update; absent fields keep their value.',
})
export class TaxonomyVOInput {
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
  @Directive(managed(null, 'externalId'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlags?: string | null;
}

/** OpenOLAT's TaxonomyVOes: always this wrapper, `{"taxonomies":[…],"totalCount":n}` (the list first, as OpenOLAT declares it; clients read the text); XML `<taxonomyVoes totalCount="n"><taxonomies><taxonomies>…`. */
@ObjectType('TaxonomyVOes')
@Extensions({ xmlRoot: 'taxonomyVoes' })
export class TaxonomyVOes {
  @Field(() => [TaxonomyVO])
  @Extensions({ xmlItem: 'taxonomies' })
  taxonomies!: TaxonomyVO[];

  @Field(() => Int)
  @Extensions({ xmlAttribute: true })
  totalCount!: number;
}

/** OpenOLAT's TaxonomyLevelVO (catalogue 3.8). */
@ObjectType('TaxonomyLevelVO')
export class TaxonomyLevelVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  identifier!: string;

  @Field(() => String, { nullable: true })
  displayName!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => LongScalar, { nullable: true, description: 'null for a root level' })
  parentKey!: number | null;

  @Field(() => LongScalar, { nullable: true })
  typeKey!: number | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags (catalogue 4.10), normalised.' })
  managedFlags!: string | null;
}

@InputType('TaxonomyLevelVOInput', {
  description:
    'A TaxonomyLevelVO as a client sends it: without a key a new level, with a key an update; a changed parentKey moves the level with its sub-levels, a null parentKey makes it a root level.',
})
export class TaxonomyLevelVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true, description: 'mandatory for a new level' })
  @Directive(managed(null, 'identifier'))
  identifier?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'displayName'))
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'externalId'))
  externalId?: string | null;

  @Field(() => LongScalar, { nullable: true })
  @Directive(managed(null, 'move'))
  parentKey?: number | null;

  @Field(() => LongScalar, { nullable: true })
  @Directive(managed(null, 'type'))
  typeKey?: number | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlags?: string | null;
}

/** OpenOLAT's TaxonomyLevelTypeVO (catalogue 3.8). */
@ObjectType('TaxonomyLevelTypeVO')
export class TaxonomyLevelTypeVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  identifier!: string;

  @Field(() => String, { nullable: true })
  displayName!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags (catalogue 4.11), normalised.' })
  managedFlags!: string | null;

  @Field(() => String, { nullable: true })
  cssClass!: string | null;

  @Field(() => Boolean, { nullable: true })
  visible!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  documentsLibraryEnabled!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  documentsLibraryManagerCompetenceEnabled!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  documentsLibraryTeachCompetenceReadEnabled!: boolean | null;

  @Field(() => Int, { nullable: true })
  documentsLibraryTeachCompetenceReadParentLevels!: number | null;

  @Field(() => Boolean, { nullable: true })
  documentsLibraryTeachCompetenceWriteEnabled!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  documentsLibraryHaveCompetenceReadEnabled!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  documentsLibraryTargetCompetenceReadEnabled!: boolean | null;
}

/** The document-library switches of a level type, as the VO names them. */
export const LIBRARY_SETTINGS = [
  'documentsLibraryEnabled',
  'documentsLibraryManagerCompetenceEnabled',
  'documentsLibraryTeachCompetenceReadEnabled',
  'documentsLibraryTeachCompetenceReadParentLevels',
  'documentsLibraryTeachCompetenceWriteEnabled',
  'documentsLibraryHaveCompetenceReadEnabled',
  'documentsLibraryTargetCompetenceReadEnabled',
] as const;

@InputType('TaxonomyLevelTypeVOInput', { description: 'A TaxonomyLevelTypeVO as a client sends it: without a key a new type, with a key an update.' })
export class TaxonomyLevelTypeVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true, description: 'mandatory for a new type' })
  @Directive(managed(null, 'identifier'))
  identifier?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'displayName'))
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'externalId'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlags?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'cssClass'))
  cssClass?: string | null;

  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'visibility'))
  visible?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'librarySettings'))
  documentsLibraryEnabled?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'librarySettings'))
  documentsLibraryManagerCompetenceEnabled?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'librarySettings'))
  documentsLibraryTeachCompetenceReadEnabled?: boolean | null;

  @Field(() => Int, { nullable: true })
  @Directive(managed(null, 'librarySettings'))
  documentsLibraryTeachCompetenceReadParentLevels?: number | null;

  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'librarySettings'))
  documentsLibraryTeachCompetenceWriteEnabled?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'librarySettings'))
  documentsLibraryHaveCompetenceReadEnabled?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'librarySettings'))
  documentsLibraryTargetCompetenceReadEnabled?: boolean | null;
}

/** OpenOLAT's TaxonomyCompetenceVO (catalogue 3.8). */
@ObjectType('TaxonomyCompetenceVO')
export class TaxonomyCompetenceVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => LongScalar)
  taxonomyLevelKey!: number;

  @Field(() => String, { description: 'target, have, teach or manage (catalogue 5.9)' })
  taxonomyCompetenceType!: string;

  @Field(() => DateTimeScalar, { nullable: true })
  expiration!: Date | null;
}

@InputType('TaxonomyCompetenceVOInput', {
  description: 'A TaxonomyCompetenceVO as a client sends it: a competence of the same type on the level is updated (its expiration), else one is created.',
})
export class TaxonomyCompetenceVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => LongScalar, { nullable: true, description: 'must be the level of the path when given' })
  taxonomyLevelKey?: number | null;

  @Field(() => String, { description: 'target, have, teach or manage (catalogue 5.9)' })
  taxonomyCompetenceType!: string;

  @Field(() => DateTimeScalar, { nullable: true })
  expiration?: Date | null;
}

/** The switches of the taxonomy module as this service has them. */
@ObjectType('TaxonomyModuleConfigurationVO')
export class TaxonomyModuleConfigurationVO {
  @Field(() => Boolean, { description: 'The taxonomy module is on (always, in this service).' })
  enabled!: boolean;

  @Field(() => Boolean, { description: 'Managed flags of taxonomies, levels and level types are enforced on GraphQL changes (the managedEnforced setting).' })
  managedTaxonomyLevels!: boolean;

  @Field(() => Int, { description: 'How many taxonomies there are.' })
  taxonomies!: number;
}
