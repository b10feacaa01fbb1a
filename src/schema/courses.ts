import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { FileVO } from './files';
import { PageOf } from './paging';
import { Base64Scalar, LongScalar } from './scalars';
import { bool, field, inputType, int, long, objectType, text, wireType } from './wire-shape';

/** OpenOLAT's RepositoryEntryLifecycleVO (catalogue 3.3): dates as `yyyy-MM-dd'T'hh:mm:ss` text (12-hour `hh`, no zone, as OpenOLAT writes them). */
export const [RepositoryEntryLifecycleVO, RepositoryEntryLifecycleVOInput] = wireType(
  {
    name: 'RepositoryEntryLifecycleVO',
    inputDescription: 'A private lifecycle: validFrom and validTo as `yyyy-MM-ddTHH:mm:ss` (UTC) or ISO 8601 with a zone; key is ignored.',
  },
  {
    key: long.nullable.describe('Always null: this gateway keeps private lifecycles only.'),
    softkey: text.nullable,
    label: text.nullable,
    validFrom: text.nullable,
    validTo: text.nullable,
  },
);
export type RepositoryEntryLifecycleVO = InstanceType<typeof RepositoryEntryLifecycleVO>;
export type RepositoryEntryLifecycleVOInput = InstanceType<typeof RepositoryEntryLifecycleVOInput>;

/** The fields OpenOLAT's RepositoryEntryVO and RepositoryEntryMetadataVO begin with. */
export const ENTRY_NAMES = {
  key: long,
  softkey: text,
  resourcename: text,
  displayname: text.managed('title'),
  description: text.nullable.managed('description'),
  teaser: text.nullable.managed('description'),
};

/** The OLAT resource of a repository entry, as RepositoryEntryVO and RepositoryEntryMetadataVO carry it. */
export const ENTRY_RESOURCE = {
  resourceableId: long,
  resourceableTypeName: text,
  olatResourceKey: long,
  olatResourceId: long,
  olatResourceTypeName: text,
};

/** OpenOLAT's RepositoryEntryVO (catalogue 3.3). */
export const [RepositoryEntryVO, RepositoryEntryVOInput] = wireType(
  {
    name: 'RepositoryEntryVO',
    inputDescription:
      'POST /repo/entries/{k}: displayname, description, teaser, location, authors, externalId, externalRef and managedFlags are replaced (absent: null; displayname keeps its value when absent), lifecycle replaced (absent: removed), entryStatus changed as by …/status when sent. On REST also a multipart form whose part `file` replaces the content of an IMS content package (other entries: NOT_FOUND).',
  },
  {
    ...ENTRY_NAMES,
    authors: text.nullable.outputExtensions({ xmlAttribute: true }).managed('details'),
    location: text.nullable.outputExtensions({ xmlAttribute: true }).managed('location'),
    externalId: text.nullable.managed('any'),
    externalRef: text.nullable.managed('details'),
    managedFlags: text.nullable.describe('Comma-separated managed flags (catalogue 4.2), stored as received.').managed('any'),
    ...ENTRY_RESOURCE,
    entryStatus: text
      .describe('preparation, review, coachpublished, published, closed, trash or deleted.')
      .describeInput('A status name, or closed, unclosed, deleted, restored as for …/status.'),
    lifecycle: field<RepositoryEntryLifecycleVO>(() => RepositoryEntryLifecycleVO).nullable.takes<RepositoryEntryLifecycleVOInput>(
      () => RepositoryEntryLifecycleVOInput,
    ),
    file: field<Buffer>(() => Base64Scalar).describeInput('The new content of an IMS content package; empty: nothing is changed (REST 204).').inputOnly,
    filename: text.inputOnly,
  },
);
export type RepositoryEntryVO = InstanceType<typeof RepositoryEntryVO>;
export type RepositoryEntryVOInput = InstanceType<typeof RepositoryEntryVOInput>;

/** A page of repository entries (catalogue 3.3 RepositoryEntryVOes; OpenOLAT names the XML item `repositoryEntrie`). */
export const RepositoryEntryVOes = PageOf(RepositoryEntryVO, {
  name: 'RepositoryEntryVOes',
  xmlRoot: 'repositoryEntries',
  items: 'repositoryEntries',
  xmlItem: 'repositoryEntrie',
});
export type RepositoryEntryVOes = InstanceType<typeof RepositoryEntryVOes>;

/** OpenOLAT's CourseVO (catalogue 3.3): `key` is the course's OLAT resource id, not the entry key (`repoEntryKey`). */
export const [CourseVO, CourseVOInput] = wireType(
  {
    name: 'CourseVO',
    inputDescription:
      'A new course: a CourseVO body (key, repoEntryKey, olatResource* and editorRootNodeId are ignored), or on REST the query parameters of PUT /repo/courses without a body (shortTitle, status, access, membersOnly, publicVisible, setAuthor, initialAuthor are those of the query form).',
  },
  {
    key: long.describe('The course id (OLAT resource id), the {courseId} of /repo/courses/{courseId}.'),
    softKey: text.describeInput('At most 30 characters; generated when absent.'),
    displayName: text.describeInput('Defaults to the title.'),
    description: text.nullable,
    teaser: text.nullable,
    repoEntryKey: long,
    repoEntryStatus: text.describeInput('The status of a CourseVO body.'),
    organisationKey: long.nullable.outputExtensions({ xmlAttribute: true }).describeInput('Default: the default organisation.'),
    authors: text.nullable.outputExtensions({ xmlAttribute: true }),
    location: text.nullable.outputExtensions({ xmlAttribute: true }),
    externalId: text.nullable,
    externalRef: text.nullable,
    managedFlags: text.nullable,
    olatResourceKey: long,
    olatResourceId: long,
    olatResourceTypeName: text,
    title: text.nullable.describe('The long title of the root node.').describeInput('The long title of the root node.'),
    editorRootNodeId: text.nullable,
    nodeAccessType: text.describe('`condition` (classic) or `learningpath`.').describeInput('`condition` (default) or `learningpath`.'),
    lifecycle: field<RepositoryEntryLifecycleVO>(() => RepositoryEntryLifecycleVO).nullable.takes<RepositoryEntryLifecycleVOInput>(
      () => RepositoryEntryLifecycleVOInput,
    ),
    shortTitle: text.describeInput('The short title of the root node; default: the title.').inputOnly,
    status: text.describeInput('The status (query form); wins over access and membersOnly.').inputOnly,
    access: int.describeInput('Legacy access: 0 trash, 1 preparation (published with membersOnly), 2 review, 3 or 4 published (4: public).').inputOnly,
    membersOnly: bool.inputOnly,
    publicVisible: bool.describeInput('Published courses that are public are seen by every user.').inputOnly,
    setAuthor: bool.describeInput('Default true: initialAuthor, or the caller when it names no one, is the only owner; false: the course has no owner.')
      .inputOnly,
    initialAuthor: long.describeInput('The owner instead of the caller (with setAuthor); a key that names no one is ignored.').inputOnly,
    objectives: text.describeInput('Metadata: the learning objectives.').inputOnly,
    requirements: text.describeInput('Metadata: the requirements.').inputOnly,
    credits: text.describeInput('Metadata: the credits.').inputOnly,
    expenditureOfWork: text.describeInput('Metadata: the expenditure of work.').inputOnly,
    sharedFolderSoftKey: text.describeInput('The softkey of the resource folder the course shares (course configuration sharedFolderSoftkey).').inputOnly,
    copyFrom: long.describeInput(
      'The course to copy (one the caller manages), by its id (OLAT resource id) or else its repository entry key: its structure, elements and files, not its members.',
    ).inputOnly,
  },
);
export type CourseVO = InstanceType<typeof CourseVO>;
export type CourseVOInput = InstanceType<typeof CourseVOInput>;

/** A page of courses (catalogue 3.3 CourseVOes). */
export const CourseVOes = PageOf(CourseVO, { name: 'CourseVOes', xmlRoot: 'courses', items: 'courses', xmlItem: 'course' });
export type CourseVOes = InstanceType<typeof CourseVOes>;

/** The member lists of a course, named as in its REST paths: authors are the owners, tutors the coaches. */
export enum CourseMemberRole {
  authors = 'authors',
  tutors = 'tutors',
  participants = 'participants',
}
registerEnumType(CourseMemberRole, { name: 'CourseMemberRole', description: 'authors (owners), tutors (coaches) or participants.' });

/** The member lists of a repository entry, named as in its REST paths. */
export enum EntryMemberRole {
  owners = 'owners',
  coaches = 'coaches',
  participants = 'participants',
}
registerEnumType(EntryMemberRole, { name: 'EntryMemberRole', description: 'owners, coaches or participants.' });

/** OpenOLAT's CourseNodeVO (catalogue 3.3): a node of a course's editor (or run) tree. */
export const CourseNodeVO = objectType(
  { name: 'CourseNodeVO' },
  {
    id: text.describe('The node ident.'),
    position: int.nullable.describe('Place among the siblings, from 0.'),
    parentId: text.nullable.describe('The parent node ident; null for the root.'),
    shortTitle: text.nullable,
    shortName: text.describe('The node type: `st` (structure) or `sp` (single page).'),
    longTitle: text.nullable,
    description: text.nullable,
    objectives: text.nullable,
    instruction: text.nullable,
    instructionalDesign: text.nullable,
    displayType: text.nullable.describe('A structure node’s display: toc, peekview, file or none (GraphQL only).').extensions({ rest: false }),
    pageFile: text.nullable.describe('The path of the node’s HTML page in the course folder (GraphQL only).').extensions({ rest: false }),
    visibilityExpertRules: text.nullable.describe('The expert rule that decides who sees the node, if it has one (GraphQL only).').extensions({ rest: false }),
    accessExpertRules: text.nullable.describe('The expert rule that decides who may open the node, if it has one (GraphQL only).').extensions({ rest: false }),
  },
);
/** The entry the node belongs to, for the page field. */
export type CourseNodeVO = InstanceType<typeof CourseNodeVO> & { entryKey: number };

export const CourseNodeInput = inputType(
  {
    name: 'CourseNodeInput',
    description:
      'A new or changed course element. On REST the query parameters of PUT …/elements/structure|singlepage, or the fields of a multipart form whose file part (named `file`, or any other name such as `path` as importers send it) is the HTML page.',
  },
  {
    parentNodeId: text.describe('The parent node ident of a new element; none: the root of the editor tree.'),
    position: int.describe('New elements: the place among the siblings, from 0 (the others move down); none or negative: the last place.'),
    shortTitle: text.describe('Default for a new element: `undefined`, as in OpenOLAT.'),
    longTitle: text.describe('Default for a new element: `undefined`, as in OpenOLAT.'),
    description: text,
    objectives: text,
    instruction: text,
    instructionalDesign: text,
    displayType: text.describe('Structure nodes: toc (default), peekview, file or none.'),
    visibilityExpertRules: text.describe(
      'An expert rule (OpenOLAT condition syntax, e.g. isInGroup("A")) deciding who sees the element; stored as given, not evaluated here.',
    ),
    accessExpertRules: text.describe('An expert rule deciding who may open the element; stored as given, not evaluated here.'),
    filename: text.describe('The name the uploaded page is stored under in the course folder (default: the uploaded file’s name).'),
    path: text.describe('The path of a page already in the course folder (instead of an upload).'),
    file: field<Buffer>(() => Base64Scalar).describe('The HTML page.'),
  },
);
export type CourseNodeInput = InstanceType<typeof CourseNodeInput>;

@ObjectType('CourseTreeXmlVO', {
  implements: FileVO,
  description: 'A course tree as OpenOLAT’s XStream XML (runstructure.xml or editortreemodel.xml); on REST the XML itself.',
})
export class CourseTreeXmlVO extends FileVO {
  @Field(() => LongScalar)
  courseKey!: number;
}
