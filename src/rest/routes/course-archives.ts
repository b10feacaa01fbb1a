import { archiveLimits } from '../../courses/archive/staging';
import { GET, POST, PUT, type FamilyRoutes } from '../route';

/** Course archives are streamed to a temporary file, up to COURSE_UPLOAD_LIMIT_BYTES. */
const ARCHIVE_UPLOAD = {
  multipartBody: true,
  streamedUpload: { uploadLimitBytes: () => archiveLimits().uploadLimitBytes },
  noContentWhenNull: true,
};
const ZIP = { streamedAnswer: { mediaType: 'application/zip' } };

/** Import and export of course archives (OpenOLAT's course export ZIP; catalogue 2.3, 2.4). */
export const courseArchives: FamilyRoutes = {
  routes: [
    POST('/repo/courses', 'Mutation.importCourse', 'Import a course export ZIP (multipart part file) as a new course; 204 when the file is missing or empty', {
      bodyArg: 'courseArchive',
      ...ARCHIVE_UPLOAD,
    }),
    PUT(
      '/repo/entries',
      'Mutation.importRepositoryEntry',
      'Import a learning resource (a course export ZIP, multipart part file); 204 when the file is missing or empty',
      {
        bodyArg: 'entryArchive',
        ...ARCHIVE_UPLOAD,
      },
    ),
    GET('/repo/courses/:courseKey/file', 'Query.exportCourse', 'The course export ZIP (streamed)', ZIP),
    GET('/repo/entries/:entry/file', 'Query.exportRepositoryEntry', 'The export ZIP of the entry (a course; streamed)', ZIP),
  ],
};
