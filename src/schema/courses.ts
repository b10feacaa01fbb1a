import { Extensions, Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { FileVO } from './files';
import { PageOf } from './paging';
import { Base64Scalar, LongScalar } from './scalars';

/** OpenOLAT's RepositoryEntryLifecycleVO (catalogue 3.3): dates as `yyyy-MM-dd'T'hh:mm:ss` text (12-hour `hh`, no zone, as OpenOLAT writes them). */
@ObjectType('RepositoryEntryLifecycleVO')
export class RepositoryEntryLifecycleVO {
  @Field(() => LongScalar, { nullable: true, description: 'Always null: this gateway keeps private lifecycles only.' })
  key!: number | null;

  @Field(() => String, { nullable: true })
  softkey!: string | null;

  @Field(() => String, { nullable: true })
  label!: string | null;

  @Field(() => String, { nullable: true })
  validFrom!: string | null;

  @Field(() => String, { nullable: true })
  validTo!: string | null;
}

@InputType('RepositoryEntryLifecycleVOInput', {
  description: 'A private lifecycle: validFrom and validTo as `yyyy-MM-ddTHH:mm:ss` (UTC) or ISO 8601 with a zone; key is ignored.',
})
export class RepositoryEntryLifecycleVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  softkey?: string | null;

  @Field(() => String, { nullable: true })
  label?: string | null;

  @Field(() => String, { nullable: true })
  validFrom?: string | null;

  @Field(() => String, { nullable: true })
  validTo?: string | null;
}

/** OpenOLAT's RepositoryEntryVO (catalogue 3.3). */
@ObjectType('RepositoryEntryVO')
export class RepositoryEntryVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  softkey!: string;

  @Field(() => String)
  resourcename!: string;

  @Field(() => String)
  displayname!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  teaser!: string | null;

  @Field(() => String, { nullable: true })
  @Extensions({ xmlAttribute: true })
  authors!: string | null;

  @Field(() => String, { nullable: true })
  @Extensions({ xmlAttribute: true })
  location!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true })
  externalRef!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags (catalogue 4.2), stored as received.' })
  managedFlags!: string | null;

  @Field(() => LongScalar)
  resourceableId!: number;

  @Field(() => String)
  resourceableTypeName!: string;

  @Field(() => LongScalar)
  olatResourceKey!: number;

  @Field(() => LongScalar)
  olatResourceId!: number;

  @Field(() => String)
  olatResourceTypeName!: string;

  @Field(() => String, { description: 'preparation, review, coachpublished, published, closed, trash or deleted.' })
  entryStatus!: string;

  @Field(() => RepositoryEntryLifecycleVO, { nullable: true })
  lifecycle!: RepositoryEntryLifecycleVO | null;
}

/** A page of repository entries (catalogue 3.3 RepositoryEntryVOes; OpenOLAT names the XML item `repositoryEntrie`). */
export const RepositoryEntryVOes = PageOf(RepositoryEntryVO, {
  name: 'RepositoryEntryVOes',
  xmlRoot: 'repositoryEntries',
  items: 'repositoryEntries',
  xmlItem: 'repositoryEntrie',
});
export type RepositoryEntryVOes = InstanceType<typeof RepositoryEntryVOes>;

/** OpenOLAT's CourseVO (catalogue 3.3): `key` is the course's OLAT resource id, not the entry key (`repoEntryKey`). */
@ObjectType('CourseVO')
export class CourseVO {
  @Field(() => LongScalar, { description: 'The course id (OLAT resource id), the {courseId} of /repo/courses/{courseId}.' })
  key!: number;

  @Field(() => String)
  softKey!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  teaser!: string | null;

  @Field(() => LongScalar)
  repoEntryKey!: number;

  @Field(() => String)
  repoEntryStatus!: string;

  @Field(() => LongScalar, { nullable: true })
  @Extensions({ xmlAttribute: true })
  organisationKey!: number | null;

  @Field(() => String, { nullable: true })
  @Extensions({ xmlAttribute: true })
  authors!: string | null;

  @Field(() => String, { nullable: true })
  @Extensions({ xmlAttribute: true })
  location!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true })
  externalRef!: string | null;

  @Field(() => String, { nullable: true })
  managedFlags!: string | null;

  @Field(() => LongScalar)
  olatResourceKey!: number;

  @Field(() => LongScalar)
  olatResourceId!: number;

  @Field(() => String)
  olatResourceTypeName!: string;

  @Field(() => String, { nullable: true, description: 'The long title of the root node.' })
  title!: string | null;

  @Field(() => String, { nullable: true })
  editorRootNodeId!: string | null;

  @Field(() => String, { description: '`condition` (classic) or `learningpath`.' })
  nodeAccessType!: string;

  @Field(() => RepositoryEntryLifecycleVO, { nullable: true })
  lifecycle!: RepositoryEntryLifecycleVO | null;
}

/** A page of courses (catalogue 3.3 CourseVOes). */
export const CourseVOes = PageOf(CourseVO, { name: 'CourseVOes', xmlRoot: 'courses', items: 'courses', xmlItem: 'course' });
export type CourseVOes = InstanceType<typeof CourseVOes>;

@InputType('CourseVOInput', {
  description:
    'A new course: a CourseVO body (key, repoEntryKey, olatResource* and editorRootNodeId are ignored), or on REST the query parameters of PUT /repo/courses without a body (shortTitle, status, access, membersOnly, publicVisible, setAuthor, initialAuthor are those of the query form).',
})
export class CourseVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true, description: 'At most 30 characters; generated when absent.' })
  softKey?: string | null;

  @Field(() => String, { nullable: true, description: 'Defaults to the title.' })
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true })
  teaser?: string | null;

  @Field(() => LongScalar, { nullable: true })
  repoEntryKey?: number | null;

  @Field(() => String, { nullable: true, description: 'The status of a CourseVO body.' })
  repoEntryStatus?: string | null;

  @Field(() => LongScalar, { nullable: true, description: 'Default: the default organisation.' })
  organisationKey?: number | null;

  @Field(() => String, { nullable: true })
  authors?: string | null;

  @Field(() => String, { nullable: true })
  location?: string | null;

  @Field(() => String, { nullable: true })
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  externalRef?: string | null;

  @Field(() => String, { nullable: true })
  managedFlags?: string | null;

  @Field(() => LongScalar, { nullable: true })
  olatResourceKey?: number | null;

  @Field(() => LongScalar, { nullable: true })
  olatResourceId?: number | null;

  @Field(() => String, { nullable: true })
  olatResourceTypeName?: string | null;

  @Field(() => String, { nullable: true, description: 'The long title of the root node.' })
  title?: string | null;

  @Field(() => String, { nullable: true })
  editorRootNodeId?: string | null;

  @Field(() => String, { nullable: true, description: '`condition` (default) or `learningpath`.' })
  nodeAccessType?: string | null;

  @Field(() => RepositoryEntryLifecycleVOInput, { nullable: true })
  lifecycle?: RepositoryEntryLifecycleVOInput | null;

  @Field(() => String, { nullable: true, description: 'The short title of the root node; default: the title.' })
  shortTitle?: string | null;

  @Field(() => String, { nullable: true, description: 'The status (query form); wins over access and membersOnly.' })
  status?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Legacy access: 0 trash, 1 preparation (published with membersOnly), 2 review, 3 or 4 published (4: public).',
  })
  access?: number | null;

  @Field(() => Boolean, { nullable: true })
  membersOnly?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Published courses that are public are seen by every user.' })
  publicVisible?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Default true: initialAuthor, or the caller when it names no one, is the only owner; false: the course has no owner.',
  })
  setAuthor?: boolean | null;

  @Field(() => LongScalar, { nullable: true, description: 'The owner instead of the caller (with setAuthor); a key that names no one is ignored.' })
  initialAuthor?: number | null;

  @Field(() => String, { nullable: true, description: 'Metadata: the learning objectives.' })
  objectives?: string | null;

  @Field(() => String, { nullable: true, description: 'Metadata: the requirements.' })
  requirements?: string | null;

  @Field(() => String, { nullable: true, description: 'Metadata: the credits.' })
  credits?: string | null;

  @Field(() => String, { nullable: true, description: 'Metadata: the expenditure of work.' })
  expenditureOfWork?: string | null;

  @Field(() => String, { nullable: true, description: 'The softkey of the resource folder the course shares (course configuration sharedFolderSoftkey).' })
  sharedFolderSoftKey?: string | null;

  @Field(() => LongScalar, {
    nullable: true,
    description:
      'The course to copy (one the caller manages), by its id (OLAT resource id) or else its repository entry key: its structure, elements and files, not its members.',
  })
  copyFrom?: number | null;
}

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
@ObjectType('CourseNodeVO')
export class CourseNodeVO {
  @Field(() => String, { description: 'The node ident.' })
  id!: string;

  @Field(() => Int, { nullable: true, description: 'Place among the siblings, from 0.' })
  position!: number | null;

  @Field(() => String, { nullable: true, description: 'The parent node ident; null for the root.' })
  parentId!: string | null;

  @Field(() => String, { nullable: true })
  shortTitle!: string | null;

  @Field(() => String, { description: 'The node type: `st` (structure) or `sp` (single page).' })
  shortName!: string;

  @Field(() => String, { nullable: true })
  longTitle!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  objectives!: string | null;

  @Field(() => String, { nullable: true })
  instruction!: string | null;

  @Field(() => String, { nullable: true })
  instructionalDesign!: string | null;

  @Field(() => String, { nullable: true, description: 'A structure node’s display: toc, peekview, file or none (GraphQL only).' })
  @Extensions({ rest: false })
  displayType!: string | null;

  @Field(() => String, { nullable: true, description: 'The path of the node’s HTML page in the course folder (GraphQL only).' })
  @Extensions({ rest: false })
  pageFile!: string | null;

  @Field(() => String, { nullable: true, description: 'The expert rule that decides who sees the node, if it has one (GraphQL only).' })
  @Extensions({ rest: false })
  visibilityExpertRules!: string | null;

  @Field(() => String, { nullable: true, description: 'The expert rule that decides who may open the node, if it has one (GraphQL only).' })
  @Extensions({ rest: false })
  accessExpertRules!: string | null;

  /** The entry the node belongs to, for the page field. */
  entryKey!: number;
}

@InputType('CourseNodeInput', {
  description:
    'A new or changed course element. On REST the query parameters of PUT …/elements/structure|singlepage, or the fields of a multipart form whose file part (named `file`, or any other name such as `path` as importers send it) is the HTML page.',
})
export class CourseNodeInput {
  @Field(() => String, { nullable: true, description: 'The parent node ident of a new element; none: the root of the editor tree.' })
  parentNodeId?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'New elements: the place among the siblings, from 0 (the others move down); none or negative: the last place.',
  })
  position?: number | null;

  @Field(() => String, { nullable: true, description: 'Default for a new element: `undefined`, as in OpenOLAT.' })
  shortTitle?: string | null;

  @Field(() => String, { nullable: true, description: 'Default for a new element: `undefined`, as in OpenOLAT.' })
  longTitle?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true })
  objectives?: string | null;

  @Field(() => String, { nullable: true })
  instruction?: string | null;

  @Field(() => String, { nullable: true })
  instructionalDesign?: string | null;

  @Field(() => String, { nullable: true, description: 'Structure nodes: toc (default), peekview, file or none.' })
  displayType?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'An expert rule (OpenOLAT condition syntax, e.g. isInGroup("A")) deciding who sees the element; stored as given, not evaluated here.',
  })
  visibilityExpertRules?: string | null;

  @Field(() => String, { nullable: true, description: 'An expert rule deciding who may open the element; stored as given, not evaluated here.' })
  accessExpertRules?: string | null;

  @Field(() => String, { nullable: true, description: 'The name the uploaded page is stored under in the course folder (default: the uploaded file’s name).' })
  filename?: string | null;

  @Field(() => String, { nullable: true, description: 'The path of a page already in the course folder (instead of an upload).' })
  path?: string | null;

  @Field(() => Base64Scalar, { nullable: true, description: 'The HTML page.' })
  file?: Buffer | null;
}

@ObjectType('CourseTreeXmlVO', {
  implements: FileVO,
  description: 'A course tree as OpenOLAT’s XStream XML (runstructure.xml or editortreemodel.xml); on REST the XML itself.',
})
export class CourseTreeXmlVO extends FileVO {
  @Field(() => LongScalar)
  courseKey!: number;
}
