import { BigIntType, Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { LongKey, BaseEntity } from './base';
import { RepositoryEntry } from './courses';
import { Identity } from './users';

/** What a person's result carries however it was reached: score, grade in its grading system, performance class, passed. */
abstract class Grading extends BaseEntity {
  @Property({ type: 'float', nullable: true })
  score?: number | null;

  @Property({ type: 'string', length: 255, nullable: true })
  grade?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  gradeSystemIdent?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  performanceClassIdent?: string | null;

  @Property({ type: 'boolean', nullable: true })
  passed?: boolean | null;
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
  @ManyToOne(() => Identity, { deleteRule: 'cascade' })
  identity!: Identity;

  /** The course's OLAT resource key (`olatResourceKey`), or any key for a stand-alone statement. */
  @Property({ type: new BigIntType('number') })
  resourceKey!: number;

  /** The course's title when the statement was made (a stand-alone statement's as given). */
  @Property({ type: 'string', length: 255, nullable: true })
  courseTitle?: string | null;
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
  @ManyToOne(() => RepositoryEntry, { deleteRule: 'cascade' })
  entry!: RepositoryEntry;

  /** The ident of the course element (the root's for the course's own results). */
  @Property({ type: 'string', length: 64 })
  nodeIdent!: string;

  @ManyToOne(() => Identity, { deleteRule: 'cascade' })
  identity!: Identity;

  @Property({ type: 'float', nullable: true })
  weightedScore?: number | null;

  @Property({ type: 'float', nullable: true })
  maxScore?: number | null;

  @Property({ type: 'float', nullable: true })
  weightedMaxScore?: number | null;

  @Property({ type: 'boolean', nullable: true })
  userVisible?: boolean | null;

  @Property({ type: 'double', nullable: true })
  completion?: number | null;

  @Property({ type: 'integer', nullable: true })
  attempts?: number | null;

  @Property({ type: 'string', length: 16, nullable: true })
  assessmentStatus?: string | null;

  @Property({ type: 'datetime', nullable: true })
  lastUserModified?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  lastCoachModified?: Date | null;

  /** When the status became done. */
  @Property({ type: 'datetime', nullable: true })
  assessmentDone?: Date | null;

  @Property({ type: 'boolean', nullable: true })
  fullyAssessed?: boolean | null;

  @Property({ type: 'datetime', nullable: true })
  fullyAssessedDate?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  firstVisit?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  lastVisit?: Date | null;
}

export const assessmentEntities = [EfficiencyStatement, AssessmentEntry];
