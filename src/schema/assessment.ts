import { Field, Float, InputType, ObjectType } from 'type-graphql';
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
