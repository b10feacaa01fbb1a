import { BigIntType, Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity, LinkEntity, ManagedEntity, Nullable, Varchar } from './base';
import { Organisation } from './organisations';
import { Identity } from './users';

/** OpenOLAT's repository entry statuses (catalogue 5.1). */
export const ENTRY_STATUSES = ['preparation', 'review', 'coachpublished', 'published', 'closed', 'trash', 'deleted'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** The sequences the OLAT resource of an entry is numbered from (created by the migration add_courses_tables; read by the insert). */
export const RESOURCE_ID_SEQUENCE = 'olat_resource_id_seq';
export const RESOURCE_KEY_SEQUENCE = 'olat_resource_key_seq';

/**
 * A learning resource (catalogue 2.3); for now always a course (`CourseModule`). Its managed flags
 * are stored exactly as received, as OpenOLAT stores them for entries. The OLAT resource (the
 * course's own id, `CourseVO.key`) is numbered apart from the entry key. No two courses share an
 * externalId: clients get-or-create courses by it.
 */
@Entity({ tableName: 'repository_entry' })
@Index({ properties: ['externalId'] })
@Unique({
  name: 'repository_entry_course_external_id_unique',
  expression: `create unique index "repository_entry_course_external_id_unique" on "repository_entry" ("external_id") where "resource_type_name" = 'CourseModule'`,
})
@Index({ properties: ['externalRef'] })
@Index({ properties: ['status', 'publicVisible'] })
export class RepositoryEntry extends ManagedEntity<
  'resourcename' | 'status' | 'resourceTypeName' | 'olatResourceId' | 'olatResourceKey' | 'publicVisible' | 'nodeAccessType' | 'guestAccess' | 'version'
> {
  @Property({ type: 'string', length: 36, unique: true }) softkey!: string;
  @Varchar() displayname!: string;
  @Property({ type: 'string', length: 255, default: '-' }) resourcename: string = '-';
  @Nullable('text') description?: string | null;
  @Nullable('string') teaser?: string | null;
  @Nullable('string', 2048) authors?: string | null;
  @Nullable('string') location?: string | null;
  @Nullable('string') externalRef?: string | null;
  @Property({ type: 'string', length: 16, default: 'preparation' }) status: EntryStatus = 'preparation';
  @Property({ type: 'string', length: 50, default: 'CourseModule' }) resourceTypeName: string = 'CourseModule';
  @Property({ type: new BigIntType('number'), unique: true }) olatResourceId!: number;
  @Property({ type: new BigIntType('number'), unique: true }) olatResourceKey!: number;
  @Nullable('datetime') lifecycleValidFrom?: Date | null;
  @Nullable('datetime') lifecycleValidTo?: Date | null;
  @Nullable('string') lifecycleLabel?: string | null;
  @Nullable('string', 128) lifecycleSoftkey?: string | null;
  @ManyToOne(() => Organisation, { deleteRule: 'restrict', index: true }) organisation!: Organisation;
  @Property({ type: 'boolean', default: false }) publicVisible: boolean = false;
  @Nullable('string', 32) editorRootNodeId?: string | null;

  /** `condition` (classic) or `learningpath`. */
  @Property({ type: 'string', length: 32, default: 'condition' }) nodeAccessType: string = 'condition';

  /** When the editor tree was last published into the run tree (`course_run_element`). */
  @Nullable('datetime') publishedAt?: Date | null;

  /** Metadata (RepositoryEntryMetadataVO, catalogue 3.3). */
  @Nullable('text') objectives?: string | null;
  @Nullable('text') requirements?: string | null;
  @Nullable('text') credits?: string | null;
  @Nullable('string') mainLanguage?: string | null;
  @Nullable('string') expenditureOfWork?: string | null;

  /** Guests may open the entry (PUT …/access/public guests=true). */
  @Property({ type: 'boolean', default: false }) guestAccess: boolean = false;

  /** Counts the changes of the row (a trigger of the migration add_entry_metadata_and_lifecycle raises it on every update): the ETag of GET /repo/entries/{k}. */
  @Property({ type: 'integer', default: 0 }) version: number = 0;
}

/** What a node of a course's editor tree and of its run tree hold; `ident` is OpenOLAT's node id (a 15-digit number as text). */
abstract class CourseNode extends BaseEntity<'position'> {
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade' }) entry!: RepositoryEntry;
  @Varchar(32) ident!: string;
  @Property({ type: 'integer', default: 0 }) position: number = 0;

  /** `st` (structure) or `sp` (single page). */
  @Varchar(16) type!: string;
  @Nullable('string') shortTitle?: string | null;
  @Nullable('string') longTitle?: string | null;
  @Nullable('text') description?: string | null;
  @Nullable('text') objectives?: string | null;
  @Nullable('text') instruction?: string | null;
  @Nullable('text') instructionalDesign?: string | null;

  /** A structure node's display (`toc`, `peekview`, `file`, `none`). */
  @Nullable('string', 16) displayType?: string | null;

  /** The HTML page of a single page (or of a structure node shown as a file): its path in the course folder, e.g. `page.html`. */
  @Nullable('string', 1024) pageFile?: string | null;

  /**
   * What an imported course's node had that this gateway does not model (src/courses/archive): its
   * XStream class and the XML elements of the course node besides ident, type and titles (module
   * configuration, conditions ...), so that an export gives them back.
   */
  @Nullable('json') xmlExtra?: NodeXmlExtra | null;
}

/** The kept XML of a course node: its class and its other elements, as xml-js elements. */
export interface NodeXmlExtra {
  nodeClass?: string;
  elements: unknown[];
}

/** A node of a course's editor tree. */
@Entity({ tableName: 'course_element' })
@Unique({ properties: ['entry', 'ident'] })
export class CourseElement extends CourseNode {
  @ManyToOne(() => CourseElement, { nullable: true, deleteRule: 'cascade', index: true }) parent?: CourseElement | null;
}

/** A node of a course's run tree: the editor tree as it was last published (the whole tree is copied on publish). */
@Entity({ tableName: 'course_run_element' })
@Unique({ properties: ['entry', 'ident'] })
export class CourseRunElement extends CourseNode {
  /** The parent's ident; null for the root. */
  @Nullable('string', 32) parentIdent?: string | null;
}

export const EntryRole = { owner: 'owner', coach: 'coach', participant: 'participant' } as const;
export type EntryRole = (typeof EntryRole)[keyof typeof EntryRole];

@LinkEntity('repository_entry_membership', ['entry', 'identity', 'role'])
@Index({ properties: ['entry', 'role', 'id'] })
export class RepositoryMembership extends BaseEntity {
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade' }) entry!: RepositoryEntry;
  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true }) identity!: Identity;
  @Varchar(16) role!: EntryRole;
}

export const courseEntities = [RepositoryEntry, CourseElement, CourseRunElement, RepositoryMembership];
