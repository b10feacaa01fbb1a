import { Arg, ArgsType, Field, Int } from 'type-graphql';
import { CourseMemberRole, CourseNodeInput, EntryMemberRole } from './courses';
import { CurriculumElementMemberList } from './curriculum';
import { CatalogEntryVOInput } from './catalog';
import { PageRequestArgs } from './paging';
import { LongScalar } from './scalars';
import { UserVOInput } from './users';

/** The argument sets that many operations take, each declared once. */

const COURSE_KEY = { nullable: true, description: 'The course by its course id (/repo/courses/{courseId}); taken before entry.' };
const ENTRY = { nullable: true, description: 'The course by repository entry key or softkey (/repo/entries/{k}); or give courseKey.' };
const KEY_OR_SOFTKEY = { description: 'key or softkey' };

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
  @Field(() => String, KEY_OR_SOFTKEY)
  entry!: string;
}

/** A member list of a course (/repo/courses/{courseId}/{role}). */
@ArgsType()
export class CourseRoleArgs {
  @Field(() => CourseMemberRole)
  role!: CourseMemberRole;

  @Field(() => LongScalar)
  courseKey!: number;
}

/** A person on a member list of a course (/repo/courses/{courseId}/{role}/{identityKey}). */
@ArgsType()
export class CourseMemberArgs {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => CourseMemberRole)
  role!: CourseMemberRole;

  @Field(() => LongScalar)
  courseKey!: number;
}

/** A person in a course (/repo/courses/{courseId}/authors/{identityKey}, …/assessments/users/{identityKey}). */
@ArgsType()
export class CoursePersonArgs {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => LongScalar)
  courseKey!: number;
}

/** A node of a course's editor tree (/repo/courses/{courseId}/elements/…/{nodeId}). */
@ArgsType()
export class CourseNodeArgs {
  @Field(() => String)
  nodeId!: string;

  @Field(() => LongScalar)
  courseKey!: number;
}

/** A new element of a course's editor tree (/repo/courses/{courseId}/elements/structure|singlepage). */
@ArgsType()
export class CourseElementCreateArgs {
  @Field(() => CourseNodeInput)
  element!: CourseNodeInput;

  @Field(() => LongScalar)
  courseKey!: number;
}

/** The changes of an element of a course's editor tree (/repo/courses/{courseId}/elements/structure|singlepage/{nodeId}). */
@ArgsType()
export class CourseElementUpdateArgs {
  @Field(() => CourseNodeInput)
  element!: CourseNodeInput;

  @Field(() => String)
  nodeId!: string;

  @Field(() => LongScalar)
  courseKey!: number;
}

/** A member list of a repository entry (/repo/entries/{k}/{role}). */
@ArgsType()
export class EntryRoleArgs {
  @Field(() => EntryMemberRole)
  role!: EntryMemberRole;

  @Field(() => String, KEY_OR_SOFTKEY)
  entry!: string;
}

/** A person on a member list of a repository entry (/repo/entries/{k}/{role}/{identityKey}). */
@ArgsType()
export class EntryMemberArgs {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => EntryMemberRole)
  role!: EntryMemberRole;

  @Field(() => String, KEY_OR_SOFTKEY)
  entry!: string;
}

/** An organisation of a course (/repo/courses/{courseId}/organisations/{organisationKey}). */
@ArgsType()
export class CourseOrganisationArgs {
  @Field(() => LongScalar)
  organisationKey!: number;

  @Field(() => LongScalar)
  courseKey!: number;
}

/** An organisation of a repository entry (/repo/entries/{k}/organisations/{organisationKey}). */
@ArgsType()
export class EntryOrganisationArgs {
  @Field(() => LongScalar)
  organisationKey!: number;

  @Field(() => String, KEY_OR_SOFTKEY)
  entry!: string;
}

/** A group of a course (/repo/courses/{courseId}/groups/{groupKey}). */
@ArgsType()
export class CourseGroupArgs {
  @Field(() => LongScalar)
  groupKey!: number;

  @Field(() => LongScalar)
  courseKey!: number;
}

/** An element of a curriculum (/curriculum/{curriculumKey}/elements/{elementKey}). */
@ArgsType()
export class CurriculumElementArgs {
  @Field(() => LongScalar)
  elementKey!: number;

  @Field(() => LongScalar)
  curriculumKey!: number;
}

/** A person of a curriculum (/curriculum/{curriculumKey}/curriculumowners/{identityKey}, …/lectures/{identityKey}). */
@ArgsType()
export class CurriculumPersonArgs {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => LongScalar)
  curriculumKey!: number;
}

/** A course linked to an element of a curriculum (…/elements/{elementKey}/entries/{repositoryEntryKey}). */
@ArgsType()
export class CurriculumElementEntryArgs {
  @Field(() => LongScalar)
  repositoryEntryKey!: number;

  @Field(() => LongScalar)
  elementKey!: number;

  @Field(() => LongScalar)
  curriculumKey!: number;
}

/** A taxonomy level of an element of a curriculum (…/elements/{elementKey}/taxonomy/levels/{taxonomyLevelKey}). */
@ArgsType()
export class CurriculumElementLevelArgs {
  @Field(() => LongScalar)
  taxonomyLevelKey!: number;

  @Field(() => LongScalar)
  elementKey!: number;

  @Field(() => LongScalar)
  curriculumKey!: number;
}

/** A lecture block of an element of a curriculum (…/elements/{elementKey}/lectureblocks/{lectureBlockKey}). */
@ArgsType()
export class CurriculumElementLectureBlockArgs {
  @Field(() => LongScalar)
  lectureBlockKey!: number;

  @Field(() => LongScalar)
  elementKey!: number;

  @Field(() => LongScalar)
  curriculumKey!: number;
}

/** A member list of an element of a curriculum (…/elements/{elementKey}/{role}). */
@ArgsType()
export class CurriculumElementRoleArgs {
  @Field(() => CurriculumElementMemberList)
  role!: CurriculumElementMemberList;

  @Field(() => LongScalar)
  elementKey!: number;

  @Field(() => LongScalar)
  curriculumKey!: number;
}

/** A person on a member list of an element of a curriculum (…/elements/{elementKey}/{role}/{identityKey}). */
@ArgsType()
export class CurriculumElementRoleMemberArgs {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => CurriculumElementMemberList)
  role!: CurriculumElementMemberList;

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

/** A teacher of a lecture block (…/lectureblocks/{lectureBlockKey}/teachers/{identityKey}). */
@ArgsType()
export class LectureBlockTeacherArgs {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => LongScalar)
  lectureBlockKey!: number;

  @Field(() => LongScalar, COURSE_KEY)
  courseKey?: number | null;

  @Field(() => String, ENTRY)
  entry?: string | null;
}

/** A taxonomy level of a lecture block (…/lectureblocks/{lectureBlockKey}/taxonomy/levels/{taxonomyLevelKey}). */
@ArgsType()
export class LectureBlockLevelArgs {
  @Field(() => LongScalar)
  taxonomyLevelKey!: number;

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

/** A sub-type of a level type (/taxonomy/{taxonomyKey}/types/{levelTypeKey}/allowedSubTypes/{subLevelTypeKey}). */
@ArgsType()
export class TaxonomySubTypeArgs {
  @Field(() => LongScalar)
  subLevelTypeKey!: number;

  @Field(() => LongScalar)
  levelTypeKey!: number;

  @Field(() => LongScalar)
  taxonomyKey!: number;
}

const TAGGED_ENTRY = { description: 'the repository entry key or its softkey' };

/** A repository entry tagged with taxonomy levels (/repo/entries/{k}/taxonomy/levels). */
@ArgsType()
export class TaggedEntryArgs {
  @Field(() => String, TAGGED_ENTRY)
  entry!: string;
}

/** A taxonomy level of a repository entry (/repo/entries/{k}/taxonomy/levels/{taxonomyLevelKey}). */
@ArgsType()
export class EntryLevelArgs {
  @Field(() => LongScalar)
  taxonomyLevelKey!: number;

  @Field(() => String, TAGGED_ENTRY)
  entry!: string;
}

/** A sub-type of a type of organisations or curriculum elements (…/types/{typeKey}/allowedSubTypes/{subTypeKey}). */
@ArgsType()
export class SubTypeArgs {
  @Field(() => LongScalar)
  subTypeKey!: number;

  @Field(() => LongScalar)
  typeKey!: number;
}

/** A person on a member list of a group (/groups/{groupKey}/owners|participants/{identityKey}). */
@ArgsType()
export class GroupMemberArgs {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => LongScalar)
  groupKey!: number;
}

export const ORGANISATION_ROLE = 'an organisation role (catalogue 5.7) or its plural, e.g. author or authors';

/** A member list of an organisation (/organisations/{organisationKey}/{role}). */
@ArgsType()
export class OrganisationRoleArgs {
  @Field(() => String, { description: ORGANISATION_ROLE })
  role!: string;

  @Field(() => LongScalar)
  organisationKey!: number;
}

/** A person on a member list of an organisation (/organisations/{organisationKey}/{role}/{identityKey}). */
@ArgsType()
export class OrganisationMemberArgs {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => String, { description: ORGANISATION_ROLE })
  role!: string;

  @Field(() => LongScalar)
  organisationKey!: number;
}

const CATALOG_PATH = { description: 'The key of the entry, or the chain of keys from the root ending with it (1/12/34): the last segment counts.' };

/** A catalog entry (/catalog/{path}). */
@ArgsType()
export class CatalogPathArgs {
  @Field(() => String, CATALOG_PATH)
  path!: string;
}

/** A page of the children of a catalog entry (/catalog/{path}/children). */
@ArgsType()
export class CatalogChildrenArgs extends PageRequestArgs {
  @Field(() => String, CATALOG_PATH)
  path!: string;
}

/** What creates or changes a catalog entry (/catalog/{path}). */
@ArgsType()
export class CatalogEntryChangeArgs {
  @Field(() => CatalogEntryVOInput)
  catalogEntry!: CatalogEntryVOInput;

  @Field(() => String, CATALOG_PATH)
  path!: string;
}

/** An owner of a catalog entry (/catalog/{path}/owners/{identityKey}). */
@ArgsType()
export class CatalogOwnerArgs {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => String, CATALOG_PATH)
  path!: string;
}

/** An argument that is a key (a Long): `@KeyArg('identityKey') identityKey: number`. */
export const KeyArg = (name: string) => Arg(name, () => LongScalar);

/** The users a list operation adds (only their keys are read): `@MembersArg() members: UserVOInput[]`. */
export const MembersArg = () => Arg('members', () => [UserVOInput]);

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
