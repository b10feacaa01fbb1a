import type { CurriculumElementType } from '../entities/curriculum';
import { typeVOFields } from '../organisations/presenter';
import type { CurriculumElementMemberVO, CurriculumElementTypeVO, CurriculumElementVO, CurriculumVO } from '../schema/curriculum';

/** A row of CURRICULUM_COLUMNS (src/curriculum/repository.ts). */
export interface CurriculumRow {
  id: number;
  identifier: string;
  displayName: string;
  description: string | null;
  status: string | null;
  degree: string | null;
  externalId: string | null;
  managedFlags: string | null;
  organisationKey: number | null;
}

/** What a write sets of an element (src/curriculum/repository.ts insertElement, updateElement). */
export interface ElementFields {
  identifier: string | null;
  displayName: string;
  description: string | null;
  status: string;
  beginDate: Date | null;
  endDate: Date | null;
  externalId: string | null;
  managedFlags: string | null;
  calendars: string | null;
  typeKey: number | null;
}

/** A row of ELEMENT_COLUMNS (src/curriculum/repository.ts). */
export interface ElementRow extends ElementFields {
  id: number;
  parentKey: number | null;
  curriculumKey: number;
  path: string;
  position: number;
}

export interface MemberRow {
  identityKey: number;
  role: string;
  inheritance: string;
}

export function toCurriculumVO(row: CurriculumRow): CurriculumVO {
  return {
    key: row.id,
    identifier: row.identifier,
    displayName: row.displayName,
    description: row.description ?? null,
    status: row.status ?? null,
    degree: row.degree ?? null,
    externalId: row.externalId ?? null,
    managedFlagsString: row.managedFlags || null,
    organisationKey: row.organisationKey ?? null,
  };
}

export function toCurriculumElementVO(row: ElementRow): CurriculumElementVO {
  return {
    key: row.id,
    identifier: row.identifier ?? null,
    displayName: row.displayName,
    description: row.description ?? null,
    status: row.status ?? null,
    beginDate: row.beginDate ?? null,
    endDate: row.endDate ?? null,
    externalId: row.externalId ?? null,
    managedFlagsString: row.managedFlags || null,
    calendars: row.calendars ?? null,
    parentElementKey: row.parentKey ?? null,
    curriculumKey: row.curriculumKey,
    curriculumElementTypeKey: row.typeKey ?? null,
  };
}

export function toCurriculumElementTypeVO(type: CurriculumElementType): CurriculumElementTypeVO {
  return {
    ...typeVOFields(type),
    calendars: type.calendars ?? null,
    lectures: type.lectures ?? null,
  };
}

export function toMemberVO(row: MemberRow): CurriculumElementMemberVO {
  return { identityKey: row.identityKey, role: row.role, inheritanceMode: row.inheritance };
}
