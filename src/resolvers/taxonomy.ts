import { Arg, Args, Ctx, Directive, Extensions, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { TaxonomyLevelArgs, TaxonomyLevelTypeArgs } from '../schema/arguments';
import type { RequestContext } from '../domain/context';
import { Managed } from '../managed/elements';
import { auth } from '../schema/directives';
import { EdgePageArgs } from '../schema/paging';
import { LongScalar } from '../schema/scalars';
import {
  TaxonomyCompetenceVO,
  TaxonomyCompetenceVOInput,
  TaxonomyLevelTypeVO,
  TaxonomyLevelTypeVOInput,
  TaxonomyLevelVO,
  TaxonomyLevelVOInput,
  TaxonomyModuleConfigurationVO,
  TaxonomyVO,
  TaxonomyVOInput,
  TaxonomyVOes,
} from '../schema/taxonomy';
import { managedTaxonomy, managedTaxonomyLevel, managedTaxonomyLevelType } from '../taxonomy/managed';
import { TAXONOMY_ADMINS } from '../taxonomy/policy';
import { UserVO } from '../schema/users';
import * as users from '../users/service';
import * as taxonomy from '../taxonomy/service';

const ENTRY = 'the repository entry key or its softkey';

@Resolver()
export class TaxonomyResolver {
  @Query(() => TaxonomyVOes, { description: 'Every taxonomy, in the wrapper OpenOLAT answers (an empty list on a fresh installation).' })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomies(@Ctx() ctx: RequestContext): Promise<TaxonomyVOes> {
    return taxonomy.listTaxonomies(ctx);
  }

  @Query(() => TaxonomyVO, { description: 'A taxonomy; a key of 0 or below answers 400.' })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomy(@Ctx() ctx: RequestContext, @Arg('taxonomyKey', () => LongScalar) taxonomyKey: number): Promise<TaxonomyVO> {
    return taxonomy.getTaxonomy(ctx, taxonomyKey);
  }

  @Query(() => TaxonomyModuleConfigurationVO, { description: 'The switches of the taxonomy module.' })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomyModuleConfiguration(@Ctx() ctx: RequestContext): Promise<TaxonomyModuleConfigurationVO> {
    return taxonomy.moduleConfiguration(ctx);
  }

  @Mutation(() => TaxonomyVO, {
    description:
      'Extension (OpenOLAT cannot create taxonomies over REST): create a taxonomy (identifier mandatory, displayName defaults to it); a body with a key updates that taxonomy. An identifier or externalId another taxonomy has: 409.',
  })
  @Directive(auth(...TAXONOMY_ADMINS))
  @Managed(managedTaxonomy, null)
  createTaxonomy(@Ctx() ctx: RequestContext, @Arg('taxonomy', () => TaxonomyVOInput) input: TaxonomyVOInput): Promise<TaxonomyVO> {
    return taxonomy.saveTaxonomy(ctx, input);
  }

  @Mutation(() => TaxonomyVO, { description: 'Extension: rename or otherwise update a taxonomy; a body key other than the path key answers 409.' })
  @Directive(auth(...TAXONOMY_ADMINS))
  @Managed(managedTaxonomy, null)
  updateTaxonomy(
    @Ctx() ctx: RequestContext,
    @Arg('taxonomyKey', () => LongScalar) taxonomyKey: number,
    @Arg('taxonomy', () => TaxonomyVOInput) input: TaxonomyVOInput,
  ): Promise<TaxonomyVO> {
    return taxonomy.updateTaxonomy(ctx, taxonomyKey, input);
  }

  @Mutation(() => Boolean, { description: 'Extension: delete a taxonomy with its level types; 409 while it has levels.' })
  @Directive(auth(...TAXONOMY_ADMINS))
  @Managed(managedTaxonomy, 'all')
  deleteTaxonomy(@Ctx() ctx: RequestContext, @Arg('taxonomyKey', () => LongScalar) taxonomyKey: number): Promise<boolean> {
    return taxonomy.deleteTaxonomy(ctx, taxonomyKey);
  }

  @Query(() => [TaxonomyLevelVO], { description: 'Every level of the taxonomy, with its parentKey.' })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomyLevels(@Ctx() ctx: RequestContext, @Arg('taxonomyKey', () => LongScalar) taxonomyKey: number): Promise<TaxonomyLevelVO[]> {
    return taxonomy.listLevels(ctx, taxonomyKey);
  }

  @Mutation(() => TaxonomyLevelVO, {
    description:
      'Without a key a new level, with a key an update; a changed parentKey moves the level (null: a root level). Unknown parent or type 404; a parent or level of another taxonomy 409; an identifier another level of the taxonomy has 409.',
  })
  @Directive(auth(...TAXONOMY_ADMINS))
  @Managed(managedTaxonomyLevel, null)
  saveTaxonomyLevel(
    @Ctx() ctx: RequestContext,
    @Arg('taxonomyKey', () => LongScalar) taxonomyKey: number,
    @Arg('taxonomyLevel', () => TaxonomyLevelVOInput) input: TaxonomyLevelVOInput,
  ): Promise<TaxonomyLevelVO> {
    return taxonomy.saveLevel(ctx, taxonomyKey, input);
  }

  @Mutation(() => Boolean, {
    description: 'true: deleted; false (REST 304): the level has sub-levels or usages. A level of another taxonomy: 409.',
  })
  @Directive(auth(...TAXONOMY_ADMINS))
  @Managed(managedTaxonomyLevel, 'delete')
  deleteTaxonomyLevel(@Ctx() ctx: RequestContext, @Args() { taxonomyKey, taxonomyLevelKey }: TaxonomyLevelArgs): Promise<boolean> {
    return taxonomy.deleteLevel(ctx, taxonomyKey, taxonomyLevelKey);
  }

  @Query(() => [TaxonomyCompetenceVO], { description: 'The competences on the level.' })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomyLevelCompetences(@Ctx() ctx: RequestContext, @Args() { taxonomyKey, taxonomyLevelKey }: TaxonomyLevelArgs): Promise<TaxonomyCompetenceVO[]> {
    return taxonomy.listLevelCompetences(ctx, taxonomyKey, taxonomyLevelKey);
  }

  @Query(() => [TaxonomyCompetenceVO], { description: "The person's competences on the level." })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomyLevelCompetencesOfUser(
    @Ctx() ctx: RequestContext,
    @Args() { taxonomyKey, taxonomyLevelKey }: TaxonomyLevelArgs,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<TaxonomyCompetenceVO[]> {
    return taxonomy.listLevelCompetencesOfUser(ctx, taxonomyKey, taxonomyLevelKey, identityKey);
  }

  @Query(() => [TaxonomyCompetenceVO], { description: "The person's competences on every level of the taxonomy." })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomyCompetencesOfUser(
    @Ctx() ctx: RequestContext,
    @Arg('taxonomyKey', () => LongScalar) taxonomyKey: number,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<TaxonomyCompetenceVO[]> {
    return taxonomy.listCompetencesOfUser(ctx, taxonomyKey, identityKey);
  }

  @Mutation(() => TaxonomyCompetenceVO, {
    description:
      'A competence of the same type the person has on the level is updated (expiration), else one is created. taxonomyLevelKey other than the path: 409; unknown person: 404; unknown type: 400.',
  })
  @Directive(auth(...TAXONOMY_ADMINS))
  @Managed(managedTaxonomyLevel, 'competences')
  saveTaxonomyCompetence(
    @Ctx() ctx: RequestContext,
    @Args() { taxonomyKey, taxonomyLevelKey }: TaxonomyLevelArgs,
    @Arg('competence', () => TaxonomyCompetenceVOInput) competence: TaxonomyCompetenceVOInput,
  ): Promise<TaxonomyCompetenceVO> {
    return taxonomy.saveCompetence(ctx, taxonomyKey, taxonomyLevelKey, competence);
  }

  @Mutation(() => Boolean, { description: 'Remove a competence of the level.' })
  @Directive(auth(...TAXONOMY_ADMINS))
  @Managed(managedTaxonomyLevel, 'competences')
  deleteTaxonomyCompetence(
    @Ctx() ctx: RequestContext,
    @Args() { taxonomyKey, taxonomyLevelKey }: TaxonomyLevelArgs,
    @Arg('competenceKey', () => LongScalar) competenceKey: number,
  ): Promise<boolean> {
    return taxonomy.deleteCompetence(ctx, taxonomyKey, taxonomyLevelKey, competenceKey);
  }

  @Query(() => [TaxonomyLevelTypeVO], { description: 'The level types of the taxonomy.' })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomyLevelTypes(@Ctx() ctx: RequestContext, @Arg('taxonomyKey', () => LongScalar) taxonomyKey: number): Promise<TaxonomyLevelTypeVO[]> {
    return taxonomy.listLevelTypes(ctx, taxonomyKey);
  }

  @Query(() => TaxonomyLevelTypeVO, { description: 'A level type of the taxonomy.' })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomyLevelType(@Ctx() ctx: RequestContext, @Args() { taxonomyKey, levelTypeKey }: TaxonomyLevelTypeArgs): Promise<TaxonomyLevelTypeVO> {
    return taxonomy.getLevelType(ctx, taxonomyKey, levelTypeKey);
  }

  @Mutation(() => TaxonomyLevelTypeVO, {
    description: 'Without a key a new level type, with a key an update; an identifier another type of the taxonomy has: 409.',
  })
  @Directive(auth(...TAXONOMY_ADMINS))
  @Managed(managedTaxonomyLevelType, null)
  saveTaxonomyLevelType(
    @Ctx() ctx: RequestContext,
    @Arg('taxonomyKey', () => LongScalar) taxonomyKey: number,
    @Arg('taxonomyLevelType', () => TaxonomyLevelTypeVOInput) input: TaxonomyLevelTypeVOInput,
  ): Promise<TaxonomyLevelTypeVO> {
    return taxonomy.saveLevelType(ctx, taxonomyKey, input);
  }

  @Query(() => [TaxonomyLevelTypeVO], { description: 'The types allowed below levels of this type.' })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomyLevelTypeAllowedSubTypes(@Ctx() ctx: RequestContext, @Args() { taxonomyKey, levelTypeKey }: TaxonomyLevelTypeArgs): Promise<TaxonomyLevelTypeVO[]> {
    return taxonomy.listAllowedSubTypes(ctx, taxonomyKey, levelTypeKey);
  }

  @Mutation(() => Boolean, { description: 'true: allowed now; false: it already was (REST answers 200 either way).' })
  @Directive(auth(...TAXONOMY_ADMINS))
  @Managed(managedTaxonomyLevelType, 'subTypes')
  allowTaxonomyLevelSubType(
    @Ctx() ctx: RequestContext,
    @Args() { taxonomyKey, levelTypeKey }: TaxonomyLevelTypeArgs,
    @Arg('subLevelTypeKey', () => LongScalar) subLevelTypeKey: number,
  ): Promise<boolean> {
    return taxonomy.allowSubType(ctx, taxonomyKey, levelTypeKey, subLevelTypeKey);
  }

  @Mutation(() => Boolean, { description: 'true: no longer allowed; false: it was not allowed (REST answers 200 either way).' })
  @Directive(auth(...TAXONOMY_ADMINS))
  @Managed(managedTaxonomyLevelType, 'subTypes')
  disallowTaxonomyLevelSubType(
    @Ctx() ctx: RequestContext,
    @Args() { taxonomyKey, levelTypeKey }: TaxonomyLevelTypeArgs,
    @Arg('subLevelTypeKey', () => LongScalar) subLevelTypeKey: number,
  ): Promise<boolean> {
    return taxonomy.disallowSubType(ctx, taxonomyKey, levelTypeKey, subLevelTypeKey);
  }

  @Query(() => [TaxonomyLevelVO], {
    description: 'The levels the entry is tagged with; for managers of the entry (administrator, learning resource manager, owner).',
  })
  @Directive(auth())
  repositoryEntryTaxonomyLevels(@Ctx() ctx: RequestContext, @Arg('entry', () => String, { description: ENTRY }) entry: string): Promise<TaxonomyLevelVO[]> {
    return taxonomy.entryLevels(ctx, entry);
  }

  @Mutation(() => Boolean, {
    description:
      'Tag the entry with the level (true; false when it already was: REST 304). Unlike OpenOLAT, needs a manager of the entry, and an unknown level answers 404 (OpenOLAT: 200 with body NOT_FOUND).',
  })
  @Directive(auth())
  addRepositoryEntryTaxonomyLevel(
    @Ctx() ctx: RequestContext,
    @Arg('entry', () => String, { description: ENTRY }) entry: string,
    @Arg('taxonomyLevelKey', () => LongScalar) taxonomyLevelKey: number,
  ): Promise<boolean> {
    return taxonomy.linkEntryLevel(ctx, entry, taxonomyLevelKey);
  }

  @Mutation(() => Boolean, {
    description:
      'Remove the level from the entry (200 also when it was not there, as in OpenOLAT). Unlike OpenOLAT, needs a manager of the entry, and an unknown level answers 404 (OpenOLAT: 200 with body NOT_FOUND).',
  })
  @Directive(auth())
  removeRepositoryEntryTaxonomyLevel(
    @Ctx() ctx: RequestContext,
    @Arg('entry', () => String, { description: ENTRY }) entry: string,
    @Arg('taxonomyLevelKey', () => LongScalar) taxonomyLevelKey: number,
  ): Promise<boolean> {
    return taxonomy.unlinkEntryLevel(ctx, entry, taxonomyLevelKey);
  }
}

/** The level tree of a taxonomy for internal tools (GraphQL only), for taxonomy administrators: one statement per edge and level of an answer, whatever the size. */
@Resolver(() => TaxonomyVO)
export class TaxonomyEdgesResolver {
  @FieldResolver(() => [TaxonomyLevelVO], { description: 'As GET /taxonomy/{taxonomyKey}/levels, a page: the levels, flat, in key order (GraphQL only).' })
  @Extensions({ rest: false })
  @Directive(auth(...TAXONOMY_ADMINS))
  levels(@Ctx() ctx: RequestContext, @Root() root: TaxonomyVO, @Args() page: EdgePageArgs): Promise<TaxonomyLevelVO[]> {
    return taxonomy.levelsOf(ctx, root.key, page);
  }

  @FieldResolver(() => [TaxonomyLevelVO], { description: 'A page of the root levels; follow children for the tree (GraphQL only).' })
  @Extensions({ rest: false })
  @Directive(auth(...TAXONOMY_ADMINS))
  rootLevels(@Ctx() ctx: RequestContext, @Root() root: TaxonomyVO, @Args() page: EdgePageArgs): Promise<TaxonomyLevelVO[]> {
    return taxonomy.levelsOf(ctx, root.key, page, true);
  }

  @FieldResolver(() => [TaxonomyLevelTypeVO], { description: 'As GET /taxonomy/{taxonomyKey}/types (GraphQL only).' })
  @Extensions({ rest: false })
  @Directive(auth(...TAXONOMY_ADMINS))
  types(@Ctx() ctx: RequestContext, @Root() root: TaxonomyVO, @Args() page: EdgePageArgs): Promise<TaxonomyLevelTypeVO[]> {
    return taxonomy.typesOf(ctx, root.key, page);
  }
}

@Resolver(() => TaxonomyLevelVO)
export class TaxonomyLevelEdgesResolver {
  @FieldResolver(() => [TaxonomyLevelVO], { description: 'A page of the sub-levels, in key order (GraphQL only).' })
  @Extensions({ rest: false })
  @Directive(auth(...TAXONOMY_ADMINS))
  children(@Ctx() ctx: RequestContext, @Root() level: TaxonomyLevelVO, @Args() page: EdgePageArgs): Promise<TaxonomyLevelVO[]> {
    return taxonomy.childrenOf(ctx, level.key, page);
  }

  @FieldResolver(() => TaxonomyLevelVO, { nullable: true, description: 'The level above (null for a root level) (GraphQL only).' })
  @Extensions({ rest: false })
  @Directive(auth(...TAXONOMY_ADMINS))
  parent(@Ctx() ctx: RequestContext, @Root() level: TaxonomyLevelVO): Promise<TaxonomyLevelVO | null> {
    return taxonomy.levelOf(ctx, level.parentKey);
  }

  @FieldResolver(() => TaxonomyLevelTypeVO, { nullable: true, description: 'The type of the level (GraphQL only).' })
  @Extensions({ rest: false })
  @Directive(auth(...TAXONOMY_ADMINS))
  type(@Ctx() ctx: RequestContext, @Root() level: TaxonomyLevelVO): Promise<TaxonomyLevelTypeVO | null> {
    return taxonomy.typeOfLevel(ctx, level.typeKey);
  }

  @FieldResolver(() => [TaxonomyCompetenceVO], { description: 'As GET …/levels/{taxonomyLevelKey}/competences (GraphQL only).' })
  @Extensions({ rest: false })
  @Directive(auth(...TAXONOMY_ADMINS))
  competences(@Ctx() ctx: RequestContext, @Root() level: TaxonomyLevelVO, @Args() page: EdgePageArgs): Promise<TaxonomyCompetenceVO[]> {
    return taxonomy.competencesOf(ctx, level.key, page);
  }
}

/** The person and the level of a competence (GraphQL only), read for all competences of an answer level at once. */
@Resolver(() => TaxonomyCompetenceVO)
export class TaxonomyCompetenceEdgesResolver {
  @FieldResolver(() => UserVO, { description: 'The person, as GET /users/{identityKey} (GraphQL only).' })
  @Extensions({ rest: false })
  identity(@Ctx() ctx: RequestContext, @Root() competence: TaxonomyCompetenceVO): Promise<UserVO> {
    return users.personOf(ctx, competence.identityKey);
  }

  @FieldResolver(() => TaxonomyLevelVO, { nullable: true, description: 'The level, for taxonomy administrators (GraphQL only).' })
  @Extensions({ rest: false })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomyLevel(@Ctx() ctx: RequestContext, @Root() competence: TaxonomyCompetenceVO): Promise<TaxonomyLevelVO | null> {
    return taxonomy.levelOf(ctx, competence.taxonomyLevelKey);
  }
}

export const taxonomyResolvers = [TaxonomyResolver, TaxonomyEdgesResolver, TaxonomyLevelEdgesResolver, TaxonomyCompetenceEdgesResolver] as const;
