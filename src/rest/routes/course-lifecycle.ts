import { DELETE, GET, HEAD, POST, PUT, PUT_OR_POST, type FamilyRoutes } from '../route';

const IMAGE = { file: { mediaTypes: ['image/jpeg', 'image/png', 'image/gif'] } };
const STATUS = { bodyArg: 'statusChange', formBody: true, queryBody: true };
const ENTRY = '/repo/entries/:entry';
const COURSE = '/repo/courses/:courseKey';

/**
 * The lifecycle of repository entries and courses (catalogue 2.3, 2.4): metadata, update, status,
 * public access, image, organisations, configuration, OLAT resource and search.
 */
export const courseLifecycle: FamilyRoutes = {
  routes: [
    GET('/repo/entries/search', 'Query.searchRepositoryEntries', 'Search the entries the caller sees by type, author and name (`*` wildcard)', {
      defaultFormat: 'json',
    }),
    POST(ENTRY, 'Mutation.updateRepositoryEntry', 'Update an entry: a RepositoryEntryVO, or a multipart form (file: new IMS content package)', {
      bodyArg: 'repositoryEntry',
      multipartBody: true,
      formBody: true,
      noContentWhenNull: true,
    }),
    GET(`${ENTRY}/metadata`, 'Query.repositoryEntryMetadata', 'The metadata of an entry'),
    ...PUT_OR_POST(`${ENTRY}/metadata`, 'Mutation.updateRepositoryEntryMetadata', 'Write the metadata of an entry (absent values as null)', {
      bodyArg: 'metadata',
    }),
    GET(`${COURSE}/metadata`, 'Query.courseMetadata', 'The metadata of a course'),
    ...PUT_OR_POST(`${COURSE}/metadata`, 'Mutation.updateCourseMetadata', 'Write the metadata of a course (absent values as null)', { bodyArg: 'metadata' }),
    ...PUT_OR_POST(
      `${ENTRY}/status`,
      'Mutation.changeRepositoryEntryStatus',
      'Change the status (newStatus: closed, unclosed, deleted, restored or a status)',
      STATUS,
    ),
    ...PUT_OR_POST(`${COURSE}/status`, 'Mutation.changeCourseStatus', 'Change the status of a course (newStatus as for entries)', STATUS),
    GET(
      `${ENTRY}/access`,
      'Query.repositoryEntryAccess',
      'Older versions: the status and public access (RepositoryEntryAccessVO); 403 where OpenOLAT answers 401',
    ),
    POST(
      `${ENTRY}/access`,
      'Mutation.updateRepositoryEntryAccess',
      'Older versions: write status, allUsers and guests as given (absent switches false; the access integer with membersOnly of older clients works too); 400 for another repoEntryKey or an unknown status',
      { bodyArg: 'access' },
    ),
    ...PUT_OR_POST(
      `${ENTRY}/access/public`,
      'Mutation.setRepositoryEntryPublicAccess',
      'Open or close the entry to all users and guests; 304 when nothing changed',
      {
        notModifiedWhenFalse: true,
      },
    ),
    GET(`${ENTRY}/image`, 'Query.repositoryEntryImage', 'The image of an entry; 304 when not modified since If-Modified-Since', IMAGE),
    HEAD(`${ENTRY}/image`, 'Query.repositoryEntryImage', 'Whether the entry has an image, and when it was stored', IMAGE),
    POST(
      `${ENTRY}/image`,
      'Mutation.uploadRepositoryEntryImage',
      'Upload the image (multipart part file, a JPEG, PNG or GIF; field filename); 409 when no image',
      {
        bodyArg: 'image',
        multipartBody: true,
      },
    ),
    GET(`${COURSE}/image`, 'Query.courseImage', 'The image of a course; 304 when not modified since If-Modified-Since', IMAGE),
    HEAD(`${COURSE}/image`, 'Query.courseImage', 'Whether the course has an image, and when it was stored', IMAGE),
    POST(`${COURSE}/image`, 'Mutation.uploadCourseImage', 'Upload the image of a course (multipart part file; field filename); 409 when no image', {
      bodyArg: 'image',
      multipartBody: true,
    }),
    GET(`${ENTRY}/organisations`, 'Query.repositoryEntryOrganisations', 'The organisations of an entry'),
    PUT(`${ENTRY}/organisations/:organisationKey`, 'Mutation.addRepositoryEntryOrganisation', 'Add the entry to an organisation; 304 when it is in it', {
      notModifiedWhenFalse: true,
    }),
    DELETE(`${ENTRY}/organisations/:organisationKey`, 'Mutation.removeRepositoryEntryOrganisation', 'Take the entry out of an organisation'),
    GET(`${COURSE}/organisations`, 'Query.courseOrganisations', 'The organisations of a course'),
    PUT(`${COURSE}/organisations/:organisationKey`, 'Mutation.addCourseOrganisation', 'Add the course to an organisation; 304 when it is in it', {
      notModifiedWhenFalse: true,
    }),
    DELETE(`${COURSE}/organisations/:organisationKey`, 'Mutation.removeCourseOrganisation', 'Take the course out of an organisation'),
    GET(`${COURSE}/resource`, 'Query.courseResource', 'The OLAT resource of a course'),
    GET(`${COURSE}/configuration`, 'Query.courseConfiguration', 'The configuration of a course (XML root courseVO)'),
    PUT(`${COURSE}/configuration`, 'Mutation.updateCourseConfiguration', 'Change the configuration of a course (CourseConfigVO)', {
      bodyArg: 'courseConfiguration',
    }),
    // OpenOLAT's @FormParam: Jersey takes the query parameters as the form when the request has none (its load-test client sends them so).
    POST(`${COURSE}/configuration`, 'Mutation.updateCourseConfiguration', 'Change the configuration of a course (form fields, or query parameters)', {
      bodyArg: 'courseConfiguration',
      formBody: true,
      queryBody: true,
    }),
  ],
};
