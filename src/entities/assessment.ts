import { BigIntType, Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { LongKey, BaseEntity } from './base';
import { Identity } from './users';

/**
 * A person's efficiency statement of a course (OpenOLAT's UserEfficiencyStatement, as its REST API writes it): the
 * score, grade and outcome, by the course's OLAT resource key. A stand-alone statement names a resource key of no
 * course here (a course of another system) and keeps its title.
 */
@Entity({ tableName: 'efficiency_statement' })
@LongKey()
@Unique({ name: 'efficiency_statement_identity_resource_uq', properties: ['identity', 'resourceKey'] })
@Index({ name: 'efficiency_statement_resource_index', properties: ['resourceKey', 'id'] })
export class EfficiencyStatement extends BaseEntity {
  @ManyToOne(() => Identity, { deleteRule: 'cascade' })
  identity!: Identity;

  /** The course's OLAT resource key (`olatResourceKey`), or any key for a stand-alone statement. */
  @Property({ type: new BigIntType('number') })
  resourceKey!: number;

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

  /** The course's title when the statement was made (a stand-alone statement's as given). */
  @Property({ type: 'string', length: 255, nullable: true })
  courseTitle?: string | null;
}

export const assessmentEntities = [EfficiencyStatement];
