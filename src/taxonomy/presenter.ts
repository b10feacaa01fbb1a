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

export function toTaxonomyVO(taxonomy: Taxonomy): TaxonomyVO {
  return {
    key: taxonomy.id,
    identifier: taxonomy.identifier,
    displayName: taxonomy.displayName ?? null,
    description: taxonomy.description ?? null,
    externalId: taxonomy.externalId ?? null,
    managedFlags: taxonomy.managedFlags || null,
  };
}

export function toLevelVO(row: LevelRow): TaxonomyLevelVO {
  return {
    key: row.id,
    identifier: row.identifier,
    displayName: row.displayName ?? null,
    description: row.description ?? null,
    externalId: row.externalId ?? null,
    parentKey: row.parentKey ?? null,
    typeKey: row.typeKey ?? null,
    managedFlags: row.managedFlags || null,
  };
}

export function toLevelTypeVO(type: LevelTypeRow): TaxonomyLevelTypeVO {
  const settings = type.librarySettings ?? {};
  const library = Object.fromEntries(LIBRARY_SETTINGS.map((name) => [name, settings[name] ?? null]));
  return {
    key: type.id,
    identifier: type.identifier,
    displayName: type.displayName ?? null,
    description: type.description ?? null,
    externalId: type.externalId ?? null,
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
