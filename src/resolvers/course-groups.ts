import { Arg, Args, ArgsType, Ctx, Directive, Extensions, Field, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { CourseKeyArgs } from '../schema/arguments';
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
import { LongScalar } from '../schema/scalars';
import { UserVO } from '../schema/users';
import { ORGANISATION_ADMINS } from '../access/roles';

@ArgsType()
class CoursesOfUserArgs {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => Int, { nullable: true, description: 'first row of the page (REST: with pagingspec=1.0 only)' })
  start?: number | null;

  @Field(() => Int, { nullable: true, description: 'rows of the page; none: every row from start' })
  limit?: number | null;
}

const MANAGERS = 'Administrators and learning resource managers of the course’s organisation, and its owners.';
const GROUP_MANAGERS_TOO = 'Group managers, administrators and learning resource managers of the course’s organisation, and its owners.';
const PERSON = 'The person and their user managers.';

/** GraphQL-only edges of a course: its members, its groups (the element trees are in src/resolvers/courses.ts). */
@Resolver(() => CourseVO)
export class CourseEdgesResolver {
  @FieldResolver(() => [UserVO], {
    nullable: true,
    description: `A page of the direct owners (authors); read for every course of the answer at once (GraphQL only). ${MANAGERS}`,
  })
  @Extensions({ rest: false })
  owners(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, course.repoEntryKey, EntryRole.owner, page);
  }

  @FieldResolver(() => [UserVO], {
    nullable: true,
    description: `A page of the direct coaches (tutors); those of the course's groups are in groups (GraphQL only). ${MANAGERS}`,
  })
  @Extensions({ rest: false })
  coaches(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, course.repoEntryKey, EntryRole.coach, page);
  }

  @FieldResolver(() => [UserVO], {
    nullable: true,
    description: `A page of the direct participants; those of the course's groups are in groups (GraphQL only). ${MANAGERS}`,
  })
  @Extensions({ rest: false })
  participants(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, course.repoEntryKey, EntryRole.participant, page);
  }

  @FieldResolver(() => OrganisationVO, {
    nullable: true,
    description: 'The organisation, as GET /organisations/{organisationKey}: for organisation administrators (GraphQL only).',
  })
  @Extensions({ rest: false })
  @Directive(auth(...ORGANISATION_ADMINS))
  organisation(@Ctx() ctx: RequestContext, @Root() course: CourseVO): Promise<OrganisationVO | null> {
    return organisations.organisationOf(ctx, course.organisationKey);
  }

  @FieldResolver(() => [GroupVO], {
    nullable: true,
    description:
      'A page of the groups linked to the course, for whoever sees the course and group managers; read for every course of the answer at once (GraphQL only).',
  })
  @Extensions({ rest: false })
  groups(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<GroupVO[]> {
    return courseGroups.groupsOfCourse(ctx, course.repoEntryKey, page);
  }
}

/** GraphQL-only edges of a repository entry: its course, its members (as a course's, by the rules of GET /repo/entries/{k}/owners|coaches|participants). */
@Resolver(() => RepositoryEntryVO)
export class RepositoryEntryEdgesResolver {
  @FieldResolver(() => CourseVO, {
    nullable: true,
    description:
      'The course, when the entry is one (else null), as GET /repo/courses/{courseId}: for whoever sees it; read for every entry of the answer at once (GraphQL only).',
  })
  @Extensions({ rest: false })
  course(@Ctx() ctx: RequestContext, @Root() entry: RepositoryEntryVO): Promise<CourseVO | null> {
    return courses.courseOfEntry(ctx, entry.key);
  }

  @FieldResolver(() => [UserVO], {
    nullable: true,
    description: `A page of the owners; read for every entry of the answer at once (GraphQL only). ${MANAGERS}`,
  })
  @Extensions({ rest: false })
  owners(@Ctx() ctx: RequestContext, @Root() entry: RepositoryEntryVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, entry.key, EntryRole.owner, page);
  }

  @FieldResolver(() => [UserVO], { nullable: true, description: `A page of the coaches (GraphQL only). ${MANAGERS}` })
  @Extensions({ rest: false })
  coaches(@Ctx() ctx: RequestContext, @Root() entry: RepositoryEntryVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, entry.key, EntryRole.coach, page);
  }

  @FieldResolver(() => [UserVO], { nullable: true, description: `A page of the participants (GraphQL only). ${MANAGERS}` })
  @Extensions({ rest: false })
  participants(@Ctx() ctx: RequestContext, @Root() entry: RepositoryEntryVO, @Args() page: EdgePageArgs): Promise<UserVO[]> {
    return courseGroups.membersOfCourse(ctx, entry.key, EntryRole.participant, page);
  }
}

@Resolver()
export class CourseGroupResolver {
  @Query(() => [GroupVO], { description: 'The groups linked to the course: for whoever sees the course, and group managers.' })
  @Directive(auth())
  courseGroups(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<GroupVO[]> {
    return courseGroups.listCourseGroups(ctx, courseKey);
  }

  @Query(() => GroupVO, {
    description: `A group of the course (NOT_FOUND when it is not linked to it): members of the group, and ${GROUP_MANAGERS_TOO.toLowerCase()}`,
  })
  @Directive(auth())
  courseGroup(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs, @Arg('groupKey', () => LongScalar) groupKey: number): Promise<GroupVO> {
    return courseGroups.getCourseGroup(ctx, courseKey, groupKey);
  }

  @Mutation(() => GroupVO, {
    description: `A new group in the course; a body with a key > 0 links that existing group instead. Answers the group. ${GROUP_MANAGERS_TOO}`,
  })
  @Directive(auth())
  @Managed(managedCourseGroups, 'groups')
  createCourseGroup(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs, @Arg('group', () => GroupVOInput) group: GroupVOInput): Promise<GroupVO> {
    return courseGroups.createCourseGroup(ctx, courseKey, group);
  }

  @Mutation(() => Boolean, {
    description: `Links an existing group to the course: true when linked now, false when it was already (REST: 304). ${GROUP_MANAGERS_TOO} The caller manages the group too: group managers, or managers of every course it is linked to.`,
  })
  @Directive(auth())
  @Managed(managedCourseGroups, 'groups')
  linkCourseGroup(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs, @Arg('groupKey', () => LongScalar) groupKey: number): Promise<boolean> {
    return courseGroups.linkCourseGroup(ctx, courseKey, groupKey);
  }

  @Mutation(() => GroupVO, { description: `Updates a group of the course as updateGroup does. ${GROUP_MANAGERS_TOO}` })
  @Directive(auth())
  @Managed(managedGroup, null)
  updateCourseGroup(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('groupKey', () => LongScalar) groupKey: number,
    @Arg('group', () => GroupVOInput) group: GroupVOInput,
  ): Promise<GroupVO> {
    return courseGroups.updateCourseGroup(ctx, courseKey, groupKey, group);
  }

  @Mutation(() => Boolean, { description: `Deletes a group of the course (the group itself, as OpenOLAT does). ${GROUP_MANAGERS_TOO}` })
  @Directive(auth())
  @Managed(managedCourseGroups, 'groups')
  deleteCourseGroup(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs, @Arg('groupKey', () => LongScalar) groupKey: number): Promise<boolean> {
    return courseGroups.deleteCourseGroup(ctx, courseKey, groupKey);
  }

  @Query(() => CourseVOes, { description: `Courses where the person is owner, coach or participant, directly or through a group. ${PERSON}` })
  @Directive(auth())
  coursesOfUser(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit }: CoursesOfUserArgs): Promise<CourseVOes> {
    return myCourses.listCoursesOf(ctx, identityKey, 'my', pageRequest(start, limit));
  }

  @Query(() => CourseVOes, { description: `Courses the person coaches, directly or as coach of a group. ${PERSON}` })
  @Directive(auth())
  coursesTeachedByUser(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit }: CoursesOfUserArgs): Promise<CourseVOes> {
    return myCourses.listCoursesOf(ctx, identityKey, 'teached', pageRequest(start, limit));
  }

  @Query(() => CourseVOes, { description: `Courses the person owns. ${PERSON}` })
  @Directive(auth())
  coursesOwnedByUser(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit }: CoursesOfUserArgs): Promise<CourseVOes> {
    return myCourses.listCoursesOf(ctx, identityKey, 'owned', pageRequest(start, limit));
  }

  @Query(() => CourseVOes, { description: `Courses the person bookmarked. ${PERSON}` })
  @Directive(auth())
  favoriteCoursesOfUser(@Ctx() ctx: RequestContext, @Args() { identityKey, start, limit }: CoursesOfUserArgs): Promise<CourseVOes> {
    return myCourses.listCoursesOf(ctx, identityKey, 'favorite', pageRequest(start, limit));
  }

  @Mutation(() => Boolean, {
    description:
      'Gateway extension (GraphQL only; OpenOLAT’s REST API has no such endpoint): bookmarks a course the caller sees for the caller; false when it was bookmarked already.',
  })
  @Directive(auth())
  markCourseFavorite(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<boolean> {
    return myCourses.markFavorite(ctx, courseKey);
  }

  @Mutation(() => Boolean, {
    description: 'Gateway extension (GraphQL only): removes the caller’s bookmark of the course; false when there was none.',
  })
  @Directive(auth())
  unmarkCourseFavorite(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<boolean> {
    return myCourses.unmarkFavorite(ctx, courseKey);
  }

  @Query(() => [RepositoryEntryVO], { description: 'The learning resources placed in the organisation. Administrators and sysadmins of the organisation.' })
  @Directive(auth(...ORGANISATION_ADMINS))
  organisationEntries(@Ctx() ctx: RequestContext, @Arg('organisationKey', () => LongScalar) organisationKey: number): Promise<RepositoryEntryVO[]> {
    return listOrganisationEntries(ctx, organisationKey);
  }
}

export const courseGroupResolvers = [CourseEdgesResolver, RepositoryEntryEdgesResolver, CourseGroupResolver] as const;
