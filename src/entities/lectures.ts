import { Check, Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity, LinkEntity, LongKey, ManagedEntity, Nullable } from './base';
import { RepositoryEntry } from './courses';
import { CurriculumElement } from './curriculum';
import { TaxonomyLevel } from './taxonomy';
import { Identity } from './users';

/**
 * The lecture settings of a course (RepositoryEntryLectureConfigurationVO, catalogue 3.6); a course
 * without a row has lectures off. Null switches follow the module's defaults.
 */
@Entity({ tableName: 'lecture_entry_config' })
export class LectureEntryConfig extends BaseEntity<'lectureEnabled' | 'overrideModuleDefault'> {
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade', unique: true }) entry!: RepositoryEntry;
  @Property({ type: 'boolean', default: false }) lectureEnabled: boolean = false;
  @Property({ type: 'boolean', default: false }) overrideModuleDefault: boolean = false;
  @Nullable('boolean') calculateAttendanceRate?: boolean | null;
  @Nullable('double') requiredAttendanceRate?: number | null;
  @Nullable('boolean') courseCalendarSyncEnabled?: boolean | null;
  @Nullable('boolean') teacherCalendarSyncEnabled?: boolean | null;
  @Nullable('boolean') rollCallEnabled?: boolean | null;
}

/** A lecture block ("event": a block of planned lectures) of a course, optionally planned for a curriculum element. */
@Entity({ tableName: 'lecture_block' })
@LongKey()
@Index({ properties: ['entry', 'startDate'] })
@Index({ properties: ['startDate', 'endDate'] })
@Index({
  name: 'lecture_block_external_id_index',
  expression: 'create index "lecture_block_external_id_index" on "lecture_block" ("external_id") where "external_id" is not null',
})
export class LectureBlock extends ManagedEntity<'compulsory' | 'plannedLectures' | 'status' | 'rollCallStatus'> {
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade' }) entry!: RepositoryEntry;
  @ManyToOne(() => CurriculumElement, { deleteRule: 'set null', nullable: true, index: true }) curriculumElement?: CurriculumElement | null;
  @Nullable('string') externalRef?: string | null;
  @Nullable('string') title?: string | null;
  @Nullable('text') description?: string | null;
  @Nullable('text') preparation?: string | null;
  @Nullable('string') location?: string | null;
  @Nullable('text') comment?: string | null;
  @Nullable('datetime') startDate?: Date | null;
  @Nullable('datetime') endDate?: Date | null;
  @Property({ type: 'boolean', default: true }) compulsory: boolean = true;
  @Property({ type: 'integer', default: 0 }) plannedLectures: number = 0;

  /** LectureBlockStatus (catalogue 5.6): active, partiallydone, done, cancelled. */
  @Property({ type: 'string', length: 16, default: 'active' }) status: string = 'active';

  /** LectureRollCallStatus (catalogue 5.6): open, closed, reopen, autoclosed. */
  @Property({ type: 'string', length: 16, default: 'open' }) rollCallStatus: string = 'open';
  @Nullable('datetime') autoClosedDate?: Date | null;
  @Nullable('string') meetingTitle?: string | null;
  @Nullable('string', 2048) meetingUrl?: string | null;
  @Nullable('string', 2048) recordingUrl?: string | null;
}

/** A teacher of a block. */
@LinkEntity('lecture_block_teacher', ['block', 'identity'])
export class LectureBlockTeacher extends BaseEntity {
  @ManyToOne(() => LectureBlock, { deleteRule: 'cascade' }) block!: LectureBlock;
  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true }) identity!: Identity;
}

/**
 * Where a block's participants come from: the participants of a course (`entry`; OpenOLAT's default
 * group of the entry, which keeps pointing to the origin course when a block moves) or of a
 * curriculum element (`element`). Exactly one of the two is set.
 */
@Entity({ tableName: 'lecture_block_participant_group' })
@LongKey()
@Unique({
  name: 'lecture_block_participant_group_entry_unique',
  expression:
    'create unique index "lecture_block_participant_group_entry_unique" on "lecture_block_participant_group" ("block_id", "entry_id") where "entry_id" is not null',
})
@Unique({
  name: 'lecture_block_participant_group_element_unique',
  expression:
    'create unique index "lecture_block_participant_group_element_unique" on "lecture_block_participant_group" ("block_id", "element_id") where "element_id" is not null',
})
@Check({ name: 'lecture_block_participant_group_one_source', expression: '("entry_id" is null) <> ("element_id" is null)' })
export class LectureBlockParticipantGroup extends BaseEntity {
  @ManyToOne(() => LectureBlock, { deleteRule: 'cascade' }) block!: LectureBlock;
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade', nullable: true, index: true }) entry?: RepositoryEntry | null;
  @ManyToOne(() => CurriculumElement, { deleteRule: 'cascade', nullable: true, index: true }) element?: CurriculumElement | null;
}

/** The roll call of one participant of a block (LectureBlockRollCallVO): read-only through the interface but for three fields. */
@LinkEntity('lecture_block_roll_call', ['block', 'identity'])
export class LectureBlockRollCall extends BaseEntity {
  @ManyToOne(() => LectureBlock, { deleteRule: 'cascade' }) block!: LectureBlock;
  @ManyToOne(() => Identity, { deleteRule: 'cascade', index: true }) identity!: Identity;
  @Nullable('integer') lecturesAttendedNumber?: number | null;
  @Nullable('integer') lecturesAbsentNumber?: number | null;
  @Nullable('text') comment?: string | null;
  @Nullable('text') absenceReason?: string | null;
  @Nullable('boolean') absenceAuthorized?: boolean | null;
  @Nullable('datetime') absenceSupervisorNotificationDate?: Date | null;
}

/** A taxonomy level a block is tagged with. */
@LinkEntity('lecture_block_taxonomy_level', ['block', 'level'])
export class LectureBlockTaxonomyLevel extends BaseEntity {
  @ManyToOne(() => LectureBlock, { deleteRule: 'cascade' }) block!: LectureBlock;
  @ManyToOne(() => TaxonomyLevel, { deleteRule: 'cascade', index: true }) level!: TaxonomyLevel;
}

export const lectureEntities = [
  LectureEntryConfig,
  LectureBlock,
  LectureBlockTeacher,
  LectureBlockParticipantGroup,
  LectureBlockRollCall,
  LectureBlockTaxonomyLevel,
];
