import { registerEnumType } from 'type-graphql';
import { MEMBER_LISTS_SHOWN } from './groups';
import { UserPropertyInput } from './users';
import { bool, dateTime, field, inputType, int, long, objectType, text } from './wire-shape';

export enum SyncMode {
  merge = 'merge',
  mirror = 'mirror',
}
registerEnumType(SyncMode, {
  name: 'SyncMode',
  description: 'merge: create, update and add, never remove; mirror: also remove the members of the listed containers and roles the document does not list.',
});

/** What an organisation and a curriculum of a sync document begin with: the externalId that names them, and their names. */
const namedByExternalId = (what: string) => ({
  externalId: text.describe(`Names the ${what} (required).`),
  identifier: text.describe('Required when it is created.'),
  displayName: text.describe('Required when it is created.'),
  description: text,
});

export const SyncOrganisationInput = inputType(
  { name: 'SyncOrganisationInput', description: 'An organisation as the external system says it should be; fields not given are left alone.' },
  {
    ...namedByExternalId('organisation'),
    parentExternalId: text.describe('The parent organisation, by externalId (created before, in this document or earlier); absent: the default organisation.'),
  },
);
export type SyncOrganisationInput = InstanceType<typeof SyncOrganisationInput>;

export const SyncUserInput = inputType(
  { name: 'SyncUserInput', description: 'A person; found by externalId, else by login.' },
  {
    externalId: text,
    login: text.describe('Required when the person is created.'),
    firstName: text,
    lastName: text,
    email: text,
    properties: field<UserPropertyInput[]>(() => [UserPropertyInput])
      .describe("User properties by OpenOLAT's names (telMobile, institutionalUserIdentifier, …): each one given is set; those not given are left alone.")
      .extensions({ xmlItem: 'property' }),
    password: text.describe(
      'Set when the person is created, or when it is not their password already (compared, and hashed, before the batch is written: bcrypt sets the rate). Kept with the job only until it ends.',
    ),
  },
);
export type SyncUserInput = InstanceType<typeof SyncUserInput>;

export const SyncGroupInput = inputType(
  { name: 'SyncGroupInput', description: 'A learning group, found by externalId.' },
  {
    externalId: text.describe('Names the group (required).'),
    name: text.describe('Required when it is created.'),
    description: text,
    minParticipants: int,
    maxParticipants: int,
    tools: field<string[]>(() => [String])
      .describe('The tools switched on, all of them (GroupConfigurationVO.tools: hasNews, hasCalendar, hasFolder, …); absent: as they are.')
      .extensions({ xmlItem: 'tool' }),
    ...MEMBER_LISTS_SHOWN,
  },
);
export type SyncGroupInput = InstanceType<typeof SyncGroupInput>;

export const SyncCourseInput = inputType(
  { name: 'SyncCourseInput', description: 'A course, found by externalId; its metadata keeps what the document leaves out.' },
  {
    externalId: text.describe('Names the course (required).'),
    title: text.describe('Its display name; required when it is created.'),
    description: text,
    location: text,
    authors: text,
    externalRef: text,
    status: text.describe('preparation, review, coachpublished, published or closed.'),
    allUsers: bool.describe('Open to all users (publicVisible).'),
    guests: bool.describe('Open to guests.'),
    validFrom: dateTime.describe('The beginning of its lifecycle (its own, as …/metadata sets it).'),
    validTo: dateTime.describe('The end of its lifecycle.'),
  },
);
export type SyncCourseInput = InstanceType<typeof SyncCourseInput>;

export const SyncCurriculumInput = inputType(
  { name: 'SyncCurriculumInput', description: 'A curriculum, found by externalId.' },
  {
    ...namedByExternalId('curriculum'),
    organisationExternalId: text.describe('Its organisation, by externalId.'),
  },
);
export type SyncCurriculumInput = InstanceType<typeof SyncCurriculumInput>;

export const SyncCurriculumElementInput = inputType(
  { name: 'SyncCurriculumElementInput', description: 'An element of a curriculum, found by externalId.' },
  {
    externalId: text.describe('Names the element (required).'),
    curriculumExternalId: text.describe('Its curriculum, by externalId: required when it is created (or its parent names it).'),
    parentExternalId: text.describe('The element it is below, by externalId (before it in the document, or there already); absent: the top.'),
    identifier: text,
    displayName: text.describe('Required when it is created.'),
    description: text,
    status: text.describe('A status of catalogue 5.2 (preparation, provisional, confirmed, active, cancelled, finished).'),
    beginDate: dateTime,
    endDate: dateTime,
    typeExternalId: text.describe("Its curriculum element type, by the type's externalId."),
  },
);
export type SyncCurriculumElementInput = InstanceType<typeof SyncCurriculumElementInput>;

export const SyncMembershipInput = inputType(
  { name: 'SyncMembershipInput', description: 'Who should hold a role in a container: the people, by externalId or login.' },
  {
    type: text.describe('group, organisation, course or element (a curriculum element).'),
    externalId: text.describe("The container's externalId."),
    role: text.describe(
      'A group: owner (or coach) or participant; a course: owner, coach or participant; an element: participant, coach, owner, mastercoach or curriculumelementowner; an organisation: one of its roles (user, author, usermanager, …).',
    ),
    members: field<string[]>(() => [String]).extensions({ xmlItem: 'member' }),
  },
);
export type SyncMembershipInput = InstanceType<typeof SyncMembershipInput>;

export const SyncDocumentInput = inputType(
  {
    name: 'SyncDocumentInput',
    description:
      'The desired state (beyond OpenOLAT): sections applied in this order, each object named by its externalId; sections and fields not given are left alone.',
    extensions: { xmlRoot: 'sync' },
  },
  {
    organisations: field<SyncOrganisationInput[]>(() => [SyncOrganisationInput]).extensions({ xmlItem: 'organisation' }),
    users: field<SyncUserInput[]>(() => [SyncUserInput]).extensions({ xmlItem: 'user' }),
    groups: field<SyncGroupInput[]>(() => [SyncGroupInput]).extensions({ xmlItem: 'group' }),
    courses: field<SyncCourseInput[]>(() => [SyncCourseInput]).extensions({ xmlItem: 'course' }),
    curricula: field<SyncCurriculumInput[]>(() => [SyncCurriculumInput]).extensions({ xmlItem: 'curriculum' }),
    elements: field<SyncCurriculumElementInput[]>(() => [SyncCurriculumElementInput]).extensions({ xmlItem: 'element' }),
    memberships: field<SyncMembershipInput[]>(() => [SyncMembershipInput]).extensions({ xmlItem: 'membership' }),
  },
);
export type SyncDocumentInput = InstanceType<typeof SyncDocumentInput>;

export const SyncSectionVO = objectType(
  { name: 'SyncSectionVO', description: 'What a job did (or, in a dry run, would do) with one section.' },
  {
    section: text,
    total: int.describe('Objects (memberships: people per container and role, and the removals a mirror adds).'),
    done: int,
    created: int,
    updated: int,
    unchanged: int,
    removed: int,
    failed: int,
  },
);
export type SyncSectionVO = InstanceType<typeof SyncSectionVO>;

export const SyncChangeVO = objectType(
  { name: 'SyncChangeVO', description: 'One field a sync changes: its value before and after (null: none).' },
  {
    field: text,
    before: text.nullable,
    after: text.nullable,
  },
);
export type SyncChangeVO = InstanceType<typeof SyncChangeVO>;

export const SyncItemVO = objectType(
  { name: 'SyncItemVO', description: 'One object of a sync document and what the job did (or would do) with it.', extensions: { xmlRoot: 'item' } },
  {
    seq: int.describe('Its place in the job: objects in document order, then the removals.'),
    section: text,
    ref: text.describe("The object's externalId (a person's, or login); for a membership the member's."),
    container: text.nullable.describe('A membership\'s container, e.g. "group:G-101".'),
    role: text.nullable,
    action: text.nullable.describe('create, update, unchanged, remove or error; null until the job comes to it.'),
    key: long.nullable.describe('The key of the object created or changed (none in a dry run for what it would create).'),
    changes: field<SyncChangeVO[]>(() => [SyncChangeVO])
      .describe('The fields an update changes.')
      .extensions({ xmlItem: 'change' }),
    error: text.nullable,
  },
);
export type SyncItemVO = InstanceType<typeof SyncItemVO>;

export const SyncJobVO = objectType(
  {
    name: 'SyncJobVO',
    description: 'A sync job (beyond OpenOLAT): a dry run (state planned) or an apply, and how far it has come.',
    extensions: { xmlRoot: 'syncJob' },
  },
  {
    key: long,
    state: text.describe('queued, running, planned (a dry run), done, failed, refused (the mirror guard) or stopped.'),
    mode: field<SyncMode>(() => SyncMode),
    dryRun: bool,
    atomic: bool,
    force: bool,
    ownerKey: long.describe('Who submitted it.'),
    submitted: dateTime,
    started: dateTime.nullable,
    finished: dateTime.nullable,
    error: text.nullable.describe('Why the job as a whole failed, was refused or stopped.'),
    sections: field<SyncSectionVO[]>(() => [SyncSectionVO])
      .describe('Per section, in the order they are applied.')
      .extensions({ xmlItem: 'section' }),
    failures: field<SyncItemVO[]>(() => [SyncItemVO])
      .describe('The first 100 objects that failed (all of them: GET /restapi/sync/{jobKey}/items?action=error).')
      .extensions({ xmlItem: 'item' }),
  },
);
export type SyncJobVO = InstanceType<typeof SyncJobVO>;
