import { Arg, Args, ArgsType, Ctx, Field, Resolver, Root } from 'type-graphql';
import { Edge, GuardedMutation, GuardedQuery } from './guards';
import {
  CourseElementCreateArgs,
  CourseElementUpdateArgs,
  CourseKeyArgs,
  CourseMemberArgs,
  CourseNodeArgs,
  CoursePersonArgs,
  CourseRoleArgs,
  EntryArgs,
  EntryMemberArgs,
  EntryRoleArgs,
  MembersArg,
} from '../schema/arguments';
import { managedCourse } from '../courses/managed';
import { COURSE_CREATORS } from '../courses/policy';
import { EntryRole } from '../entities/courses';
import * as elements from '../courses/elements';
import * as courses from '../courses/service';
import type { RequestContext } from '../domain/context';
import { pageRequest } from '../domain/paging';
import { Managed } from '../managed/elements';
import { expandManagedFlags, parseManagedFlags } from '../managed/flags';
import { auth } from '../schema/directives';
import { CourseNodeVO, CourseTreeXmlVO, CourseVO, CourseVOInput, CourseVOes, RepositoryEntryVO, RepositoryEntryVOes } from '../schema/courses';
import { EdgePageArgs, PageRequestArgs } from '../schema/paging';
import { LongScalar } from '../schema/scalars';
import { UserVO, UserVOInput } from '../schema/users';

@ArgsType()
class EntryFilterArgs extends PageRequestArgs {
  @Field(() => Boolean, { nullable: true, description: 'only entries with (true) or without (false) managed flags' })
  managed?: boolean | null;

  @Field(() => String, { nullable: true })
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  externalRef?: string | null;
}

@ArgsType()
class EntriesArgs extends EntryFilterArgs {
  @Field(() => [String], { nullable: true, description: 'resource type names, e.g. CourseModule' })
  resourceType?: string[] | null;
}

@ArgsType()
class CoursesArgs extends EntryFilterArgs {
  @Field(() => LongScalar, { nullable: true })
  repositoryEntryKey?: number | null;
}

const VISIBLE =
  'Administrators and learning resource managers see the entries of their organisations, others those they are members of and the published public ones.';
const MANAGERS = 'Administrators and learning resource managers of the entry’s organisation, and its owners.';

@Resolver(() => CourseVO)
export class CourseResolver {
  @Edge(() => [String], { description: 'Every flag in effect: the flags set and everything they imply (GraphQL only).' })
  managedFlagsInEffect(@Root() course: CourseVO): string[] {
    return expandManagedFlags('course', parseManagedFlags('course', course.managedFlags));
  }

  @Edge(() => [CourseNodeVO], {
    nullable: true,
    description: `The editor tree, depth first (siblings by position; parentId links the nodes); one statement for any number of courses (GraphQL only). ${MANAGERS}`,
  })
  editorTree(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<CourseNodeVO[]> {
    return elements.courseTree(ctx, course.repoEntryKey, 'editor', page);
  }

  @Edge(() => [CourseNodeVO], { nullable: true, description: `The run tree as last published, depth first (GraphQL only). ${MANAGERS}` })
  runTree(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<CourseNodeVO[]> {
    return elements.courseTree(ctx, course.repoEntryKey, 'run', page);
  }

  @GuardedQuery(() => CourseVOes, auth(), { description: `Courses. ${VISIBLE}` })
  courses(@Ctx() ctx: RequestContext, @Args() { start, limit, managed, externalId, externalRef, repositoryEntryKey }: CoursesArgs): Promise<CourseVOes> {
    return courses.listCourses(ctx, { managed, externalId, externalRef, key: repositoryEntryKey }, pageRequest(start, limit));
  }

  @GuardedQuery(() => CourseVO, auth(), { description: `A course by its id (the OLAT resource id, CourseVO.key). ${VISIBLE}` })
  course(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<CourseVO> {
    return courses.getCourse(ctx, courseKey);
  }

  @GuardedMutation(() => CourseVO, auth(...COURSE_CREATORS), {
    description:
      'A new empty course with its root structure node (or a copy, copyFrom); its one owner: initialAuthor or the caller, nobody when setAuthor is false.',
  })
  createCourse(@Ctx() ctx: RequestContext, @Arg('course', () => CourseVOInput) course: CourseVOInput): Promise<CourseVO> {
    return courses.createCourse(ctx, course);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Deletes the course for good. ${MANAGERS}` })
  @Managed(managedCourse, 'delete')
  deleteCourse(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<boolean> {
    return courses.deleteEntry(ctx, { courseKey });
  }

  @GuardedQuery(() => [UserVO], auth(), { description: `The authors (owners), tutors (coaches) or participants of the course. ${MANAGERS}` })
  courseMembers(@Ctx() ctx: RequestContext, @Args() { courseKey, role }: CourseRoleArgs): Promise<UserVO[]> {
    return courses.listMembers(ctx, { courseKey }, courses.entryRoleOf(role));
  }

  @GuardedQuery(() => UserVO, auth(), { description: `The author (owner) of the course; NOT_FOUND when the person is none. ${MANAGERS}` })
  courseAuthor(@Ctx() ctx: RequestContext, @Args() { courseKey, identityKey }: CoursePersonArgs): Promise<UserVO> {
    return courses.getMember(ctx, { courseKey }, identityKey, EntryRole.owner);
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Adds the person to the list; a new author also gets the author role. ${MANAGERS}` })
  @Managed(managedCourse, 'membersmanagement')
  addCourseMember(@Ctx() ctx: RequestContext, @Args() { courseKey, role, identityKey }: CourseMemberArgs): Promise<boolean> {
    return courses.addMember(ctx, { courseKey }, identityKey, courses.entryRoleOf(role));
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Adds each listed user (only the keys are read; unknown users are skipped). ${MANAGERS}` })
  @Managed(managedCourse, 'membersmanagement')
  addCourseMembers(@Ctx() ctx: RequestContext, @Args() { courseKey, role }: CourseRoleArgs, @MembersArg() members: UserVOInput[]): Promise<boolean> {
    return courses.addMembers(ctx, { courseKey }, members, courses.entryRoleOf(role));
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Removes the person from the list. ${MANAGERS}` })
  @Managed(managedCourse, 'membersmanagement')
  removeCourseMember(@Ctx() ctx: RequestContext, @Args() { courseKey, role, identityKey }: CourseMemberArgs): Promise<boolean> {
    return courses.removeMember(ctx, { courseKey }, identityKey, courses.entryRoleOf(role));
  }
}

@Resolver(() => RepositoryEntryVO)
export class RepositoryEntryResolver {
  @Edge(() => [String], { description: 'Every flag in effect: the flags set and everything they imply (GraphQL only).' })
  managedFlagsInEffect(@Root() entry: RepositoryEntryVO): string[] {
    return expandManagedFlags('course', parseManagedFlags('course', entry.managedFlags));
  }

  @GuardedQuery(() => RepositoryEntryVOes, auth(), { description: `Repository entries. ${VISIBLE}` })
  repositoryEntries(
    @Ctx() ctx: RequestContext,
    @Args() { start, limit, managed, externalId, externalRef, resourceType }: EntriesArgs,
  ): Promise<RepositoryEntryVOes> {
    return courses.listEntries(ctx, { managed, externalId, externalRef, resourceTypes: resourceType }, pageRequest(start, limit));
  }

  @GuardedQuery(() => RepositoryEntryVO, auth(), { description: `An entry by its key, or else its softkey. ${VISIBLE}` })
  repositoryEntry(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<RepositoryEntryVO> {
    return courses.getEntry(ctx, entry);
  }

  @GuardedMutation(() => Boolean, auth(), {
    description: `Deletes the entry for good. ${MANAGERS} They need a global author, learning resource manager or administrator role too.`,
  })
  @Managed(managedCourse, 'delete')
  deleteRepositoryEntry(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<boolean> {
    return courses.deleteEntry(ctx, { entry });
  }

  @GuardedQuery(() => [UserVO], auth(), { description: `The owners, coaches or participants of the entry. ${MANAGERS}` })
  repositoryEntryMembers(@Ctx() ctx: RequestContext, @Args() { entry, role }: EntryRoleArgs): Promise<UserVO[]> {
    return courses.listMembers(ctx, { entry }, courses.entryRoleOf(role));
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Adds the person to the list; a new owner also gets the author role. ${MANAGERS}` })
  @Managed(managedCourse, 'membersmanagement')
  addRepositoryEntryMember(@Ctx() ctx: RequestContext, @Args() { entry, role, identityKey }: EntryMemberArgs): Promise<boolean> {
    return courses.addMember(ctx, { entry }, identityKey, courses.entryRoleOf(role));
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Adds each listed user (only the keys are read; unknown users are skipped). ${MANAGERS}` })
  @Managed(managedCourse, 'membersmanagement')
  addRepositoryEntryMembers(@Ctx() ctx: RequestContext, @Args() { entry, role }: EntryRoleArgs, @MembersArg() members: UserVOInput[]): Promise<boolean> {
    return courses.addMembers(ctx, { entry }, members, courses.entryRoleOf(role));
  }

  @GuardedMutation(() => Boolean, auth(), { description: `Removes the person from the list. ${MANAGERS}` })
  @Managed(managedCourse, 'membersmanagement')
  removeRepositoryEntryMember(@Ctx() ctx: RequestContext, @Args() { entry, role, identityKey }: EntryMemberArgs): Promise<boolean> {
    return courses.removeMember(ctx, { entry }, identityKey, courses.entryRoleOf(role));
  }
}

const ELEMENT_MANAGERS = 'Administrators and learning resource managers of the course’s organisation, and its owners.';

@Resolver(() => CourseNodeVO)
export class CourseNodeResolver {
  @Edge(() => String, { nullable: true, description: 'The text of the element’s HTML page, if it has one (GraphQL only).' })
  page(@Ctx() ctx: RequestContext, @Root() node: CourseNodeVO): Promise<string | null> {
    return elements.pageText(ctx, node);
  }

  @GuardedQuery(() => CourseNodeVO, auth(), {
    description: `A node of the course’s editor tree; NOT_FOUND when the course has none with that id. ${ELEMENT_MANAGERS}`,
  })
  courseElement(@Ctx() ctx: RequestContext, @Args() { courseKey, nodeId }: CourseNodeArgs): Promise<CourseNodeVO> {
    return elements.getElement(ctx, courseKey, nodeId);
  }

  @GuardedMutation(() => CourseNodeVO, auth(), {
    description: `A new structure element in the editor tree below parentNodeId (none: the root), at position among its siblings (the others move down) or last. ${ELEMENT_MANAGERS}`,
  })
  @Managed(managedCourse, 'editcontent')
  addStructureElement(@Ctx() ctx: RequestContext, @Args() { courseKey, element }: CourseElementCreateArgs): Promise<CourseNodeVO> {
    return elements.createElement(ctx, courseKey, elements.STRUCTURE, element);
  }

  @GuardedMutation(() => CourseNodeVO, auth(), {
    description: `Changes the fields sent of a structure element (a new file replaces its page). ${ELEMENT_MANAGERS}`,
  })
  @Managed(managedCourse, 'editcontent')
  updateStructureElement(@Ctx() ctx: RequestContext, @Args() { courseKey, nodeId, element }: CourseElementUpdateArgs): Promise<CourseNodeVO> {
    return elements.updateElement(ctx, courseKey, elements.STRUCTURE, nodeId, element);
  }

  @GuardedMutation(() => CourseNodeVO, auth(), {
    description: `A new single-page element showing the uploaded HTML page (stored in the course folder) or a page already there (path). ${ELEMENT_MANAGERS}`,
  })
  @Managed(managedCourse, 'editcontent')
  addSinglePageElement(@Ctx() ctx: RequestContext, @Args() { courseKey, element }: CourseElementCreateArgs): Promise<CourseNodeVO> {
    return elements.createElement(ctx, courseKey, elements.SINGLE_PAGE, element);
  }

  @GuardedMutation(() => CourseNodeVO, auth(), {
    description: `Changes the fields sent of a single-page element; a new file replaces its page. ${ELEMENT_MANAGERS}`,
  })
  @Managed(managedCourse, 'editcontent')
  updateSinglePageElement(@Ctx() ctx: RequestContext, @Args() { courseKey, nodeId, element }: CourseElementUpdateArgs): Promise<CourseNodeVO> {
    return elements.updateElement(ctx, courseKey, elements.SINGLE_PAGE, nodeId, element);
  }

  @GuardedMutation(() => CourseVO, auth(), {
    description: `Publishes the course: its run tree becomes a copy of the editor tree; status sets the entry's status. ${ELEMENT_MANAGERS}`,
  })
  publishCourse(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('status', () => String, {
      nullable: true,
      description: 'The entry status after publishing, e.g. published; absent or no status name: preparation, as in OpenOLAT.',
    })
    status?: string | null,
    @Arg('locale', () => String, { nullable: true, description: 'The language of OpenOLAT’s publishing messages; the gateway writes none.' })
    _locale?: string | null,
  ): Promise<CourseVO> {
    return elements.publishCourse(ctx, courseKey, status);
  }

  @GuardedQuery(() => CourseTreeXmlVO, auth(), { description: `The run tree (as last published) as OpenOLAT's runstructure.xml. ${ELEMENT_MANAGERS}` })
  courseRunStructure(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<CourseTreeXmlVO> {
    return elements.runStructure(ctx, courseKey);
  }

  @GuardedQuery(() => CourseTreeXmlVO, auth(), { description: `The editor tree as OpenOLAT's editortreemodel.xml. ${ELEMENT_MANAGERS}` })
  courseEditorTreeModel(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<CourseTreeXmlVO> {
    return elements.editorTreeModel(ctx, courseKey);
  }
}

export const courseResolvers = [CourseResolver, RepositoryEntryResolver, CourseNodeResolver] as const;
