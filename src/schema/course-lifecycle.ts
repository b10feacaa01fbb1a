import { Field, ObjectType } from 'type-graphql';
import { ENTRY_NAMES, ENTRY_RESOURCE, RepositoryEntryLifecycleVO, RepositoryEntryLifecycleVOInput } from './courses';
import { FileVO } from './files';
import { Base64Scalar, LongScalar } from './scalars';
import { bool, field, inputType, int, long, objectType, text, wireType } from './wire-shape';

/** OpenOLAT's RepositoryEntryEducationalTypeVO (catalogue 3.3). */
export const [RepositoryEntryEducationalTypeVO, RepositoryEntryEducationalTypeVOInput] = wireType(
  { name: 'RepositoryEntryEducationalTypeVO', inputDescription: 'Looked up by key; this gateway keeps no educational types, so the type is cleared.' },
  {
    key: long.nullable,
    identifier: text.nullable,
    predefined: bool.nullable,
    cssClass: text.nullable,
  },
);
export type RepositoryEntryEducationalTypeVO = InstanceType<typeof RepositoryEntryEducationalTypeVO>;
export type RepositoryEntryEducationalTypeVOInput = InstanceType<typeof RepositoryEntryEducationalTypeVOInput>;

/** OpenOLAT's RepositoryEntryMetadataVO (catalogue 3.3). */
export const [RepositoryEntryMetadataVO, RepositoryEntryMetadataVOInput] = wireType(
  {
    name: 'RepositoryEntryMetadataVO',
    inputDescription:
      'New metadata: every field listed below is written, absent ones as null (displayname keeps its value when absent). key must be the entry’s if sent (else BAD_REQUEST); externalId, managedFlags, technicalType and the resource fields are ignored.',
  },
  {
    ...ENTRY_NAMES,
    mainLanguage: text.nullable.managed('details'),
    objectives: text.nullable.managed('objectives'),
    requirements: text.nullable.managed('requirements'),
    credits: text.nullable.managed('credits'),
    expenditureOfWork: text.nullable.managed('details'),
    authors: text.nullable.managed('details'),
    location: text.nullable.managed('location'),
    technicalType: text.nullable.describe('Always null: this gateway keeps no technical types.'),
    externalId: text.nullable,
    externalRef: text.nullable.managed('details'),
    managedFlags: text.nullable,
    ...ENTRY_RESOURCE,
    lifecycle: field<RepositoryEntryLifecycleVO>(() => RepositoryEntryLifecycleVO)
      .nullable.describeInput('Absent: the entry’s lifecycle is removed.')
      .takes<RepositoryEntryLifecycleVOInput>(() => RepositoryEntryLifecycleVOInput),
    educationalType: field<RepositoryEntryEducationalTypeVO>(() => RepositoryEntryEducationalTypeVO).nullable.takes<RepositoryEntryEducationalTypeVOInput>(
      () => RepositoryEntryEducationalTypeVOInput,
    ),
  },
);
export type RepositoryEntryMetadataVO = InstanceType<typeof RepositoryEntryMetadataVO>;
export type RepositoryEntryMetadataVOInput = InstanceType<typeof RepositoryEntryMetadataVOInput>;

export const EntryStatusChangeInput = inputType(
  { name: 'EntryStatusChangeInput', description: 'On REST the form field (or query parameter) newStatus.' },
  {
    newStatus: text.describe(
      'closed (close), unclosed (back to published), deleted (to the trash), restored (from the trash), or a status name; other values change nothing.',
    ),
  },
);
export type EntryStatusChangeInput = InstanceType<typeof EntryStatusChangeInput>;

/** OpenOLAT's OlatResourceVO (catalogue 3.3). */
export const OlatResourceVO = objectType(
  { name: 'OlatResourceVO' },
  {
    key: long,
    resourceableId: long,
    resourceableTypeName: text,
  },
);
export type OlatResourceVO = InstanceType<typeof OlatResourceVO>;

/** OpenOLAT's CourseConfigVO (catalogue 3.3), whose XML root is `courseVO` like CourseVO's. */
export const [CourseConfigVO, CourseConfigVOInput] = wireType(
  {
    name: 'CourseConfigVO',
    extensions: { xmlRoot: 'courseVO' },
    inputDescription:
      'The fields sent are changed, the others kept. On REST a CourseConfigVO (PUT) or the form fields calendar, chat, cssLayoutRef, efficencyStatement, glossarySoftkey, sharedFolderSoftkey (POST).',
  },
  {
    calendar: bool.nullable.managed('calendar'),
    chat: bool.nullable.managed('chat'),
    cssLayoutRef: text.nullable.managed('layout'),
    efficencyStatement: bool.nullable.describe('The efficiency statement is on (OpenOLAT’s spelling).').managed('efficencystatement'),
    glossarySoftkey: text.nullable.managed('glossary'),
    sharedFolderSoftKey: text.nullable.describeInput('The name in a CourseConfigVO.').managed('resourcefolder'),
    sharedFolderSoftkey: text.describeInput('The name of the form field.').managed('resourcefolder').inputOnly,
  },
);
export type CourseConfigVO = InstanceType<typeof CourseConfigVO>;
export type CourseConfigVOInput = InstanceType<typeof CourseConfigVOInput>;

@ObjectType('RepositoryEntryImageVO', { implements: FileVO, description: 'The teaser image of a repository entry or course (on REST the image itself).' })
export class RepositoryEntryImageVO extends FileVO {
  @Field(() => LongScalar)
  entryKey!: number;
}

export const RepositoryEntryImageUploadInput = inputType(
  { name: 'RepositoryEntryImageUploadInput', description: 'On REST the multipart form: part `file` (a JPEG, PNG or GIF image) and field `filename`.' },
  {
    file: field<Buffer>(() => Base64Scalar).required.describe('A JPEG, PNG or GIF image, recognised by its content; anything else is refused with CONFLICT.'),
    filename: text,
  },
);
export type RepositoryEntryImageUploadInput = InstanceType<typeof RepositoryEntryImageUploadInput>;

/** OpenOLAT's RepositoryEntryAccessVO (2018 on: status and the two public switches). */
export const [RepositoryEntryAccessVO, RepositoryEntryAccessVOInput] = wireType(
  {
    name: 'RepositoryEntryAccessVO',
    inputDescription:
      'What POST …/access writes: status (else the legacy access and membersOnly, else unchanged), allUsers and guests (absent: false, as OpenOLAT reads them).',
  },
  {
    repoEntryKey: long.describeInput('When given, the key of the addressed entry (else 400).'),
    status: text.describeInput('A status (catalogue 5.1).'),
    allUsers: bool,
    guests: bool,
    access: int.describeInput('Older versions: 0 trash, 1 owners (published with membersOnly), 2 review, 3 all users, 4 all users and guests.').inputOnly,
    membersOnly: bool.describeInput('Older versions, with access.').inputOnly,
  },
);
export type RepositoryEntryAccessVO = InstanceType<typeof RepositoryEntryAccessVO>;
export type RepositoryEntryAccessVOInput = InstanceType<typeof RepositoryEntryAccessVOInput>;
