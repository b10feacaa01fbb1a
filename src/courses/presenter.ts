import { expertRulesOf } from './expert-rules';
import type { NodeXmlExtra, RepositoryEntry } from '../entities/courses';
import type { CourseNodeVO, CourseVO, RepositoryEntryLifecycleVO, RepositoryEntryVO } from '../schema/courses';

/** What the VOs of an entry are made of: a row of ENTRY_COLUMNS (src/courses/repository.ts). */
export type EntryRow = Pick<
  RepositoryEntry,
  | 'id'
  | 'softkey'
  | 'displayname'
  | 'resourcename'
  | 'description'
  | 'teaser'
  | 'authors'
  | 'location'
  | 'externalId'
  | 'externalRef'
  | 'managedFlags'
  | 'status'
  | 'resourceTypeName'
  | 'olatResourceId'
  | 'olatResourceKey'
  | 'lifecycleValidFrom'
  | 'lifecycleValidTo'
  | 'lifecycleLabel'
  | 'lifecycleSoftkey'
  | 'publicVisible'
  | 'editorRootNodeId'
  | 'nodeAccessType'
  | 'publishedAt'
  | 'objectives'
  | 'requirements'
  | 'credits'
  | 'mainLanguage'
  | 'expenditureOfWork'
  | 'guestAccess'
  | 'version'
  | 'lastModified'
> & { organisationKey: number; title: string | null };

/** A node of an editor or run tree, as both tables give it. */
export interface ElementRow extends ElementFields {
  entryKey: number;
  ident: string;
  parentIdent: string | null;
  position: number;
  type: string;
  lastModified: Date;
  /** What an imported node had that is not modelled (src/courses/archive), given back by runstructure.xml, editortreemodel.xml and exports. */
  xmlExtra?: NodeXmlExtra | null;
}

/** A node's texts and display, as a client writes them. */
export interface ElementFields {
  shortTitle: string | null;
  longTitle: string | null;
  description: string | null;
  objectives: string | null;
  instruction: string | null;
  instructionalDesign: string | null;
  displayType: string | null;
  pageFile: string | null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** OpenOLAT's `yyyy-MM-dd'T'hh:mm:ss` (12-hour `hh`, no zone), in UTC. */
export function lifecycleDate(date: Date | null | undefined): string | null {
  if (!date) return null;
  const hours = date.getUTCHours() % 12 || 12;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(hours)}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

export function toLifecycleVO(row: EntryRow): RepositoryEntryLifecycleVO | null {
  if (!row.lifecycleValidFrom && !row.lifecycleValidTo && !row.lifecycleLabel && !row.lifecycleSoftkey) return null;
  return {
    key: null,
    softkey: row.lifecycleSoftkey ?? null,
    label: row.lifecycleLabel ?? null,
    validFrom: lifecycleDate(row.lifecycleValidFrom),
    validTo: lifecycleDate(row.lifecycleValidTo),
  };
}

/** The fields a RepositoryEntryVO and its metadata begin with (src/schema/courses.ts ENTRY_NAMES). */
export const entryNames = (row: EntryRow) => ({
  key: row.id,
  softkey: row.softkey,
  resourcename: row.resourcename,
  displayname: row.displayname,
  description: row.description ?? null,
  teaser: row.teaser ?? null,
});

/** A repository entry's OLAT resource, as a RepositoryEntryVO and its metadata carry it (ENTRY_RESOURCE). */
export const entryResource = (row: EntryRow) => ({
  resourceableId: row.olatResourceId,
  resourceableTypeName: row.resourceTypeName,
  olatResourceKey: row.olatResourceKey,
  olatResourceId: row.olatResourceId,
  olatResourceTypeName: row.resourceTypeName,
});

/** Who wrote an entry, where it takes place, and how another system names and manages it, as a RepositoryEntryVO and a CourseVO carry it. */
const entryReferences = (row: EntryRow) => ({
  authors: row.authors ?? null,
  location: row.location ?? null,
  externalId: row.externalId ?? null,
  externalRef: row.externalRef ?? null,
  managedFlags: row.managedFlags ?? null,
});

export function toRepositoryEntryVO(row: EntryRow): RepositoryEntryVO {
  return {
    ...entryNames(row),
    ...entryReferences(row),
    ...entryResource(row),
    entryStatus: row.status,
    lifecycle: toLifecycleVO(row),
  };
}

export function toCourseVO(row: EntryRow): CourseVO {
  return {
    key: row.olatResourceId,
    softKey: row.softkey,
    displayName: row.displayname,
    description: row.description ?? null,
    teaser: row.teaser ?? null,
    repoEntryKey: row.id,
    repoEntryStatus: row.status,
    organisationKey: row.organisationKey,
    ...entryReferences(row),
    olatResourceKey: row.olatResourceKey,
    olatResourceId: row.olatResourceId,
    olatResourceTypeName: row.resourceTypeName,
    title: row.title,
    editorRootNodeId: row.editorRootNodeId ?? null,
    nodeAccessType: row.nodeAccessType,
    lifecycle: toLifecycleVO(row),
  };
}

export function toCourseNodeVO(row: ElementRow): CourseNodeVO {
  return {
    id: row.ident,
    position: row.parentIdent === null ? null : row.position,
    parentId: row.parentIdent,
    shortTitle: row.shortTitle,
    shortName: row.type,
    longTitle: row.longTitle,
    description: row.description,
    objectives: row.objectives,
    instruction: row.instruction,
    instructionalDesign: row.instructionalDesign,
    displayType: row.displayType,
    pageFile: row.pageFile,
    ...expertRulesOf(row.xmlExtra),
    entryKey: row.entryKey,
  };
}
