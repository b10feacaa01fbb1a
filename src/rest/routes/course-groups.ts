import { DELETE, GET, POST, PUT, type FamilyRoutes } from '../route';

const GROUPS = '/repo/courses/:courseKey/groups';

/**
 * Course groups (catalogue 2.2 "Course groups"), a person's courses (catalogue 2.1) and an
 * organisation's learning resources (catalogue 2.5). `:courseKey` is the course id (CourseVO.key).
 */
export const courseGroups: FamilyRoutes = {
  routes: [
    GET(GROUPS, 'Query.courseGroups', 'The groups linked to the course'),
    PUT(GROUPS, 'Mutation.createCourseGroup', 'Create a group in the course from a GroupVO (a body key > 0 links that existing group instead)', {
      bodyArg: 'group',
    }),
    POST(`${GROUPS}/new`, 'Mutation.createCourseGroup', 'Create a group in the course (legacy form of PUT …/groups)', { bodyArg: 'group' }),
    GET(
      `${GROUPS}/:groupKey`,
      'Query.courseGroup',
      'A group of the course (404 when it is not linked to the course; Last-Modified as GET /groups/{groupKey})',
      {
        conditional: true,
      },
    ),
    PUT(`${GROUPS}/:groupKey`, 'Mutation.linkCourseGroup', 'Link an existing group to the course (304 when linked already)', {
      notModifiedWhenFalse: true,
    }),
    POST(`${GROUPS}/:groupKey`, 'Mutation.updateCourseGroup', 'Update a group of the course from a GroupVO, as POST /groups/{groupKey}', {
      bodyArg: 'group',
    }),
    DELETE(`${GROUPS}/:groupKey`, 'Mutation.deleteCourseGroup', 'Delete a group of the course (the group itself, as OpenOLAT does)'),
    GET(
      '/users/:identityKey/courses/my',
      'Query.coursesOfUser',
      'Courses where the person is a member, directly or through a group (paged with pagingspec=1.0)',
      {
        paging: 'optional',
      },
    ),
    GET('/users/:identityKey/courses/teached', 'Query.coursesTeachedByUser', 'Courses the person coaches (paged with pagingspec=1.0)', { paging: 'optional' }),
    GET('/users/:identityKey/courses/owned', 'Query.coursesOwnedByUser', 'Courses the person owns (paged with pagingspec=1.0)', { paging: 'optional' }),
    GET('/users/:identityKey/courses/favorite', 'Query.favoriteCoursesOfUser', 'Courses the person bookmarked (paged with pagingspec=1.0)', {
      paging: 'optional',
    }),
    GET('/organisations/:organisationKey/entries', 'Query.organisationEntries', 'The learning resources of the organisation'),
  ],
  graphqlOnly: ['Mutation.markCourseFavorite', 'Mutation.unmarkCourseFavorite'],
};
