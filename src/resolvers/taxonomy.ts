import { Arg, Args, Ctx, Directive, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery } from './guards';
import { EntryLevelArgs, KeyArg, TaggedEntryArgs, TaxonomyLevelArgs, TaxonomyLevelTypeArgs, TaxonomySubTypeArgs } from '../schema/arguments';
import { SUB_TYPE_CHANGES } from '../schema/type-families';
import type { RequestContext } from '../domain/context';
import { Managed } from '../managed/elements';
import { auth } from '../schema/directives';
import { EdgePageArgs } from '../schema/paging';
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

const ENTRY_LEVEL_RULE = 'Unlike OpenOLAT, needs a manager of the entry, and an unknown level answers 404 (OpenOLAT: 200 with body NOT_FOUND).';

@Resolver()
export class TaxonomyResolver {
  @GuardedQuery(() => TaxonomyVOes, auth(...TAXONOMY_ADMINS), {
    description: 'Every taxonomy, in the wrapper OpenOLAT answers (an empty list on a fresh installation).',
  })
  taxonomies(@Ctx() ctx: RequestContext): Promise<TaxonomyVOes> {
    return taxonomy.listTaxonomies(ctx);
  }

  @GuardedQuery(() => TaxonomyVO, auth(...TAXONOMY_ADMINS), { description: 'A taxonomy; a key of 0 or below answers 400.' })
  taxonomy(@Ctx() ctx: RequestContext, @KeyArg('taxonomyKey') taxonomyKey: number): Promise<TaxonomyVO> {
    return taxonomy.getTaxonomy(ctx, taxonomyKey);
  }

  @GuardedQuery(() => TaxonomyModuleConfigurationVO, auth(...TAXONOMY_ADMINS), { description: 'The switches of the taxonomy module.' })
  taxonomyModuleConfiguration(@Ctx() ctx: RequestContext): Promise<TaxonomyModuleConfigurationVO> {
    return taxonomy.moduleConfiguration(ctx);
  }

  @GuardedMutation(() => TaxonomyVO, auth(...TAXONOMY_ADMINS), {
    description:
      'Extension (OpenOLAT cannot create taxonomies over REST): create a taxonomy (identifier mandatory, displayName defaults to it); a body with a key updates that taxonomy. An identifier or externalId another taxonomy has: 409.',
  })
  @Managed(managedTaxonomy, null)
  createTaxonomy(@Ctx() ctx: RequestContext, @Arg('taxonomy', () => TaxonomyVOInput) input: TaxonomyVOInput): Promise<TaxonomyVO> {
    return taxonomy.saveTaxonomy(ctx, input);
  }

  @GuardedMutation(() => TaxonomyVO, auth(...TAXONOMY_ADMINS), {
    description: 'Extension: rename or otherwise update a taxonomy; a body key other than the path key answers 409.',
  })
  @Managed(managedTaxonomy, null)
  updateTaxonomy(
    @Ctx() ctx: RequestContext,
    @KeyArg('taxonomyKey') taxonomyKey: number,
    @Arg('taxonomy', () => TaxonomyVOInput) input: TaxonomyVOInput,
  ): Promise<TaxonomyVO> {
    return taxonomy.updateTaxonomy(ctx, taxonomyKey, input);
  }

  @GuardedMutation(() => Boolean, auth(...TAXONOMY_ADMINS), { description: 'Extension: delete a taxonomy with its level types; 409 while it has levels.' })
  @Managed(managedTaxonomy, 'all')
  deleteTaxonomy(@Ctx() ctx: RequestContext, @KeyArg('taxonomyKey') taxonomyKey: number): Promise<boolean> {
    return taxonomy.deleteTaxonomy(ctx, taxonomyKey);
  }

  @GuardedQuery(() => [TaxonomyLevelVO], auth(...TAXONOMY_ADMINS), { description: 'Every level of the taxonomy, with its parentKey.' })
  taxonomyLevels(@Ctx() ctx: RequestContext, @KeyArg('taxonomyKey') taxonomyKey: number): Promise<TaxonomyLevelVO[]> {
    return taxonomy.listLevels(ctx, taxonomyKey);
  }

  @GuardedMutation(() => TaxonomyLevelVO, auth(...TAXONOMY_ADMINS), {
    description:
      'Without a key a new level, with a key an update; a changed parentKey moves the level (null: a root level). Unknown parent or type 404; a parent or level of another taxonomy 409; an identifier another level of the taxonomy has 409.',
  })
  @Managed(managedTaxonomyLevel, null)
  saveTaxonomyLevel(
    @Ctx() ctx: RequestContext,
    @KeyArg('taxonomyKey') taxonomyKey: number,
    @Arg('taxonomyLevel', () => TaxonomyLevelVOInput) input: TaxonomyLevelVOInput,
  ): Promise<TaxonomyLevelVO> {
    return taxonomy.saveLevel(ctx, taxonomyKey, input);
  }

  @GuardedMutation(() => Boolean, auth(...TAXONOMY_ADMINS), {
    description: 'true: deleted; false (REST 304): the level has sub-levels or usages. A level of another taxonomy: 409.',
  })
  @Managed(managedTaxonomyLevel, 'delete')
  deleteTaxonomyLevel(@Ctx() ctx: RequestContext, @Args() { taxonomyKey, taxonomyLevelKey }: TaxonomyLevelArgs): Promise<boolean> {
    return taxonomy.deleteLevel(ctx, taxonomyKey, taxonomyLevelKey);
  }

  @GuardedQuery(() => [TaxonomyCompetenceVO], auth(...TAXONOMY_ADMINS), { description: 'The competences on the level.' })
  taxonomyLevelCompetences(@Ctx() ctx: RequestContext, @Args() { taxonomyKey, taxonomyLevelKey }: TaxonomyLevelArgs): Promise<TaxonomyCompetenceVO[]> {
    return taxonomy.listLevelCompetences(ctx, taxonomyKey, taxonomyLevelKey);
  }

  @GuardedQuery(() => [TaxonomyCompetenceVO], auth(...TAXONOMY_ADMINS), { description: "The person's competences on the level." })
  taxonomyLevelCompetencesOfUser(
    @Ctx() ctx: RequestContext,
    @Args() { taxonomyKey, taxonomyLevelKey }: TaxonomyLevelArgs,
    @KeyArg('identityKey') identityKey: number,
  ): Promise<TaxonomyCompetenceVO[]> {
    return taxonomy.listLevelCompetencesOfUser(ctx, taxonomyKey, taxonomyLevelKey, identityKey);
  }

  @GuardedQuery(() => [TaxonomyCompetenceVO], auth(...TAXONOMY_ADMINS), { description: "The person's competences on every level of the taxonomy." })
  taxonomyCompetencesOfUser(
    @Ctx() ctx: RequestContext,
    @KeyArg('taxonomyKey') taxonomyKey: number,
    @KeyArg('identityKey') identityKey: number,
  ): Promise<TaxonomyCompetenceVO[]> {
    return taxonomy.listCompetencesOfUser(ctx, taxonomyKey, identityKey);
  }

  @GuardedMutation(() => TaxonomyCompetenceVO, auth(...TAXONOMY_ADMINS), {
    description:
      'A competence of the same type the person has on the level is updated (expiration), else one is created. taxonomyLevelKey other than the path: 409; unknown person: 404; unknown type: 400.',
  })
  @Managed(managedTaxonomyLevel, 'competences')
  saveTaxonomyCompetence(
    @Ctx() ctx: RequestContext,
    @Args() { taxonomyKey, taxonomyLevelKey }: TaxonomyLevelArgs,
    @Arg('competence', () => TaxonomyCompetenceVOInput) competence: TaxonomyCompetenceVOInput,
  ): Promise<TaxonomyCompetenceVO> {
    return taxonomy.saveCompetence(ctx, taxonomyKey, taxonomyLevelKey, competence);
  }

  @GuardedMutation(() => Boolean, auth(...TAXONOMY_ADMINS), { description: 'Remove a competence of the level.' })
  @Managed(managedTaxonomyLevel, 'competences')
  deleteTaxonomyCompetence(
    @Ctx() ctx: RequestContext,
    @Args() { taxonomyKey, taxonomyLevelKey }: TaxonomyLevelArgs,
    @KeyArg('competenceKey') competenceKey: number,
  ): Promise<boolean> {
    return taxonomy.deleteCompetence(ctx, taxonomyKey, taxonomyLevelKey, competenceKey);
  }

  @GuardedQuery(() => [TaxonomyLevelTypeVO], auth(...TAXONOMY_ADMINS), { description: 'The level types of the taxonomy.' })
  taxonomyLevelTypes(@Ctx() ctx: RequestContext, @KeyArg('taxonomyKey') taxonomyKey: number): Promise<TaxonomyLevelTypeVO[]> {
    return taxonomy.listLevelTypes(ctx, taxonomyKey);
  }

  @GuardedQuery(() => TaxonomyLevelTypeVO, auth(...TAXONOMY_ADMINS), { description: 'A level type of the taxonomy.' })
  taxonomyLevelType(@Ctx() ctx: RequestContext, @Args() { taxonomyKey, levelTypeKey }: TaxonomyLevelTypeArgs): Promise<TaxonomyLevelTypeVO> {
    return taxonomy.getLevelType(ctx, taxonomyKey, levelTypeKey);
  }

  @GuardedMutation(() => TaxonomyLevelTypeVO, auth(...TAXONOMY_ADMINS), {
    description: 'Without a key a new level type, with a key an update; an identifier another type of the taxonomy has: 409.',
  })
  @Managed(managedTaxonomyLevelType, null)
  saveTaxonomyLevelType(
    @Ctx() ctx: RequestContext,
    @KeyArg('taxonomyKey') taxonomyKey: number,
    @Arg('taxonomyLevelType', () => TaxonomyLevelTypeVOInput) input: TaxonomyLevelTypeVOInput,
  ): Promise<TaxonomyLevelTypeVO> {
    return taxonomy.saveLevelType(ctx, taxonomyKey, input);
  }

  @GuardedQuery(() => [TaxonomyLevelTypeVO], auth(...TAXONOMY_ADMINS), { description: 'The types allowed below levels of this type.' })
  taxonomyLevelTypeAllowedSubTypes(@Ctx() ctx: RequestContext, @Args() { taxonomyKey, levelTypeKey }: TaxonomyLevelTypeArgs): Promise<TaxonomyLevelTypeVO[]> {
    return taxonomy.listAllowedSubTypes(ctx, taxonomyKey, levelTypeKey);
  }

  @GuardedMutation(() => Boolean, auth(...TAXONOMY_ADMINS), { description: SUB_TYPE_CHANGES.allow })
  @Managed(managedTaxonomyLevelType, 'subTypes')
  allowTaxonomyLevelSubType(@Ctx() ctx: RequestContext, @Args() { taxonomyKey, levelTypeKey, subLevelTypeKey }: TaxonomySubTypeArgs): Promise<boolean> {
    return taxonomy.allowSubType(ctx, taxonomyKey, levelTypeKey, subLevelTypeKey);
  }

  @GuardedMutation(() => Boolean, auth(...TAXONOMY_ADMINS), { description: SUB_TYPE_CHANGES.disallow })
  @Managed(managedTaxonomyLevelType, 'subTypes')
  disallowTaxonomyLevelSubType(@Ctx() ctx: RequestContext, @Args() { taxonomyKey, levelTypeKey, subLevelTypeKey }: TaxonomySubTypeArgs): Promise<boolean> {
    return taxonomy.disallowSubType(ctx, taxonomyKey, levelTypeKey, subLevelTypeKey);
  }

  @GuardedQuery(() => [TaxonomyLevelVO], auth(), {
    description: 'The levels the entry is tagged with; for managers of the entry (administrator, learning resource manager, owner).',
  })
  repositoryEntryTaxonomyLevels(@Ctx() ctx: RequestContext, @Args() { entry }: TaggedEntryArgs): Promise<TaxonomyLevelVO[]> {
    return taxonomy.entryLevels(ctx, entry);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Tag the entry with the level (true; false when it already was: REST 304). ${ENTRY_LEVEL_RULE}` })
  addRepositoryEntryTaxonomyLevel(@Ctx() ctx: RequestContext, @Args() { entry, taxonomyLevelKey }: EntryLevelArgs): Promise<boolean> {
    return taxonomy.linkEntryLevel(ctx, entry, taxonomyLevelKey);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: `Remove the level from the entry (200 also when it was not there, as in OpenOLAT). ${ENTRY_LEVEL_RULE}`,
  })
  removeRepositoryEntryTaxonomyLevel(@Ctx() ctx: RequestContext, @Args() { entry, taxonomyLevelKey }: EntryLevelArgs): Promise<boolean> {
    return taxonomy.unlinkEntryLevel(ctx, entry, taxonomyLevelKey);
  }
}

/** The level tree of a taxonomy for internal tools (GraphQL only), for taxonomy administrators: one statement per edge and level of an answer, whatever the size. */
@Resolver(() => TaxonomyVO)
export class TaxonomyEdgesResolver {
  @Edge(() => [TaxonomyLevelVO], { description: 'As GET /taxonomy/{taxonomyKey}/levels, a page: the levels, flat, in key order (GraphQL only).' })
  @Directive(auth(...TAXONOMY_ADMINS))
  levels(@Ctx() ctx: RequestContext, @Root() root: TaxonomyVO, @Args() page: EdgePageArgs): Promise<TaxonomyLevelVO[]> {
    return taxonomy.levelsOf(ctx, root.key, page);
  }

  @Edge(() => [TaxonomyLevelVO], { description: 'A page of the root levels; follow children for the tree (GraphQL only).' })
  @Directive(auth(...TAXONOMY_ADMINS))
  rootLevels(@Ctx() ctx: RequestContext, @Root() root: TaxonomyVO, @Args() page: EdgePageArgs): Promise<TaxonomyLevelVO[]> {
    return taxonomy.levelsOf(ctx, root.key, page, true);
  }

  @Edge(() => [TaxonomyLevelTypeVO], { description: 'As GET /taxonomy/{taxonomyKey}/types (GraphQL only).' })
  @Directive(auth(...TAXONOMY_ADMINS))
  types(@Ctx() ctx: RequestContext, @Root() root: TaxonomyVO, @Args() page: EdgePageArgs): Promise<TaxonomyLevelTypeVO[]> {
    return taxonomy.typesOf(ctx, root.key, page);
  }
}

@Resolver(() => TaxonomyLevelVO)
export class TaxonomyLevelEdgesResolver {
  @Edge(() => [TaxonomyLevelVO], { description: 'A page of the sub-levels, in key order (GraphQL only).' })
  @Directive(auth(...TAXONOMY_ADMINS))
  children(@Ctx() ctx: RequestContext, @Root() level: TaxonomyLevelVO, @Args() page: EdgePageArgs): Promise<TaxonomyLevelVO[]> {
    return taxonomy.childrenOf(ctx, level.key, page);
  }

  @Edge(() => TaxonomyLevelVO, { nullable: true, description: 'The level above (null for a root level) (GraphQL only).' })
  @Directive(auth(...TAXONOMY_ADMINS))
  parent(@Ctx() ctx: RequestContext, @Root() level: TaxonomyLevelVO): Promise<TaxonomyLevelVO | null> {
    return taxonomy.levelOf(ctx, level.parentKey);
  }

  @Edge(() => TaxonomyLevelTypeVO, { nullable: true, description: 'The type of the level (GraphQL only).' })
  @Directive(auth(...TAXONOMY_ADMINS))
  type(@Ctx() ctx: RequestContext, @Root() level: TaxonomyLevelVO): Promise<TaxonomyLevelTypeVO | null> {
    return taxonomy.typeOfLevel(ctx, level.typeKey);
  }

  @Edge(() => [TaxonomyCompetenceVO], { description: 'As GET …/levels/{taxonomyLevelKey}/competences (GraphQL only).' })
  @Directive(auth(...TAXONOMY_ADMINS))
  competences(@Ctx() ctx: RequestContext, @Root() level: TaxonomyLevelVO, @Args() page: EdgePageArgs): Promise<TaxonomyCompetenceVO[]> {
    return taxonomy.competencesOf(ctx, level.key, page);
  }
}

/** The person and the level of a competence (GraphQL only), read for all competences of an answer level at once. */
@Resolver(() => TaxonomyCompetenceVO)
export class TaxonomyCompetenceEdgesResolver {
  @Edge(() => UserVO, { description: 'The person, as GET /users/{identityKey} (GraphQL only).' })
  identity(@Ctx() ctx: RequestContext, @Root() competence: TaxonomyCompetenceVO): Promise<UserVO> {
    return users.personOf(ctx, competence.identityKey);
  }

  @Edge(() => TaxonomyLevelVO, { nullable: true, description: 'The level, for taxonomy administrators (GraphQL only).' })
  @Directive(auth(...TAXONOMY_ADMINS))
  taxonomyLevel(@Ctx() ctx: RequestContext, @Root() competence: TaxonomyCompetenceVO): Promise<TaxonomyLevelVO | null> {
    return taxonomy.levelOf(ctx, competence.taxonomyLevelKey);
  }
}

export const taxonomyResolvers = [TaxonomyResolver, TaxonomyEdgesResolver, TaxonomyLevelEdgesResolver, TaxonomyCompetenceEdgesResolver] as const;
