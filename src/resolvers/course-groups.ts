import { Arg, Args, Ctx, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery, OrganisationEdge } from './guards';
import { CourseGroupArgs, CourseKeyArgs, KeyArg, PersonPageArgs } from '../schema/arguments';
import * as courseGroups from '../courses/groups';
import { managedCourseGroups } from '../courses/groups';
import * as myCourses from '../courses/my-courses';
import * as courses from '../courses/service';
import { listOrganisationEntries } from '../courses/organisation-entries';
import type { RequestContext } from '../domain/context';
import { pageRequest } from '../domain/paging';
import { EntryRole } from '../entities/courses';
import { managedGroup } from '../groups/managed';
import { Managed } from '../managed/elements';
import * as organisations from '../organisations/service';
import { CourseVO, CourseVOes, RepositoryEntryVO } from '../schema/courses';
import { auth } from '../schema/directives';
import { GroupVO, GroupVOInput } from '../schema/groups';
import { OrganisationVO } from '../schema/organisations';
import { EdgePageArgs } from '../schema/paging';
import { UserVO } from '../schema/users';
import { ORGANISATION_ADMINS } from '../access/roles';

const MANAGERS = 'Administrators and learning resource managers of the course’s organisation, and its owners.';
const GROUP_MANAGERS_TOO = 'Group managers, administrators and learning resource managers of the course’s organisation, and its owners.';
const PERSON = 'The person and their user managers.';

/** GraphQL-only edges of a course: its members, its groups (the element trees are in src/resolvers/courses.ts). */
@Resolver(() => CourseVO)
export class CourseEdgesResolver {
  @Edge(() => [UserVO], {
    nullable: true,
    description: `A page of the direct owners (authors); read for every course of the answer at once (GraphQL only). ${MANAGERS}`,
  })
  owners(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, course.repoEntryKey, EntryRole.owner, page);
  }

  @Edge(() => [UserVO], {
    nullable: true,
    description: `A page of the direct coaches (tutors); those of the course's groups are in groups (GraphQL only). ${MANAGERS}`,
  })
  coaches(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, course.repoEntryKey, EntryRole.coach, page);
  }

  @Edge(() => [UserVO], {
    nullable: true,
    description: `A page of the direct participants; those of the course's groups are in groups (GraphQL only). ${MANAGERS}`,
  })
  participants(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, course.repoEntryKey, EntryRole.participant, page);
  }

  @OrganisationEdge()
  organisation(@Ctx() ctx: RequestContext, @Root() course: CourseVO): Promise<OrganisationVO | null> {
    return organisations.organisationOf(ctx, course.organisationKey);
  }

  @Edge(() => [GroupVO], {
    nullable: true,
    description:
      'A page of the groups linked to the course, for whoever sees the course and group managers; read for every course of the answer at once (GraphQL only).',
  })
  groups(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<GroupVO[]> {
    return courseGroups.groupsOfCourse(ctx, course.repoEntryKey, page);
  }
}

/** GraphQL-only edges of a repository entry: its course, its members (as a course's, by the rules of GET /repo/entries/{k}/owners|coaches|participants). */
@Resolver(() => RepositoryEntryVO)
export class RepositoryEntryEdgesResolver {
  @Edge(() => CourseVO, {
    nullable: true,
    description:
      'The course, when the entry is one (else null), as GET /repo/courses/{courseId}: for whoever sees it; read for every entry of the answer at once (GraphQL only).',
  })
  course(@Ctx() ctx: RequestContext, @Root() entry: RepositoryEntryVO): Promise<CourseVO | null> {
    return courses.courseOfEntry(ctx, entry.key);
  }

  @Edge(() => [UserVO], {
    nullable: true,
    description: `A page of the owners; read for every entry of the answer at once (GraphQL only). ${MANAGERS}`,
  })
  owners(@Ctx() ctx: RequestContext, @Root() entry: RepositoryEntryVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, entry.key, EntryRole.owner, page);
  }

  @Edge(() => [UserVO], { nullable: true, description: `A page of the coaches (GraphQL only). ${MANAGERS}` })
  coaches(@Ctx() ctx: RequestContext, @Root() entry: RepositoryEntryVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, entry.key, EntryRole.coach, page);
  }

  @Edge(() => [UserVO], { nullable: true, description: `A page of the participants (GraphQL only). ${MANAGERS}` })
  participants(@Ctx() ctx: RequestContext, @Root() entry: RepositoryEntryVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, entry.key, EntryRole.participant, page);
  }
}

@Resolver()
export class CourseGroupResolver {
  @GuardedQuery(() => [GroupVO], auth(), { description: 'The groups linked to the course: for whoever sees the course, and group managers.' })
  courseGroups(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<GroupVO[]> {
    return courseGroups.listCourseGroups(ctx, courseKey);
  }

  @GuardedQuery(() => GroupVO, auth(), {
    description: `A group of the course (NOT_FOUND when it is not linked to it): members of the group, and ${GROUP_MANAGERS_TOO.toLowerCase()}`,
  })
  courseGroup(@Ctx() ctx: RequestContext, @Args() { courseKey, groupKey }: CourseGroupArgs): Promise<GroupVO> {
    return courseGroups.getCourseGroup(ctx, courseKey, groupKey);
  }

  @GuardedMutation(() => GroupVO, auth(), {
    description: `A new group in the course; a body with a key > 0 links that existing group instead. Answers the group. ${GROUP_MANAGERS_TOO}`,
  })
  @Managed(managedCourseGroups, 'groups')
  createCourseGroup(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs, @Arg('group', () => GroupVOInput) group: GroupVOInput): Promise<GroupVO> {
    return courseGroups.createCourseGroup(ctx, courseKey, group);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: `Links an existing group to the course: true when linked now, false when it was already (REST: 304). ${GROUP_MANAGERS_TOO} The caller manages the group too: group managers, or managers of every course it is linked to.`,
  })
  @Managed(managedCourseGroups, 'groups')
  linkCourseGroup(@Ctx() ctx: RequestContext, @Args() { courseKey, groupKey }: CourseGroupArgs): Promise<boolean> {
    return courseGroups.linkCourseGroup(ctx, courseKey, groupKey);
  }

  @GuardedMutation(() => GroupVO, auth(), { description: `Updates a group of the course as updateGroup does. ${GROUP_MANAGERS_TOO}` })
  @Managed(managedGroup, null)
  updateCourseGroup(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey, groupKey }: CourseGroupArgs,
    @Arg('group', () => GroupVOInput) group: GroupVOInput,
  ): Promise<GroupVO> {
    return courseGroups.updateCourseGroup(ctx, courseKey, groupKey, group);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Deletes a group of the course (the group itself, as OpenOLAT does). ${GROUP_MANAGERS_TOO}` })
  @Managed(managedCourseGroups, 'groups')
  deleteCourseGroup(@Ctx() ctx: RequestContext, @Args() { courseKey, groupKey }: CourseGroupArgs): Promise<boolean> {
    return courseGroups.deleteCourseGroup(ctx, courseKey, groupKey);
  }

  @GuardedQuery(() => CourseVOes, auth(), { description: `Courses where the person is owner, coach or participant, directly or through a group. ${PERSON}` })
  coursesOfUser(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit }: PersonPageArgs): Promise<CourseVOes> {
    return myCourses.listCoursesOf(ctx, identityKey, 'my', pageRequest(start, limit));
  }

  @GuardedQuery(() => CourseVOes, auth(), { description: `Courses the person coaches, directly or as coach of a group. ${PERSON}` })
  coursesTeachedByUser(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit }: PersonPageArgs): Promise<CourseVOes> {
    return myCourses.listCoursesOf(ctx, identityKey, 'teached', pageRequest(start, limit));
  }

  @GuardedQuery(() => CourseVOes, auth(), { description: `Courses the person owns. ${PERSON}` })
  coursesOwnedByUser(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit }: PersonPageArgs): Promise<CourseVOes> {
    return myCourses.listCoursesOf(ctx, identityKey, 'owned', pageRequest(start, limit));
  }

  @GuardedQuery(() => CourseVOes, auth(), { description: `Courses the person bookmarked. ${PERSON}` })
  favoriteCoursesOfUser(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit }: PersonPageArgs): Promise<CourseVOes> {
    return myCourses.listCoursesOf(ctx, identityKey, 'favorite', pageRequest(start, limit));
  }

  @GuardedMutation(() => Boolean, auth(), {
    description:
      'Gateway extension (GraphQL only; OpenOLAT’s REST API has no such endpoint): bookmarks a course the caller sees for the caller; false when it was bookmarked already.',
  })
  markCourseFavorite(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<boolean> {
    return myCourses.markFavorite(ctx, courseKey);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: 'Gateway extension (GraphQL only): removes the caller’s bookmark of the course; false when there was none.',
  })
  unmarkCourseFavorite(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<boolean> {
    return myCourses.unmarkFavorite(ctx, courseKey);
  }

  @GuardedQuery(() => [RepositoryEntryVO], auth(...ORGANISATION_ADMINS), {
    description: 'The learning resources placed in the organisation. Administrators and sysadmins of the organisation.',
  })
  organisationEntries(@Ctx() ctx: RequestContext, @KeyArg('organisationKey') organisationKey: number): Promise<RepositoryEntryVO[]> {
    return listOrganisationEntries(ctx, organisationKey);
  }
}

export const courseGroupResolvers = [CourseEdgesResolver, RepositoryEntryEdgesResolver, CourseGroupResolver] as const;
