import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { Base64Scalar, LongScalar } from './scalars';

const FILE = 'The course export ZIP. On REST the multipart part `file`, streamed to a temporary file; on GraphQL Base64 (up to the GraphQL body limit).';

/** POST /repo/courses (multipart): a course export ZIP and how to create its entry (catalogue 2.4). */
@InputType('CourseImportInput', { description: 'A course export ZIP (OpenOLAT layout) with the fields of POST /repo/courses.' })
export class CourseImportInput {
  @Field(() => Base64Scalar, { nullable: true, description: FILE })
  file?: Buffer | null;

  @Field(() => String, { nullable: true, description: 'The name of the file; default: the name of the file part.' })
  filename?: string | null;

  @Field(() => Int, { nullable: true, description: 'Legacy access: 0 trash, 1 preparation (published with membersOnly), 2 review, 3 or 4 published.' })
  access?: number | null;

  @Field(() => String, { nullable: true, description: 'The status; wins over access. Default: preparation.' })
  status?: string | null;

  @Field(() => Boolean, { nullable: true })
  membersOnly?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Default: the softkey of export/repo.xml when no entry has it, else a new one.' })
  softkey?: string | null;

  @Field(() => String, { nullable: true, description: 'Default: the DisplayName of export/repo.xml.' })
  displayname?: string | null;

  @Field(() => LongScalar, { nullable: true, description: 'Default: the default organisation.' })
  organisationkey?: number | null;

  @Field(() => String, { nullable: true })
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  externalRef?: string | null;
}

/** PUT /repo/entries (multipart import, catalogue 2.3): for now only course exports are importable. */
@InputType('RepositoryEntryImportInput', { description: 'A learning resource export (a course export ZIP) with the fields of PUT /repo/entries.' })
export class RepositoryEntryImportInput {
  @Field(() => Base64Scalar, { nullable: true, description: FILE })
  file?: Buffer | null;

  @Field(() => String, { nullable: true, description: 'The name of the file; default: the name of the file part.' })
  filename?: string | null;

  @Field(() => String, { nullable: true, description: 'Default: the ResourceName of export/repo.xml.' })
  resourcename?: string | null;

  @Field(() => String, { nullable: true, description: 'Default: the DisplayName of export/repo.xml.' })
  displayname?: string | null;

  @Field(() => String, { nullable: true, description: 'Default: the softkey of export/repo.xml when no entry has it, else a new one.' })
  softkey?: string | null;

  @Field(() => Int, { nullable: true, description: 'Legacy access (see POST /repo/courses).' })
  access?: number | null;

  @Field(() => String, { nullable: true, description: 'The status; wins over access. Default: preparation.' })
  status?: string | null;

  @Field(() => String, { nullable: true })
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  externalRef?: string | null;

  @Field(() => LongScalar, { nullable: true, description: 'Default: the default organisation.' })
  organisationkey?: number | null;
}

/** Where a course's export ZIP is downloaded (GraphQL); REST answers the ZIP itself. */
@ObjectType('CourseExportVO', {
  description: 'The export ZIP of a course: GET it from `path` (REST, with the same credentials); it is made as it is downloaded.',
})
export class CourseExportVO {
  @Field(() => LongScalar, { description: 'The course id (OLAT resource id).' })
  courseKey!: number;

  @Field(() => LongScalar)
  repoEntryKey!: number;

  @Field(() => String, { description: 'The REST path of the ZIP, e.g. /restapi/repo/courses/{courseId}/file.' })
  path!: string;

  @Field(() => String)
  filename!: string;

  @Field(() => String)
  contentType!: string;
}
