import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeScalar, LongScalar } from './scalars';

/** OpenOLAT's EfficiencyStatementVO: a person's outcome of a course, fields in its declaration order. */
@ObjectType('EfficiencyStatementVO')
export class EfficiencyStatementVO {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => Float, { nullable: true })
  score!: number | null;

  @Field(() => String, { nullable: true })
  grade!: string | null;

  @Field(() => String, { nullable: true })
  gradeSystemIdent!: string | null;

  @Field(() => String, { nullable: true })
  performanceClassIdent!: string | null;

  @Field(() => Boolean, { nullable: true })
  passed!: boolean | null;

  @Field(() => DateTimeScalar, { nullable: true })
  creationDate!: Date | null;

  @Field(() => String, { nullable: true, description: "The course's title (its display name), or a stand-alone statement's as given." })
  courseTitle!: string | null;
}

@InputType('EfficiencyStatementVOInput', { description: 'An EfficiencyStatementVO as a client sends it; every field may be absent.' })
export class EfficiencyStatementVOInput {
  @Field(() => LongScalar, { nullable: true, description: 'The person, when the path names none (PUT /repo/courses/{resourceKey}/statements).' })
  identityKey?: number | null;

  @Field(() => Float, { nullable: true })
  score?: number | null;

  @Field(() => String, { nullable: true })
  grade?: string | null;

  @Field(() => String, { nullable: true })
  gradeSystemIdent?: string | null;

  @Field(() => String, { nullable: true })
  performanceClassIdent?: string | null;

  @Field(() => Boolean, { nullable: true })
  passed?: boolean | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the statement was made; now when absent.' })
  creationDate?: Date | null;

  @Field(() => String, { nullable: true, description: "A stand-alone statement's course title (a resource key of no course); a course's own title otherwise." })
  courseTitle?: string | null;
}

/** OpenOLAT's AssessmentEntryStatus. */
export const ASSESSMENT_STATUSES = ['notReady', 'notStarted', 'inProgress', 'inReview', 'done'];

/** OpenOLAT's AssessableResultsVO: a person's results at a course element (the root's: the course's), fields in its declaration order. */
@ObjectType('AssessableResultsVO')
export class AssessableResultsVO {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => String, { nullable: true })
  identityExternalId!: string | null;

  @Field(() => String)
  nodeIdent!: string;

  @Field(() => Boolean, { nullable: true })
  passed!: boolean | null;

  @Field(() => Float, { nullable: true })
  score!: number | null;

  @Field(() => Float, { nullable: true })
  weightedScore!: number | null;

  @Field(() => Float, { nullable: true })
  maxScore!: number | null;

  @Field(() => Float, { nullable: true })
  weightedMaxScore!: number | null;

  @Field(() => Boolean, { nullable: true })
  userVisible!: boolean | null;

  @Field(() => String, { nullable: true })
  grade!: string | null;

  @Field(() => String, { nullable: true })
  performanceClassIdent!: string | null;

  @Field(() => Float, { nullable: true })
  completion!: number | null;

  @Field(() => Int, { nullable: true })
  attempts!: number | null;

  @Field(() => String, { nullable: true, description: `One of ${ASSESSMENT_STATUSES.join(', ')}.` })
  assessmentStatus!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the score last changed.' })
  lastModifiedDate!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  lastUserModified!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  lastCoachModified!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the status became done.' })
  assessmentDone!: Date | null;

  @Field(() => Boolean, { nullable: true })
  fullyAssessed!: boolean | null;

  @Field(() => DateTimeScalar, { nullable: true })
  fullyAssessedDate!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  firstVisit!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  lastVisit!: Date | null;
}

const READ_ONLY = 'Read only: ignored when sent (OpenOLAT computes it).';

@InputType('AssessableResultsVOInput', {
  description: 'An AssessableResultsVO as a client imports it: identityKey names the person; an absent field keeps what the person has.',
})
export class AssessableResultsVOInput {
  @Field(() => LongScalar, { nullable: true, description: 'The person whose results these are.' })
  identityKey?: number | null;

  @Field(() => String, { nullable: true, description: READ_ONLY })
  identityExternalId?: string | null;

  @Field(() => String, { nullable: true, description: 'Read only: the element is the one of the path.' })
  nodeIdent?: string | null;

  @Field(() => Boolean, { nullable: true })
  passed?: boolean | null;

  @Field(() => Float, { nullable: true })
  score?: number | null;

  @Field(() => Float, { nullable: true, description: READ_ONLY })
  weightedScore?: number | null;

  @Field(() => Float, { nullable: true, description: READ_ONLY })
  maxScore?: number | null;

  @Field(() => Float, { nullable: true, description: READ_ONLY })
  weightedMaxScore?: number | null;

  @Field(() => Boolean, { nullable: true })
  userVisible?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Taken when it has more than whitespace.' })
  grade?: string | null;

  @Field(() => String, { nullable: true, description: READ_ONLY })
  performanceClassIdent?: string | null;

  @Field(() => Float, { nullable: true, description: 'Between 0 and 1.' })
  completion?: number | null;

  @Field(() => Int, { nullable: true })
  attempts?: number | null;

  @Field(() => String, { nullable: true, description: `One of ${ASSESSMENT_STATUSES.join(', ')}; another value keeps the status the person has.` })
  assessmentStatus?: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: READ_ONLY })
  lastModifiedDate?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: READ_ONLY })
  lastUserModified?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: READ_ONLY })
  lastCoachModified?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: READ_ONLY })
  assessmentDone?: Date | null;

  @Field(() => Boolean, { nullable: true, description: 'Taken for courses of the learning path type (nodeAccessType learningpath), as OpenOLAT does.' })
  fullyAssessed?: boolean | null;

  @Field(() => DateTimeScalar, { nullable: true, description: READ_ONLY })
  fullyAssessedDate?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: READ_ONLY })
  firstVisit?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: READ_ONLY })
  lastVisit?: Date | null;
}
