import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../audit/audit-log';
import { locateEntry } from '../courses/entries';
import type { RequestContext } from '../domain/context';
import { DomainError, badRequest, notFound, validationFailed } from '../domain/errors';
import { answerList, answerListById, inRanges } from '../domain/lists';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import { inKeyOrder, loader } from '../domain/loaders';
import { mandatory, tooLongValues } from '../domain/validation';
import { Taxonomy, TaxonomyLevel, TaxonomyLevelType } from '../entities/taxonomy';
import { normaliseManagedFlags } from '../managed/flags';
import {
  LIBRARY_SETTINGS,
  type TaxonomyCompetenceVO,
  type TaxonomyCompetenceVOInput,
  type TaxonomyLevelTypeVO,
  type TaxonomyLevelTypeVOInput,
  type TaxonomyLevelVO,
  type TaxonomyLevelVOInput,
  type TaxonomyModuleConfigurationVO,
  type TaxonomyVO,
  type TaxonomyVOInput,
  type TaxonomyVOes,
} from '../schema/taxonomy';
import { requireIdentity } from '../users/repository';
import { requireEntryLevelManager } from './policy';
import { toCompetenceVO, toLevelTypeVO, toLevelVO, toTaxonomyVO, type CompetenceRow, type LevelRow, type LevelTypeRow } from './presenter';
import { allowedSubTypes } from '../organisations/sub-types';
import * as taxonomies from './repository';
import { findLevelIn, findLevelTypeIn, findTaxonomy } from './repository';

/** Competence types (catalogue 5.9). */
export const COMPETENCE_TYPES = ['target', 'have', 'teach', 'manage'];

function validate(values: Record<string, string | null | undefined>, mandatoryFields: string[]) {
  const errors = [...mandatoryFields.filter((field) => !values[field]?.trim()).map(mandatory), ...tooLongValues(values)];
  if (errors.length) throw validationFailed(errors);
}

const isUniqueViolation = (caught: unknown) => caught instanceof UniqueConstraintViolationException || (caught as { code?: string } | null)?.code === '23505';

/** Two creates with the same identifier (or externalId) give one object: the second is told 409. */
async function saving<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (caught) {
    if (isUniqueViolation(caught)) throw new DomainError('CONFLICT', `another ${what} has this identifier or externalId`);
    throw caught;
  }
}

const keyMismatch = () => new DomainError('CONFLICT', 'the key in the body differs from the key in the path');
const trimmed = (value: string | null | undefined) => (value == null ? value : value.trim());

// Taxonomies

export async function listTaxonomies(ctx: RequestContext): Promise<TaxonomyVOes> {
  const all = (await ctx.em.find(Taxonomy, {}, { orderBy: { id: 'asc' } })).map(toTaxonomyVO);
  return { totalCount: all.length, taxonomies: all };
}

export async function getTaxonomy(ctx: RequestContext, key: number): Promise<TaxonomyVO> {
  return toTaxonomyVO(await findTaxonomy(ctx.em, key));
}

function applyTaxonomy(taxonomy: Taxonomy, input: TaxonomyVOInput) {
  if (input.identifier !== undefined) taxonomy.identifier = input.identifier?.trim() ?? '';
  if (input.displayName !== undefined) taxonomy.displayName = input.displayName?.trim() ?? '';
  if (input.description !== undefined) taxonomy.description = input.description;
  if (input.externalId !== undefined) taxonomy.externalId = trimmed(input.externalId) || null;
  if (input.managedFlags !== undefined) taxonomy.managedFlags = normaliseManagedFlags('taxonomy', input.managedFlags) || null;
  validate({ identifier: taxonomy.identifier, displayName: taxonomy.displayName, externalId: taxonomy.externalId, managedFlags: taxonomy.managedFlags }, [
    'identifier',
    'displayName',
  ]);
}

/** Creates a taxonomy (an extension: OpenOLAT has no REST call for it); a body with a key updates that taxonomy. */
export async function saveTaxonomy(ctx: RequestContext, input: TaxonomyVOInput): Promise<TaxonomyVO> {
  if (input.key != null) return updateTaxonomy(ctx, input.key, input);
  return saving('taxonomy', () =>
    inTransaction(ctx, async (em) => {
      const taxonomy = em.create(Taxonomy, { identifier: '', displayName: '' });
      applyTaxonomy(taxonomy, { ...input, displayName: input.displayName ?? input.identifier });
      await em.persistAndFlush(taxonomy);
      return toTaxonomyVO(taxonomy);
    }),
  );
}

export async function updateTaxonomy(ctx: RequestContext, key: number, input: TaxonomyVOInput): Promise<TaxonomyVO> {
  if (input.key != null && input.key !== key) throw keyMismatch();
  return saving('taxonomy', () =>
    inTransaction(ctx, async (em) => {
      const taxonomy = await findTaxonomy(em, key);
      applyTaxonomy(taxonomy, input);
      await em.flush();
      return toTaxonomyVO(taxonomy);
    }),
  );
}

/** Deletes a taxonomy with its level types; one that still has levels is refused (409): delete its levels first. */
export async function deleteTaxonomy(ctx: RequestContext, key: number): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    const taxonomy = await findTaxonomy(em, key);
    await taxonomies.lockTree(em, key);
    if (await taxonomies.countLevels(em, key)) throw new DomainError('CONFLICT', 'the taxonomy has levels; delete them first');
    await em.removeAndFlush(taxonomy);
    return true;
  });
}

export async function moduleConfiguration(ctx: RequestContext): Promise<TaxonomyModuleConfigurationVO> {
  return { enabled: true, managedTaxonomyLevels: ctx.settings.managedEnforced, taxonomies: await ctx.em.count(Taxonomy, {}) };
}

// Levels

export async function listLevels(ctx: RequestContext, taxonomyKey: number): Promise<TaxonomyLevelVO[]> {
  await findTaxonomy(ctx.em, taxonomyKey);
  return answerListById(ctx, (range) => taxonomies.listLevels(ctx.em, taxonomyKey, range), toLevelVO);
}

async function levelVO(em: EntityManager, key: number): Promise<TaxonomyLevelVO> {
  const row = await taxonomies.findLevelRow(em, key);
  if (!row) throw notFound('taxonomy level');
  return toLevelVO(row);
}

/** The parent named by a level body: unknown 404, in another taxonomy 409. */
async function parentLevel(em: EntityManager, taxonomyKey: number, parentKey: number): Promise<TaxonomyLevel> {
  const parent = await em.findOne(TaxonomyLevel, { id: parentKey });
  if (!parent) throw notFound('parent level');
  if (parent.taxonomy.id !== taxonomyKey) throw new DomainError('CONFLICT', 'the parent level belongs to another taxonomy');
  return parent;
}

async function applyLevel(em: EntityManager, taxonomyKey: number, level: TaxonomyLevel, input: TaxonomyLevelVOInput) {
  if (input.identifier !== undefined) level.identifier = input.identifier?.trim() ?? '';
  if (input.displayName !== undefined) level.displayName = input.displayName;
  if (input.description !== undefined) level.description = input.description;
  if (input.externalId !== undefined) level.externalId = trimmed(input.externalId) || null;
  if (input.managedFlags !== undefined) level.managedFlags = normaliseManagedFlags('taxonomyLevel', input.managedFlags) || null;
  validate({ identifier: level.identifier, displayName: level.displayName, externalId: level.externalId, managedFlags: level.managedFlags }, ['identifier']);
  if (input.typeKey !== undefined) level.type = input.typeKey == null ? null : await findLevelTypeIn(em, taxonomyKey, input.typeKey);
}

/**
 * PUT /taxonomy/{key}/levels: without a key a new level (below parentKey, or a root level), with a
 * key an update of that level; a changed parentKey moves it with its sub-levels (below itself: 409),
 * a null parentKey makes it a root level. Unknown parent or type: 404.
 */
export async function saveLevel(ctx: RequestContext, taxonomyKey: number, input: TaxonomyLevelVOInput): Promise<TaxonomyLevelVO> {
  return saving('level of this taxonomy', () =>
    inTransaction(ctx, async (em) => {
      await findTaxonomy(em, taxonomyKey);
      await taxonomies.lockTree(em, taxonomyKey);
      if (input.key == null) {
        const parent = input.parentKey == null ? null : await parentLevel(em, taxonomyKey, input.parentKey);
        const level = em.create(TaxonomyLevel, { taxonomy: em.getReference(Taxonomy, taxonomyKey), identifier: '', parent });
        await applyLevel(em, taxonomyKey, level, input);
        await em.persistAndFlush(level);
        level.path = `${parent?.path ?? '/'}${level.id}/`;
        await em.flush();
        return levelVO(em, level.id);
      }
      await findLevelIn(em, taxonomyKey, input.key);
      const level = await em.findOneOrFail(TaxonomyLevel, { id: input.key });
      await applyLevel(em, taxonomyKey, level, input);
      if (input.parentKey !== undefined && (input.parentKey ?? null) !== (level.parent?.id ?? null)) {
        const parent = input.parentKey == null ? null : await parentLevel(em, taxonomyKey, input.parentKey);
        const newPath = `${parent?.path ?? '/'}${level.id}/`;
        if (parent && parent.path.startsWith(level.path)) throw new DomainError('CONFLICT', 'a level cannot move below itself or one of its sub-levels');
        await em.flush();
        await taxonomies.movePaths(em, level.path, newPath);
        level.parent = parent;
        level.path = newPath;
      }
      await em.flush();
      return levelVO(em, level.id);
    }),
  );
}

/** DELETE a level: false (REST 304) while it has sub-levels or usages (competences, tagged courses or elements); 409 for a level of another taxonomy. */
export async function deleteLevel(ctx: RequestContext, taxonomyKey: number, levelKey: number): Promise<boolean> {
  try {
    return await inTransaction(ctx, async (em) => {
      await findTaxonomy(em, taxonomyKey);
      await taxonomies.lockTree(em, taxonomyKey);
      await findLevelIn(em, taxonomyKey, levelKey);
      if (await taxonomies.levelInUse(em, levelKey)) return false;
      await em.nativeDelete(TaxonomyLevel, { id: levelKey });
      return true;
    });
  } catch (caught) {
    // A usage levelInUse does not list holds the level (a foreign key that restricts its deletion).
    if (caught instanceof ForeignKeyConstraintViolationException || (caught as { code?: string } | null)?.code === '23503') return false;
    throw caught;
  }
}

/** `TaxonomyVO.levels` (GraphQL): a page of the levels of every taxonomy of an answer, in one statement; `roots`: those without a parent. */
export function levelsOf(ctx: RequestContext, taxonomyKey: number, page: EdgePage, roots = false): Promise<TaxonomyLevelVO[]> {
  const edge: Edge<LevelRow, TaxonomyLevelVO> = {
    read: (keys, page, cap) => taxonomies.pagesOfLevels(ctx.em, keys, roots ? 'l.parent_id is null' : '', page, cap),
    present: toLevelVO,
  };
  return pageOf(ctx, roots ? 'root levels of taxonomies' : 'levels of taxonomies', edge, page, taxonomyKey);
}

/** `TaxonomyLevelVO.children` (GraphQL): a page of the sub-levels of every level of an answer, in one statement. */
export function childrenOf(ctx: RequestContext, levelKey: number, page: EdgePage): Promise<TaxonomyLevelVO[]> {
  const edge: Edge<LevelRow, TaxonomyLevelVO> = {
    read: (keys, page, cap) => taxonomies.pagesOfChildren(ctx.em, keys, page, cap),
    present: toLevelVO,
  };
  return pageOf(ctx, 'taxonomy level children', edge, page, levelKey);
}

/** A level another object names (GraphQL edges: a level's parent, a competence's level), read for every one of an answer level at once. */
export function levelOf(ctx: RequestContext, levelKey: number | null): Promise<TaxonomyLevelVO | null> {
  if (levelKey == null) return Promise.resolve(null);
  return loader<number, TaxonomyLevelVO | null>(ctx, 'taxonomy levels by key', async (keys) =>
    inKeyOrder(keys, await taxonomies.findLevelRows(ctx.em, keys), toLevelVO),
  ).load(levelKey);
}

/** `TaxonomyLevelVO.type` (GraphQL): the types of every level of an answer, read at once. */
export function typeOfLevel(ctx: RequestContext, typeKey: number | null): Promise<TaxonomyLevelTypeVO | null> {
  if (typeKey == null) return Promise.resolve(null);
  const types = loader<number, TaxonomyLevelTypeVO | null>(ctx, 'taxonomy level types', async (keys) =>
    inKeyOrder(keys, await ctx.em.find(TaxonomyLevelType, { id: { $in: [...keys] } }), toLevelTypeVO),
  );
  return types.load(typeKey);
}

/** `TaxonomyLevelVO.competences` (GraphQL): a page of the competences of every level of an answer, read at once. */
export function competencesOf(ctx: RequestContext, levelKey: number, page: EdgePage): Promise<TaxonomyCompetenceVO[]> {
  const edge: Edge<CompetenceRow, TaxonomyCompetenceVO> = {
    read: (keys, page, cap) => taxonomies.pagesOfCompetences(ctx.em, keys, page, cap),
    present: toCompetenceVO,
  };
  return pageOf(ctx, 'competences of levels', edge, page, levelKey);
}

/** `TaxonomyVO.types` (GraphQL): a page of the level types of every taxonomy of an answer, read at once. */
export function typesOf(ctx: RequestContext, taxonomyKey: number, page: EdgePage): Promise<TaxonomyLevelTypeVO[]> {
  const edge: Edge<LevelTypeRow, TaxonomyLevelTypeVO> = {
    read: (keys, page, cap) => taxonomies.pagesOfLevelTypes(ctx.em, keys, page, cap),
    present: toLevelTypeVO,
  };
  return pageOf(ctx, 'level types of taxonomies', edge, page, taxonomyKey);
}

// Competences

export async function listLevelCompetences(ctx: RequestContext, taxonomyKey: number, levelKey: number): Promise<TaxonomyCompetenceVO[]> {
  await findTaxonomy(ctx.em, taxonomyKey);
  await findLevelIn(ctx.em, taxonomyKey, levelKey);
  const rows = inRanges(
    ctx,
    (range) => taxonomies.competencesOfLevel(ctx.em, levelKey, range),
    (row) => Number(row.id),
  );
  return answerList(ctx, rows, toCompetenceVO);
}

export async function listLevelCompetencesOfUser(
  ctx: RequestContext,
  taxonomyKey: number,
  levelKey: number,
  identityKey: number,
): Promise<TaxonomyCompetenceVO[]> {
  await findTaxonomy(ctx.em, taxonomyKey);
  await findLevelIn(ctx.em, taxonomyKey, levelKey);
  await requireIdentity(ctx.em, identityKey);
  return (await taxonomies.competencesOfUserOnLevel(ctx.em, levelKey, identityKey)).map(toCompetenceVO);
}

export async function listCompetencesOfUser(ctx: RequestContext, taxonomyKey: number, identityKey: number): Promise<TaxonomyCompetenceVO[]> {
  await findTaxonomy(ctx.em, taxonomyKey);
  await requireIdentity(ctx.em, identityKey);
  return (await taxonomies.competencesOfUserInTaxonomy(ctx.em, taxonomyKey, identityKey)).map(toCompetenceVO);
}

/** PUT a competence: the person's competence of the same type on the level gets the new expiration, else one is created. */
export async function saveCompetence(
  ctx: RequestContext,
  taxonomyKey: number,
  levelKey: number,
  input: TaxonomyCompetenceVOInput,
): Promise<TaxonomyCompetenceVO> {
  if (input.taxonomyLevelKey != null && input.taxonomyLevelKey !== levelKey) {
    throw new DomainError('CONFLICT', 'the taxonomyLevelKey of the body differs from the level of the path');
  }
  if (!COMPETENCE_TYPES.includes(input.taxonomyCompetenceType)) {
    throw badRequest(`unknown taxonomyCompetenceType "${input.taxonomyCompetenceType}"; use one of ${COMPETENCE_TYPES.join(', ')}`);
  }
  return inTransaction(ctx, async (em) => {
    await findTaxonomy(em, taxonomyKey);
    await findLevelIn(em, taxonomyKey, levelKey);
    await requireIdentity(em, input.identityKey);
    const key = await taxonomies.upsertCompetence(em, levelKey, input.identityKey, input.taxonomyCompetenceType, input.expiration ?? null);
    return toCompetenceVO((await taxonomies.findCompetence(em, key))!);
  });
}

export async function deleteCompetence(ctx: RequestContext, taxonomyKey: number, levelKey: number, competenceKey: number): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    await findTaxonomy(em, taxonomyKey);
    await findLevelIn(em, taxonomyKey, levelKey);
    const competence = await taxonomies.findCompetence(em, competenceKey);
    if (!competence || competence.levelKey !== levelKey) throw notFound('competence');
    await taxonomies.deleteCompetence(em, competenceKey);
    return true;
  });
}

// Level types

export async function listLevelTypes(ctx: RequestContext, taxonomyKey: number): Promise<TaxonomyLevelTypeVO[]> {
  await findTaxonomy(ctx.em, taxonomyKey);
  return (await ctx.em.find(TaxonomyLevelType, { taxonomy: taxonomyKey }, { orderBy: { id: 'asc' } })).map(toLevelTypeVO);
}

export async function getLevelType(ctx: RequestContext, taxonomyKey: number, typeKey: number): Promise<TaxonomyLevelTypeVO> {
  await findTaxonomy(ctx.em, taxonomyKey);
  return toLevelTypeVO(await findLevelTypeIn(ctx.em, taxonomyKey, typeKey));
}

function applyLevelType(type: TaxonomyLevelType, input: TaxonomyLevelTypeVOInput) {
  if (input.identifier !== undefined) type.identifier = input.identifier?.trim() ?? '';
  if (input.displayName !== undefined) type.displayName = input.displayName;
  if (input.description !== undefined) type.description = input.description;
  if (input.externalId !== undefined) type.externalId = trimmed(input.externalId) || null;
  if (input.managedFlags !== undefined) type.managedFlags = normaliseManagedFlags('taxonomyLevelType', input.managedFlags) || null;
  if (input.cssClass !== undefined) type.cssClass = input.cssClass;
  if (input.visible != null) type.visible = input.visible;
  const settings = { ...(type.librarySettings ?? {}) };
  for (const name of LIBRARY_SETTINGS) if (input[name] !== undefined) settings[name] = input[name] ?? null;
  type.librarySettings = settings;
  validate(
    { identifier: type.identifier, displayName: type.displayName, externalId: type.externalId, managedFlags: type.managedFlags, cssClass: type.cssClass },
    ['identifier'],
  );
}

/** PUT /taxonomy/{key}/types: without a key a new type, with a key an update of that type. */
export async function saveLevelType(ctx: RequestContext, taxonomyKey: number, input: TaxonomyLevelTypeVOInput): Promise<TaxonomyLevelTypeVO> {
  return saving('level type of this taxonomy', () =>
    inTransaction(ctx, async (em) => {
      await findTaxonomy(em, taxonomyKey);
      const type =
        input.key == null
          ? em.create(TaxonomyLevelType, { taxonomy: em.getReference(Taxonomy, taxonomyKey), identifier: '' })
          : await findLevelTypeIn(em, taxonomyKey, input.key);
      applyLevelType(type, input);
      await em.persistAndFlush(type);
      return toLevelTypeVO(type);
    }),
  );
}

export async function listAllowedSubTypes(ctx: RequestContext, taxonomyKey: number, typeKey: number): Promise<TaxonomyLevelTypeVO[]> {
  await findTaxonomy(ctx.em, taxonomyKey);
  const type = await findLevelTypeIn(ctx.em, taxonomyKey, typeKey);
  return allowedSubTypes(type, toLevelTypeVO);
}

/** `change` of the type and its sub-type, both of the taxonomy (404 otherwise), in a transaction. */
async function changeSubType(
  ctx: RequestContext,
  taxonomyKey: number,
  typeKey: number,
  subTypeKey: number,
  change: (em: EntityManager, typeKey: number, subTypeKey: number) => Promise<boolean>,
): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    await findTaxonomy(em, taxonomyKey);
    await findLevelTypeIn(em, taxonomyKey, typeKey);
    await findLevelTypeIn(em, taxonomyKey, subTypeKey);
    return change(em, typeKey, subTypeKey);
  });
}

/** true: now allowed; false: it already was (REST answers 200 either way, as OpenOLAT does). */
export function allowSubType(ctx: RequestContext, taxonomyKey: number, typeKey: number, subTypeKey: number): Promise<boolean> {
  return changeSubType(ctx, taxonomyKey, typeKey, subTypeKey, taxonomies.allowSubType);
}

/** true: no longer allowed; false: it was not allowed (REST answers 200 either way, as OpenOLAT does). */
export function disallowSubType(ctx: RequestContext, taxonomyKey: number, typeKey: number, subTypeKey: number): Promise<boolean> {
  return changeSubType(ctx, taxonomyKey, typeKey, subTypeKey, taxonomies.disallowSubType);
}

// Levels of repository entries

export async function entryLevels(ctx: RequestContext, entry: string): Promise<TaxonomyLevelVO[]> {
  const row = await locateEntry(ctx, entry);
  await requireEntryLevelManager(ctx, row);
  return (await taxonomies.levelsOf(ctx.em, 'entry', row.id)).map(toLevelVO);
}

async function requireLevel(em: EntityManager, levelKey: number): Promise<void> {
  if (!(await taxonomies.findLevelRow(em, levelKey))) throw notFound('taxonomy level');
}

/** true: linked now; false: it already was (REST 304). */
export async function linkEntryLevel(ctx: RequestContext, entry: string, levelKey: number): Promise<boolean> {
  const row = await locateEntry(ctx, entry);
  await requireEntryLevelManager(ctx, row);
  return inTransaction(ctx, async (em) => {
    await requireLevel(em, levelKey);
    return taxonomies.linkLevel(em, 'entry', row.id, levelKey);
  });
}

/** Unlinks the level (also when it was not linked, as OpenOLAT answers 200). */
export async function unlinkEntryLevel(ctx: RequestContext, entry: string, levelKey: number): Promise<boolean> {
  const row = await locateEntry(ctx, entry);
  await requireEntryLevelManager(ctx, row);
  return inTransaction(ctx, async (em) => {
    await requireLevel(em, levelKey);
    await taxonomies.unlinkLevel(em, 'entry', row.id, levelKey);
    return true;
  });
}
