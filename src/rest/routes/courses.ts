import { DELETE, GET, POST, PUT, VERSION, type FamilyRoutes } from '../route';

const TREE_XML = { file: { mediaTypes: ['application/xml'] } };
const ELEMENTS = '/repo/courses/:courseKey/elements';

/**
 * Repository entries and courses with their members (catalogue 2.3, 2.4). `:courseKey` is the
 * course id (its OLAT resource id, CourseVO.key); `:entry` is an entry key or, when it is no
 * entry's key, a softkey.
 */
export const courses: FamilyRoutes = {
  routes: [
    GET('/repo/courses', 'Query.courses', 'Courses the caller sees (paged with pagingspec=1.0)', { paging: 'optional' }),
    PUT('/repo/courses', 'Mutation.createCourse', 'Create an empty course: a CourseVO body, or the query parameters without a body', {
      bodyArg: 'course',
      queryBody: true,
    }),
    GET('/repo/courses/:courseKey', 'Query.course', 'Get a course by its id'),
    DELETE('/repo/courses/:courseKey', 'Mutation.deleteCourse', 'Delete a course'),
    GET('/repo/courses/:courseKey/:role', 'Query.courseMembers', 'Authors (owners), tutors (coaches) or participants of a course'),
    PUT('/repo/courses/:courseKey/:role', 'Mutation.addCourseMembers', 'Add the listed users as authors, tutors or participants', { bodyArg: 'members' }),
    GET('/repo/courses/:courseKey/authors/:identityKey', 'Query.courseAuthor', 'An author of a course (404 when the person is none)'),
    PUT('/repo/courses/:courseKey/:role/:identityKey', 'Mutation.addCourseMember', 'Add an author (who also gets the author role), tutor or participant'),
    DELETE('/repo/courses/:courseKey/:role/:identityKey', 'Mutation.removeCourseMember', 'Remove an author, tutor or participant'),
    GET('/repo/entries', 'Query.repositoryEntries', 'Repository entries the caller sees (paged with pagingspec=1.0)', {
      paging: 'optional',
      defaultFormat: 'json',
    }),
    GET('/repo/entries/:entry', 'Query.repositoryEntry', 'Get a repository entry by key or softkey (ETag "RepositoryEntry-{key}-{version}")', {
      conditional: true,
    }),
    DELETE('/repo/entries/:entry', 'Mutation.deleteRepositoryEntry', 'Delete a repository entry'),
    GET('/repo/entries/:entry/:role', 'Query.repositoryEntryMembers', 'Owners, coaches or participants of an entry'),
    PUT('/repo/entries/:entry/:role', 'Mutation.addRepositoryEntryMembers', 'Add the listed users as owners, coaches or participants', { bodyArg: 'members' }),
    PUT('/repo/entries/:entry/:role/:identityKey', 'Mutation.addRepositoryEntryMember', 'Add an owner (who also gets the author role), coach or participant'),
    DELETE('/repo/entries/:entry/:role/:identityKey', 'Mutation.removeRepositoryEntryMember', 'Remove an owner, coach or participant'),
    POST('/repo/courses/:courseKey/publish', 'Mutation.publishCourse', 'Publish the course (the run tree becomes the editor tree) and set its status'),
    GET('/repo/courses/:courseKey/runstructure', 'Query.courseRunStructure', 'The published run structure as XStream XML (runstructure.xml)', TREE_XML),
    GET('/repo/courses/:courseKey/editortreemodel', 'Query.courseEditorTreeModel', 'The editor tree as XStream XML (editortreemodel.xml)', TREE_XML),
    GET(`${ELEMENTS}/:nodeId`, 'Query.courseElement', 'A node of the editor tree'),
    PUT(`${ELEMENTS}/structure`, 'Mutation.addStructureElement', 'Add a structure element from query parameters', { bodyArg: 'element', queryBody: true }),
    POST(`${ELEMENTS}/structure`, 'Mutation.addStructureElement', 'Add a structure element from a multipart form (optional HTML page in the file part)', {
      bodyArg: 'element',
      multipartBody: true,
    }),
    POST(`${ELEMENTS}/structure/:nodeId`, 'Mutation.updateStructureElement', 'Change a structure element (multipart or HTML form, or query parameters)', {
      bodyArg: 'element',
      multipartBody: true,
      formBody: true,
      queryBody: true,
    }),
    PUT(
      `${ELEMENTS}/singlepage`,
      'Mutation.addSinglePageElement',
      'Add a single page: its HTML page in the multipart file part (named file, or e.g. path), or the query parameters with the path of a page in the course folder',
      { bodyArg: 'element', queryBody: true, multipartBody: true },
    ),
    POST(
      `${ELEMENTS}/singlepage`,
      'Mutation.addSinglePageElement',
      'Add a single page: its HTML page in the multipart file part (named file, or e.g. path), or an HTML form (or the query parameters) with the path of a page in the course folder',
      { bodyArg: 'element', queryBody: true, multipartBody: true, formBody: true },
    ),
    POST(`${ELEMENTS}/singlepage/:nodeId`, 'Mutation.updateSinglePageElement', 'Change a single page, optionally with a new HTML page (multipart form)', {
      bodyArg: 'element',
      multipartBody: true,
    }),
  ],
  openRoutes: [
    VERSION('/repo/courses/version', 'courses'),
    VERSION('/repo/entries/version', 'repository entries'),
    VERSION('/repo/courses/:courseKey/elements/version', 'course elements', '0.1'),
  ],
};
