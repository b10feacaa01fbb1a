import { Extensions, Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeScalar, LongScalar } from './scalars';
import { UserPropertyInput } from './users';

export enum SyncMode {
  merge = 'merge',
  mirror = 'mirror',
}
registerEnumType(SyncMode, {
  name: 'SyncMode',
  description: 'merge: create, update and add, never remove; mirror: also remove the members of the listed containers and roles the document does not list.',
});

@InputType('SyncOrganisationInput', { description: 'An organisation as the external system says it should be; fields not given are left alone.' })
export class SyncOrganisationInput {
  @Field(() => String, { nullable: true, description: 'Names the organisation (required).' })
  externalId?: string | null;

  @Field(() => String, { nullable: true, description: 'Required when it is created.' })
  identifier?: string | null;

  @Field(() => String, { nullable: true, description: 'Required when it is created.' })
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The parent organisation, by externalId (created before, in this document or earlier); absent: the default organisation.',
  })
  parentExternalId?: string | null;
}

@InputType('SyncUserInput', { description: 'A person; found by externalId, else by login.' })
export class SyncUserInput {
  @Field(() => String, { nullable: true })
  externalId?: string | null;

  @Field(() => String, { nullable: true, description: 'Required when the person is created.' })
  login?: string | null;

  @Field(() => String, { nullable: true })
  firstName?: string | null;

  @Field(() => String, { nullable: true })
  lastName?: string | null;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => [UserPropertyInput], {
    nullable: true,
    description: "User properties by OpenOLAT's names (telMobile, institutionalUserIdentifier, …): each one given is set; those not given are left alone.",
  })
  @Extensions({ xmlItem: 'property' })
  properties?: UserPropertyInput[] | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Set when the person is created, or when it is not their password already (compared, and hashed, before the batch is written: bcrypt sets the rate). Kept with the job only until it ends.',
  })
  password?: string | null;
}

@InputType('SyncGroupInput', { description: 'A learning group, found by externalId.' })
export class SyncGroupInput {
  @Field(() => String, { nullable: true, description: 'Names the group (required).' })
  externalId?: string | null;

  @Field(() => String, { nullable: true, description: 'Required when it is created.' })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => Int, { nullable: true })
  minParticipants?: number | null;

  @Field(() => Int, { nullable: true })
  maxParticipants?: number | null;

  @Field(() => [String], {
    nullable: true,
    description: 'The tools switched on, all of them (GroupConfigurationVO.tools: hasNews, hasCalendar, hasFolder, …); absent: as they are.',
  })
  @Extensions({ xmlItem: 'tool' })
  tools?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Members see the owners.' })
  ownersVisible?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Members see the participants.' })
  participantsVisible?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Members see the waiting list.' })
  waitingListVisible?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Everyone sees the owners.' })
  ownersPublic?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Everyone sees the participants.' })
  participantsPublic?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Everyone sees the waiting list.' })
  waitingListPublic?: boolean | null;
}

@InputType('SyncCourseInput', { description: 'A course, found by externalId; its metadata keeps what the document leaves out.' })
export class SyncCourseInput {
  @Field(() => String, { nullable: true, description: 'Names the course (required).' })
  externalId?: string | null;

  @Field(() => String, { nullable: true, description: 'Its display name; required when it is created.' })
  title?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true })
  location?: string | null;

  @Field(() => String, { nullable: true })
  authors?: string | null;

  @Field(() => String, { nullable: true })
  externalRef?: string | null;

  @Field(() => String, { nullable: true, description: 'preparation, review, coachpublished, published or closed.' })
  status?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Open to all users (publicVisible).' })
  allUsers?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Open to guests.' })
  guests?: boolean | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'The beginning of its lifecycle (its own, as …/metadata sets it).' })
  validFrom?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'The end of its lifecycle.' })
  validTo?: Date | null;
}

@InputType('SyncCurriculumInput', { description: 'A curriculum, found by externalId.' })
export class SyncCurriculumInput {
  @Field(() => String, { nullable: true, description: 'Names the curriculum (required).' })
  externalId?: string | null;

  @Field(() => String, { nullable: true, description: 'Required when it is created.' })
  identifier?: string | null;

  @Field(() => String, { nullable: true, description: 'Required when it is created.' })
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'Its organisation, by externalId.' })
  organisationExternalId?: string | null;
}

@InputType('SyncCurriculumElementInput', { description: 'An element of a curriculum, found by externalId.' })
export class SyncCurriculumElementInput {
  @Field(() => String, { nullable: true, description: 'Names the element (required).' })
  externalId?: string | null;

  @Field(() => String, { nullable: true, description: 'Its curriculum, by externalId: required when it is created (or its parent names it).' })
  curriculumExternalId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The element it is below, by externalId (before it in the document, or there already); absent: the top.',
  })
  parentExternalId?: string | null;

  @Field(() => String, { nullable: true })
  identifier?: string | null;

  @Field(() => String, { nullable: true, description: 'Required when it is created.' })
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'A status of catalogue 5.2 (preparation, provisional, confirmed, active, cancelled, finished).' })
  status?: string | null;

  @Field(() => DateTimeScalar, { nullable: true })
  beginDate?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  endDate?: Date | null;

  @Field(() => String, { nullable: true, description: "Its curriculum element type, by the type's externalId." })
  typeExternalId?: string | null;
}

@InputType('SyncMembershipInput', { description: 'Who should hold a role in a container: the people, by externalId or login.' })
export class SyncMembershipInput {
  @Field(() => String, { nullable: true, description: 'group, organisation, course or element (a curriculum element).' })
  type?: string | null;

  @Field(() => String, { nullable: true, description: "The container's externalId." })
  externalId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'A group: owner (or coach) or participant; a course: owner, coach or participant; an element: participant, coach, owner, mastercoach or curriculumelementowner; an organisation: one of its roles (user, author, usermanager, …).',
  })
  role?: string | null;

  @Field(() => [String], { nullable: true })
  @Extensions({ xmlItem: 'member' })
  members?: string[] | null;
}

@InputType('SyncDocumentInput', {
  description:
    'The desired state (beyond OpenOLAT): sections applied in this order, each object named by its externalId; sections and fields not given are left alone.',
})
@Extensions({ xmlRoot: 'sync' })
export class SyncDocumentInput {
  @Field(() => [SyncOrganisationInput], { nullable: true })
  @Extensions({ xmlItem: 'organisation' })
  organisations?: SyncOrganisationInput[] | null;

  @Field(() => [SyncUserInput], { nullable: true })
  @Extensions({ xmlItem: 'user' })
  users?: SyncUserInput[] | null;

  @Field(() => [SyncGroupInput], { nullable: true })
  @Extensions({ xmlItem: 'group' })
  groups?: SyncGroupInput[] | null;

  @Field(() => [SyncCourseInput], { nullable: true })
  @Extensions({ xmlItem: 'course' })
  courses?: SyncCourseInput[] | null;

  @Field(() => [SyncCurriculumInput], { nullable: true })
  @Extensions({ xmlItem: 'curriculum' })
  curricula?: SyncCurriculumInput[] | null;

  @Field(() => [SyncCurriculumElementInput], { nullable: true })
  @Extensions({ xmlItem: 'element' })
  elements?: SyncCurriculumElementInput[] | null;

  @Field(() => [SyncMembershipInput], { nullable: true })
  @Extensions({ xmlItem: 'membership' })
  memberships?: SyncMembershipInput[] | null;
}

@ObjectType('SyncSectionVO', { description: 'What a job did (or, in a dry run, would do) with one section.' })
export class SyncSectionVO {
  @Field(() => String)
  section!: string;

  @Field(() => Int, { description: 'Objects (memberships: people per container and role, and the removals a mirror adds).' })
  total!: number;

  @Field(() => Int)
  done!: number;

  @Field(() => Int)
  created!: number;

  @Field(() => Int)
  updated!: number;

  @Field(() => Int)
  unchanged!: number;

  @Field(() => Int)
  removed!: number;

  @Field(() => Int)
  failed!: number;
}

@ObjectType('SyncChangeVO', { description: 'One field a sync changes: its value before and after (null: none).' })
export class SyncChangeVO {
  @Field(() => String)
  field!: string;

  @Field(() => String, { nullable: true })
  before!: string | null;

  @Field(() => String, { nullable: true })
  after!: string | null;
}

@ObjectType('SyncItemVO', { description: 'One object of a sync document and what the job did (or would do) with it.' })
@Extensions({ xmlRoot: 'item' })
export class SyncItemVO {
  @Field(() => Int, { description: 'Its place in the job: objects in document order, then the removals.' })
  seq!: number;

  @Field(() => String)
  section!: string;

  @Field(() => String, { description: "The object's externalId (a person's, or login); for a membership the member's." })
  ref!: string;

  @Field(() => String, { nullable: true, description: 'A membership\'s container, e.g. "group:G-101".' })
  container!: string | null;

  @Field(() => String, { nullable: true })
  role!: string | null;

  @Field(() => String, { nullable: true, description: 'create, update, unchanged, remove or error; null until the job comes to it.' })
  action!: string | null;

  @Field(() => LongScalar, { nullable: true, description: 'The key of the object created or changed (none in a dry run for what it would create).' })
  key!: number | null;

  @Field(() => [SyncChangeVO], { description: 'The fields an update changes.' })
  @Extensions({ xmlItem: 'change' })
  changes!: SyncChangeVO[];

  @Field(() => String, { nullable: true })
  error!: string | null;
}

@ObjectType('SyncJobVO', { description: 'A sync job (beyond OpenOLAT): a dry run (state planned) or an apply, and how far it has come.' })
@Extensions({ xmlRoot: 'syncJob' })
export class SyncJobVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String, { description: 'queued, running, planned (a dry run), done, failed, refused (the mirror guard) or stopped.' })
  state!: string;

  @Field(() => SyncMode)
  mode!: SyncMode;

  @Field(() => Boolean)
  dryRun!: boolean;

  @Field(() => Boolean)
  atomic!: boolean;

  @Field(() => Boolean)
  force!: boolean;

  @Field(() => LongScalar, { description: 'Who submitted it.' })
  ownerKey!: number;

  @Field(() => DateTimeScalar)
  submitted!: Date;

  @Field(() => DateTimeScalar, { nullable: true })
  started!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  finished!: Date | null;

  @Field(() => String, { nullable: true, description: 'Why the job as a whole failed, was refused or stopped.' })
  error!: string | null;

  @Field(() => [SyncSectionVO], { description: 'Per section, in the order they are applied.' })
  @Extensions({ xmlItem: 'section' })
  sections!: SyncSectionVO[];

  @Field(() => [SyncItemVO], { description: 'The first 100 objects that failed (all of them: GET /restapi/sync/{jobKey}/items?action=error).' })
  @Extensions({ xmlItem: 'item' })
  failures!: SyncItemVO[];
}
