import { Base64Scalar } from './scalars';
import { bool, field, inputType, int, long, objectType, text } from './wire-shape';

const FILE = 'The course export ZIP. On REST the multipart part `file`, streamed to a temporary file; on GraphQL Base64 (up to the GraphQL body limit).';

/** POST /repo/courses (multipart): a course export ZIP and how to create its entry (catalogue 2.4). */
export const CourseImportInput = inputType(
  { name: 'CourseImportInput', description: 'A course export ZIP (OpenOLAT layout) with the fields of POST /repo/courses.' },
  {
    file: field<Buffer>(() => Base64Scalar).describe(FILE),
    filename: text.describe('The name of the file; default: the name of the file part.'),
    access: int.describe('Legacy access: 0 trash, 1 preparation (published with membersOnly), 2 review, 3 or 4 published.'),
    status: text.describe('The status; wins over access. Default: preparation.'),
    membersOnly: bool,
    softkey: text.describe('Default: the softkey of export/repo.xml when no entry has it, else a new one.'),
    displayname: text.describe('Default: the DisplayName of export/repo.xml.'),
    organisationkey: long.describe('Default: the default organisation.'),
    externalId: text,
    externalRef: text,
  },
);
export type CourseImportInput = InstanceType<typeof CourseImportInput>;

/** PUT /repo/entries (multipart import, catalogue 2.3): for now only course exports are importable. */
export const RepositoryEntryImportInput = inputType(
  { name: 'RepositoryEntryImportInput', description: 'A learning resource export (a course export ZIP) with the fields of PUT /repo/entries.' },
  {
    file: field<Buffer>(() => Base64Scalar).describe(FILE),
    filename: text.describe('The name of the file; default: the name of the file part.'),
    resourcename: text.describe('Default: the ResourceName of export/repo.xml.'),
    displayname: text.describe('Default: the DisplayName of export/repo.xml.'),
    softkey: text.describe('Default: the softkey of export/repo.xml when no entry has it, else a new one.'),
    access: int.describe('Legacy access (see POST /repo/courses).'),
    status: text.describe('The status; wins over access. Default: preparation.'),
    externalId: text,
    externalRef: text,
    organisationkey: long.describe('Default: the default organisation.'),
  },
);
export type RepositoryEntryImportInput = InstanceType<typeof RepositoryEntryImportInput>;

/** Where a course's export ZIP is downloaded (GraphQL); REST answers the ZIP itself. */
export const CourseExportVO = objectType(
  { name: 'CourseExportVO', description: 'The export ZIP of a course: GET it from `path` (REST, with the same credentials); it is made as it is downloaded.' },
  {
    courseKey: long.describe('The course id (OLAT resource id).'),
    repoEntryKey: long,
    path: text.describe('The REST path of the ZIP, e.g. /restapi/repo/courses/{courseId}/file.'),
    filename: text,
    contentType: text,
  },
);
export type CourseExportVO = InstanceType<typeof CourseExportVO>;
