import { BigIntType, Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity, LongKey, Nullable, Varchar } from './base';
import { RepositoryEntry } from './courses';
import { Identity } from './users';

/** What a person's result carries however it was reached: score, grade in its grading system, performance class, passed. */
abstract class Grading extends BaseEntity {
  @Nullable('float') score?: number | null;
  @Nullable('string') grade?: string | null;
  @Nullable('string') gradeSystemIdent?: string | null;
  @Nullable('string') performanceClassIdent?: string | null;
  @Nullable('boolean') passed?: boolean | null;
}

/**
 * A person's efficiency statement of a course (OpenOLAT's UserEfficiencyStatement, as its REST API writes it): the
 * score, grade and outcome, by the course's OLAT resource key. A stand-alone statement names a resource key of no
 * course here (a course of another system) and keeps its title.
 */
@Entity({ tableName: 'efficiency_statement' })
@LongKey()
@Unique({ name: 'efficiency_statement_identity_resource_uq', properties: ['identity', 'resourceKey'] })
@Index({ name: 'efficiency_statement_resource_index', properties: ['resourceKey', 'id'] })
export class EfficiencyStatement extends Grading {
  @ManyToOne(() => Identity, { deleteRule: 'cascade' }) identity!: Identity;

  /** The course's OLAT resource key (`olatResourceKey`), or any key for a stand-alone statement. */
  @Property({ type: new BigIntType('number') }) resourceKey!: number;

  /** The course's title when the statement was made (a stand-alone statement's as given). */
  @Nullable('string') courseTitle?: string | null;
}

/**
 * A person's results at one element of a course (OpenOLAT's AssessmentEntry, as CourseAssessmentWebService reads and
 * imports it): score, passed, grade, completion, attempts, status and their dates. `lastModified` is the date of the
 * score (lastModifiedDate on the wire).
 */
@Entity({ tableName: 'assessment_entry' })
@LongKey()
@Unique({ name: 'assessment_entry_entry_node_identity_uq', properties: ['entry', 'nodeIdent', 'identity'] })
@Index({ name: 'assessment_entry_identity_index', properties: ['identity'] })
export class AssessmentEntry extends Grading {
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade' }) entry!: RepositoryEntry;

  /** The ident of the course element (the root's for the course's own results). */
  @Varchar(64) nodeIdent!: string;
  @ManyToOne(() => Identity, { deleteRule: 'cascade' }) identity!: Identity;
  @Nullable('float') weightedScore?: number | null;
  @Nullable('float') maxScore?: number | null;
  @Nullable('float') weightedMaxScore?: number | null;
  @Nullable('boolean') userVisible?: boolean | null;
  @Nullable('double') completion?: number | null;
  @Nullable('integer') attempts?: number | null;
  @Nullable('string', 16) assessmentStatus?: string | null;
  @Nullable('datetime') lastUserModified?: Date | null;
  @Nullable('datetime') lastCoachModified?: Date | null;

  /** When the status became done. */
  @Nullable('datetime') assessmentDone?: Date | null;
  @Nullable('boolean') fullyAssessed?: boolean | null;
  @Nullable('datetime') fullyAssessedDate?: Date | null;
  @Nullable('datetime') firstVisit?: Date | null;
  @Nullable('datetime') lastVisit?: Date | null;
}

export const assessmentEntities = [EfficiencyStatement, AssessmentEntry];
