import { Arg, ArgsType, Field, Int } from 'type-graphql';
import { LongScalar } from './scalars';

/** The argument sets that many operations take, each declared once. */

const COURSE_KEY = { nullable: true, description: 'The course by its course id (/repo/courses/{courseId}); taken before entry.' };
const ENTRY = { nullable: true, description: 'The course by repository entry key or softkey (/repo/entries/{k}); or give courseKey.' };

/**
 * A course named either way, as the lecture operations take it (OpenOLAT serves them under both paths). GraphQL lists
 * an argument set's fields in declaration order (a subclass's after its parent's), and an operation's own arguments last to first.
 */
@ArgsType()
export class CourseAddressArgs {
  @Field(() => LongScalar, COURSE_KEY)
  courseKey?: number | null;

  @Field(() => String, ENTRY)
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

/** An element of a curriculum (/curriculum/{curriculumKey}/elements/{elementKey}). */
@ArgsType()
export class CurriculumElementArgs {
  @Field(() => LongScalar)
  elementKey!: number;

  @Field(() => LongScalar)
  curriculumKey!: number;
}

/** A lecture block of a course named either way (…/lectureblocks/{lectureBlockKey}). */
@ArgsType()
export class LectureBlockArgs {
  @Field(() => LongScalar)
  lectureBlockKey!: number;

  @Field(() => LongScalar, COURSE_KEY)
  courseKey?: number | null;

  @Field(() => String, ENTRY)
  entry?: string | null;
}

/** A level of a taxonomy (/taxonomy/{taxonomyKey}/levels/{taxonomyLevelKey}). */
@ArgsType()
export class TaxonomyLevelArgs {
  @Field(() => LongScalar)
  taxonomyLevelKey!: number;

  @Field(() => LongScalar)
  taxonomyKey!: number;
}

/** A level type of a taxonomy (/taxonomy/{taxonomyKey}/types/{levelTypeKey}). */
@ArgsType()
export class TaxonomyLevelTypeArgs {
  @Field(() => LongScalar)
  levelTypeKey!: number;

  @Field(() => LongScalar)
  taxonomyKey!: number;
}

/** An argument that is a key (a Long): `@KeyArg('identityKey') identityKey: number`. */
export const KeyArg = (name: string) => Arg(name, () => LongScalar);

/** A person's lists that OpenOLAT pages (GET /users/{identityKey}/courses|groups…): the person, then the page. */
@ArgsType()
export class PersonPageArgs {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => Int, { nullable: true, description: 'first row of the page (REST: with pagingspec=1.0 only)' })
  start?: number | null;

  @Field(() => Int, { nullable: true, description: 'rows of the page; none: every row from start' })
  limit?: number | null;
}
