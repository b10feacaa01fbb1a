import { ArgsType, Field } from 'type-graphql';
import { LongScalar } from './scalars';

/** The argument sets that many operations take, each declared once. */

/** A course named either way, as the lecture operations take it (OpenOLAT serves them under both paths). GraphQL lists these fields in declaration order, and an operation's own arguments last to first. */
@ArgsType()
export class CourseAddressArgs {
  @Field(() => LongScalar, { nullable: true, description: 'The course by its course id (/repo/courses/{courseId}); taken before entry.' })
  courseKey?: number | null;

  @Field(() => String, { nullable: true, description: 'The course by repository entry key or softkey (/repo/entries/{k}); or give courseKey.' })
  entry?: string | null;
}

/** A course by its course id (/repo/courses/{courseId}). */
@ArgsType()
export class CourseKeyArgs {
  @Field(() => LongScalar)
  courseKey!: number;
}

/** A repository entry by key or softkey (/repo/entries/{k}). */
@ArgsType()
export class EntryArgs {
  @Field(() => String, { description: 'key or softkey' })
  entry!: string;
}
