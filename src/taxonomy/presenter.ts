import type { Taxonomy, TaxonomyLevelType } from '../entities/taxonomy';
import { LIBRARY_SETTINGS, type TaxonomyCompetenceVO, type TaxonomyLevelTypeVO, type TaxonomyLevelVO, type TaxonomyVO } from '../schema/taxonomy';

/** A row of LEVEL_COLUMNS (src/taxonomy/repository.ts). */
export interface LevelRow {
  id: number;
  taxonomyKey: number;
  identifier: string;
  displayName: string | null;
  description: string | null;
  externalId: string | null;
  managedFlags: string | null;
  parentKey: number | null;
  typeKey: number | null;
  path: string;
}

/** A row of COMPETENCE_COLUMNS. */
export interface CompetenceRow {
  id: number | string;
  identityKey: number;
  levelKey: number;
  type: string;
  expiration: Date | null;
}

/** A level type, or a row of its columns (src/taxonomy/repository.ts). */
export type LevelTypeRow = Pick<
  TaxonomyLevelType,
  'id' | 'identifier' | 'displayName' | 'description' | 'externalId' | 'managedFlags' | 'cssClass' | 'visible' | 'librarySettings'
>;

/** What a taxonomy, a level and a level type answer of themselves first, in the VOs' order. */
const namedFields = (named: Pick<LevelTypeRow, 'id' | 'identifier' | 'displayName' | 'description' | 'externalId'>) => ({
  key: named.id,
  identifier: named.identifier,
  displayName: named.displayName ?? null,
  description: named.description ?? null,
  externalId: named.externalId ?? null,
});

export function toTaxonomyVO(taxonomy: Taxonomy): TaxonomyVO {
  return {
    ...namedFields(taxonomy),
    managedFlags: taxonomy.managedFlags || null,
  };
}

export function toLevelVO(row: LevelRow): TaxonomyLevelVO {
  return {
    ...namedFields(row),
    parentKey: row.parentKey ?? null,
    typeKey: row.typeKey ?? null,
    managedFlags: row.managedFlags || null,
  };
}

export function toLevelTypeVO(type: LevelTypeRow): TaxonomyLevelTypeVO {
  const settings = type.librarySettings ?? {};
  const library = Object.fromEntries(LIBRARY_SETTINGS.map((name) => [name, settings[name] ?? null]));
  return {
    ...namedFields(type),
    managedFlags: type.managedFlags || null,
    cssClass: type.cssClass ?? null,
    visible: type.visible,
    ...library,
  } as TaxonomyLevelTypeVO;
}

export function toCompetenceVO(row: CompetenceRow): TaxonomyCompetenceVO {
  return {
    key: Number(row.id),
    identityKey: row.identityKey,
    taxonomyLevelKey: row.levelKey,
    taxonomyCompetenceType: row.type,
    expiration: row.expiration ?? null,
  };
}
