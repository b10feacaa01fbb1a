import { Directive, Extensions, Field, InputType, Int, ObjectType } from 'type-graphql';
import { RepositoryEntryLifecycleVO, RepositoryEntryLifecycleVOInput } from './courses';
import { managed } from './directives';
import { FileVO } from './files';
import { Base64Scalar, LongScalar } from './scalars';

/** OpenOLAT's RepositoryEntryEducationalTypeVO (catalogue 3.3). */
@ObjectType('RepositoryEntryEducationalTypeVO')
export class RepositoryEntryEducationalTypeVO {
  @Field(() => LongScalar, { nullable: true })
  key!: number | null;

  @Field(() => String, { nullable: true })
  identifier!: string | null;

  @Field(() => Boolean, { nullable: true })
  predefined!: boolean | null;

  @Field(() => String, { nullable: true })
  cssClass!: string | null;
}

@InputType('RepositoryEntryEducationalTypeVOInput', { description: 'Looked up by key; this gateway keeps no educational types, so the type is cleared.' })
export class RepositoryEntryEducationalTypeVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  identifier?: string | null;

  @Field(() => Boolean, { nullable: true })
  predefined?: boolean | null;

  @Field(() => String, { nullable: true })
  cssClass?: string | null;
}

/** OpenOLAT's RepositoryEntryMetadataVO (catalogue 3.3). */
@ObjectType('RepositoryEntryMetadataVO')
export class RepositoryEntryMetadataVO {
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
  mainLanguage!: string | null;

  @Field(() => String, { nullable: true })
  objectives!: string | null;

  @Field(() => String, { nullable: true })
  requirements!: string | null;

  @Field(() => String, { nullable: true })
  credits!: string | null;

  @Field(() => String, { nullable: true })
  expenditureOfWork!: string | null;

  @Field(() => String, { nullable: true })
  authors!: string | null;

  @Field(() => String, { nullable: true })
  location!: string | null;

  @Field(() => String, { nullable: true, description: 'Always null: this gateway keeps no technical types.' })
  technicalType!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true })
  externalRef!: string | null;

  @Field(() => String, { nullable: true })
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

  @Field(() => RepositoryEntryLifecycleVO, { nullable: true })
  lifecycle!: RepositoryEntryLifecycleVO | null;

  @Field(() => RepositoryEntryEducationalTypeVO, { nullable: true })
  educationalType!: RepositoryEntryEducationalTypeVO | null;
}

@InputType('RepositoryEntryMetadataVOInput', {
  description:
    'New metadata: every field listed below is written, absent ones as null (displayname keeps its value when absent). key must be the entry’s if sent (else BAD_REQUEST); externalId, managedFlags, technicalType and the resource fields are ignored.',
})
export class RepositoryEntryMetadataVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  softkey?: string | null;

  @Field(() => String, { nullable: true })
  resourcename?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'title'))
  displayname?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  teaser?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'details'))
  mainLanguage?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'objectives'))
  objectives?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'requirements'))
  requirements?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'credits'))
  credits?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'details'))
  expenditureOfWork?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'details'))
  authors?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'location'))
  location?: string | null;

  @Field(() => String, { nullable: true })
  technicalType?: string | null;

  @Field(() => String, { nullable: true })
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'details'))
  externalRef?: string | null;

  @Field(() => String, { nullable: true })
  managedFlags?: string | null;

  @Field(() => LongScalar, { nullable: true })
  resourceableId?: number | null;

  @Field(() => String, { nullable: true })
  resourceableTypeName?: string | null;

  @Field(() => LongScalar, { nullable: true })
  olatResourceKey?: number | null;

  @Field(() => LongScalar, { nullable: true })
  olatResourceId?: number | null;

  @Field(() => String, { nullable: true })
  olatResourceTypeName?: string | null;

  @Field(() => RepositoryEntryLifecycleVOInput, { nullable: true, description: 'Absent: the entry’s lifecycle is removed.' })
  lifecycle?: RepositoryEntryLifecycleVOInput | null;

  @Field(() => RepositoryEntryEducationalTypeVOInput, { nullable: true })
  educationalType?: RepositoryEntryEducationalTypeVOInput | null;
}

@InputType('RepositoryEntryVOInput', {
  description:
    'POST /repo/entries/{k}: displayname, description, teaser, location, authors, externalId, externalRef and managedFlags are replaced (absent: null; displayname keeps its value when absent), lifecycle replaced (absent: removed), entryStatus changed as by …/status when sent. On REST also a multipart form whose part `file` replaces the content of an IMS content package (other entries: NOT_FOUND).',
})
export class RepositoryEntryVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  softkey?: string | null;

  @Field(() => String, { nullable: true })
  resourcename?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'title'))
  displayname?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  teaser?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'details'))
  authors?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'location'))
  location?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'details'))
  externalRef?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlags?: string | null;

  @Field(() => LongScalar, { nullable: true })
  resourceableId?: number | null;

  @Field(() => String, { nullable: true })
  resourceableTypeName?: string | null;

  @Field(() => LongScalar, { nullable: true })
  olatResourceKey?: number | null;

  @Field(() => LongScalar, { nullable: true })
  olatResourceId?: number | null;

  @Field(() => String, { nullable: true })
  olatResourceTypeName?: string | null;

  @Field(() => String, { nullable: true, description: 'A status name, or closed, unclosed, deleted, restored as for …/status.' })
  entryStatus?: string | null;

  @Field(() => RepositoryEntryLifecycleVOInput, { nullable: true })
  lifecycle?: RepositoryEntryLifecycleVOInput | null;

  @Field(() => Base64Scalar, { nullable: true, description: 'The new content of an IMS content package; empty: nothing is changed (REST 204).' })
  file?: Buffer | null;

  @Field(() => String, { nullable: true })
  filename?: string | null;
}

@InputType('EntryStatusChangeInput', { description: 'On REST the form field (or query parameter) newStatus.' })
export class EntryStatusChangeInput {
  @Field(() => String, {
    nullable: true,
    description:
      'closed (close), unclosed (back to published), deleted (to the trash), restored (from the trash), or a status name; other values change nothing.',
  })
  newStatus?: string | null;
}

/** OpenOLAT's OlatResourceVO (catalogue 3.3). */
@ObjectType('OlatResourceVO')
export class OlatResourceVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => LongScalar)
  resourceableId!: number;

  @Field(() => String)
  resourceableTypeName!: string;
}

/** OpenOLAT's CourseConfigVO (catalogue 3.3), whose XML root is `courseVO` like CourseVO's. */
@ObjectType('CourseConfigVO')
@Extensions({ xmlRoot: 'courseVO' })
export class CourseConfigVO {
  @Field(() => Boolean, { nullable: true })
  calendar!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  chat!: boolean | null;

  @Field(() => String, { nullable: true })
  cssLayoutRef!: string | null;

  @Field(() => Boolean, { nullable: true, description: 'The efficiency statement is on (OpenOLAT’s spelling).' })
  efficencyStatement!: boolean | null;

  @Field(() => String, { nullable: true })
  glossarySoftkey!: string | null;

  @Field(() => String, { nullable: true })
  sharedFolderSoftKey!: string | null;
}

@InputType('CourseConfigVOInput', {
  description:
    'The fields sent are changed, the others kept. On REST a CourseConfigVO (PUT) or the form fields calendar, chat, cssLayoutRef, efficencyStatement, glossarySoftkey, sharedFolderSoftkey (POST).',
})
export class CourseConfigVOInput {
  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'calendar'))
  calendar?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'chat'))
  chat?: boolean | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'layout'))
  cssLayoutRef?: string | null;

  @Field(() => Boolean, { nullable: true })
  @Directive(managed(null, 'efficencystatement'))
  efficencyStatement?: boolean | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'glossary'))
  glossarySoftkey?: string | null;

  @Field(() => String, { nullable: true, description: 'The name in a CourseConfigVO.' })
  @Directive(managed(null, 'resourcefolder'))
  sharedFolderSoftKey?: string | null;

  @Field(() => String, { nullable: true, description: 'The name of the form field.' })
  @Directive(managed(null, 'resourcefolder'))
  sharedFolderSoftkey?: string | null;
}

@ObjectType('RepositoryEntryImageVO', { implements: FileVO, description: 'The teaser image of a repository entry or course (on REST the image itself).' })
export class RepositoryEntryImageVO extends FileVO {
  @Field(() => LongScalar)
  entryKey!: number;
}

@InputType('RepositoryEntryImageUploadInput', { description: 'On REST the multipart form: part `file` (a JPEG, PNG or GIF image) and field `filename`.' })
export class RepositoryEntryImageUploadInput {
  @Field(() => Base64Scalar, { description: 'A JPEG, PNG or GIF image, recognised by its content; anything else is refused with CONFLICT.' })
  file!: Buffer;

  @Field(() => String, { nullable: true })
  filename?: string | null;
}

/** OpenOLAT's RepositoryEntryAccessVO (2018 on: status and the two public switches). */
@ObjectType('RepositoryEntryAccessVO')
export class RepositoryEntryAccessVO {
  @Field(() => LongScalar)
  repoEntryKey!: number;

  @Field(() => String)
  status!: string;

  @Field(() => Boolean)
  allUsers!: boolean;

  @Field(() => Boolean)
  guests!: boolean;
}

@InputType('RepositoryEntryAccessVOInput', {
  description:
    'What POST …/access writes: status (else the legacy access and membersOnly, else unchanged), allUsers and guests (absent: false, as OpenOLAT reads them).',
})
export class RepositoryEntryAccessVOInput {
  @Field(() => LongScalar, { nullable: true, description: 'When given, the key of the addressed entry (else 400).' })
  repoEntryKey?: number | null;

  @Field(() => String, { nullable: true, description: 'A status (catalogue 5.1).' })
  status?: string | null;

  @Field(() => Boolean, { nullable: true })
  allUsers?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  guests?: boolean | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Older versions: 0 trash, 1 owners (published with membersOnly), 2 review, 3 all users, 4 all users and guests.',
  })
  access?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Older versions, with access.' })
  membersOnly?: boolean | null;
}
