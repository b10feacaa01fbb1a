import { Arg, Args, ArgsType, Ctx, Directive, Extensions, Field, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { CourseKeyArgs, EntryArgs } from '../schema/arguments';
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
import {
  CourseMemberRole,
  CourseNodeInput,
  CourseNodeVO,
  CourseTreeXmlVO,
  CourseVO,
  CourseVOInput,
  CourseVOes,
  EntryMemberRole,
  RepositoryEntryVO,
  RepositoryEntryVOes,
} from '../schema/courses';
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
  @FieldResolver(() => [String], { description: 'Every flag in effect: the flags set and everything they imply (GraphQL only).' })
  @Extensions({ rest: false })
  managedFlagsInEffect(@Root() course: CourseVO): string[] {
    return expandManagedFlags('course', parseManagedFlags('course', course.managedFlags));
  }

  @FieldResolver(() => [CourseNodeVO], {
    nullable: true,
    description: `The editor tree, depth first (siblings by position; parentId links the nodes); one statement for any number of courses (GraphQL only). ${MANAGERS}`,
  })
  @Extensions({ rest: false })
  editorTree(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<CourseNodeVO[]> {
    return elements.courseTree(ctx, course.repoEntryKey, 'editor', page);
  }

  @FieldResolver(() => [CourseNodeVO], { nullable: true, description: `The run tree as last published, depth first (GraphQL only). ${MANAGERS}` })
  @Extensions({ rest: false })
  runTree(@Ctx() ctx: RequestContext, @Root() course: CourseVO, @Args() page: EdgePageArgs): Promise<CourseNodeVO[]> {
    return elements.courseTree(ctx, course.repoEntryKey, 'run', page);
  }

  @Query(() => CourseVOes, { description: `Courses. ${VISIBLE}` })
  @Directive(auth())
  courses(@Ctx() ctx: RequestContext, @Args() { start, limit, managed, externalId, externalRef, repositoryEntryKey }: CoursesArgs): Promise<CourseVOes> {
    return courses.listCourses(ctx, { managed, externalId, externalRef, key: repositoryEntryKey }, pageRequest(start, limit));
  }

  @Query(() => CourseVO, { description: `A course by its id (the OLAT resource id, CourseVO.key). ${VISIBLE}` })
  @Directive(auth())
  course(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<CourseVO> {
    return courses.getCourse(ctx, courseKey);
  }

  @Mutation(() => CourseVO, {
    description:
      'A new empty course with its root structure node (or a copy, copyFrom); its one owner: initialAuthor or the caller, nobody when setAuthor is false.',
  })
  @Directive(auth(...COURSE_CREATORS))
  createCourse(@Ctx() ctx: RequestContext, @Arg('course', () => CourseVOInput) course: CourseVOInput): Promise<CourseVO> {
    return courses.createCourse(ctx, course);
  }

  @Mutation(() => Boolean, { description: `Deletes the course for good. ${MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, 'delete')
  deleteCourse(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<boolean> {
    return courses.deleteEntry(ctx, { courseKey });
  }

  @Query(() => [UserVO], { description: `The authors (owners), tutors (coaches) or participants of the course. ${MANAGERS}` })
  @Directive(auth())
  courseMembers(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('role', () => CourseMemberRole) role: CourseMemberRole,
  ): Promise<UserVO[]> {
    return courses.listMembers(ctx, { courseKey }, courses.entryRoleOf(role));
  }

  @Query(() => UserVO, { description: `The author (owner) of the course; NOT_FOUND when the person is none. ${MANAGERS}` })
  @Directive(auth())
  courseAuthor(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs, @Arg('identityKey', () => LongScalar) identityKey: number): Promise<UserVO> {
    return courses.getMember(ctx, { courseKey }, identityKey, EntryRole.owner);
  }

  @Mutation(() => Boolean, { description: `Adds the person to the list; a new author also gets the author role. ${MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, 'membersmanagement')
  addCourseMember(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('role', () => CourseMemberRole) role: CourseMemberRole,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<boolean> {
    return courses.addMember(ctx, { courseKey }, identityKey, courses.entryRoleOf(role));
  }

  @Mutation(() => Boolean, { description: `Adds each listed user (only the keys are read; unknown users are skipped). ${MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, 'membersmanagement')
  addCourseMembers(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('role', () => CourseMemberRole) role: CourseMemberRole,
    @Arg('members', () => [UserVOInput]) members: UserVOInput[],
  ): Promise<boolean> {
    return courses.addMembers(ctx, { courseKey }, members, courses.entryRoleOf(role));
  }

  @Mutation(() => Boolean, { description: `Removes the person from the list. ${MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, 'membersmanagement')
  removeCourseMember(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('role', () => CourseMemberRole) role: CourseMemberRole,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<boolean> {
    return courses.removeMember(ctx, { courseKey }, identityKey, courses.entryRoleOf(role));
  }
}

@Resolver(() => RepositoryEntryVO)
export class RepositoryEntryResolver {
  @FieldResolver(() => [String], { description: 'Every flag in effect: the flags set and everything they imply (GraphQL only).' })
  @Extensions({ rest: false })
  managedFlagsInEffect(@Root() entry: RepositoryEntryVO): string[] {
    return expandManagedFlags('course', parseManagedFlags('course', entry.managedFlags));
  }

  @Query(() => RepositoryEntryVOes, { description: `Repository entries. ${VISIBLE}` })
  @Directive(auth())
  repositoryEntries(
    @Ctx() ctx: RequestContext,
    @Args() { start, limit, managed, externalId, externalRef, resourceType }: EntriesArgs,
  ): Promise<RepositoryEntryVOes> {
    return courses.listEntries(ctx, { managed, externalId, externalRef, resourceTypes: resourceType }, pageRequest(start, limit));
  }

  @Query(() => RepositoryEntryVO, { description: `An entry by its key, or else its softkey. ${VISIBLE}` })
  @Directive(auth())
  repositoryEntry(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<RepositoryEntryVO> {
    return courses.getEntry(ctx, entry);
  }

  @Mutation(() => Boolean, {
    description: `Deletes the entry for good. ${MANAGERS} They need a global author, learning resource manager or administrator role too.`,
  })
  @Directive(auth())
  @Managed(managedCourse, 'delete')
  deleteRepositoryEntry(@Ctx() ctx: RequestContext, @Args() { entry }: EntryArgs): Promise<boolean> {
    return courses.deleteEntry(ctx, { entry });
  }

  @Query(() => [UserVO], { description: `The owners, coaches or participants of the entry. ${MANAGERS}` })
  @Directive(auth())
  repositoryEntryMembers(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('role', () => EntryMemberRole) role: EntryMemberRole,
  ): Promise<UserVO[]> {
    return courses.listMembers(ctx, { entry }, courses.entryRoleOf(role));
  }

  @Mutation(() => Boolean, { description: `Adds the person to the list; a new owner also gets the author role. ${MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, 'membersmanagement')
  addRepositoryEntryMember(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('role', () => EntryMemberRole) role: EntryMemberRole,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<boolean> {
    return courses.addMember(ctx, { entry }, identityKey, courses.entryRoleOf(role));
  }

  @Mutation(() => Boolean, { description: `Adds each listed user (only the keys are read; unknown users are skipped). ${MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, 'membersmanagement')
  addRepositoryEntryMembers(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('role', () => EntryMemberRole) role: EntryMemberRole,
    @Arg('members', () => [UserVOInput]) members: UserVOInput[],
  ): Promise<boolean> {
    return courses.addMembers(ctx, { entry }, members, courses.entryRoleOf(role));
  }

  @Mutation(() => Boolean, { description: `Removes the person from the list. ${MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, 'membersmanagement')
  removeRepositoryEntryMember(
    @Ctx() ctx: RequestContext,
    @Args() { entry }: EntryArgs,
    @Arg('role', () => EntryMemberRole) role: EntryMemberRole,
    @Arg('identityKey', () => LongScalar) identityKey: number,
  ): Promise<boolean> {
    return courses.removeMember(ctx, { entry }, identityKey, courses.entryRoleOf(role));
  }
}

const ELEMENT_MANAGERS = 'Administrators and learning resource managers of the course’s organisation, and its owners.';

@Resolver(() => CourseNodeVO)
export class CourseNodeResolver {
  @FieldResolver(() => String, { nullable: true, description: 'The text of the element’s HTML page, if it has one (GraphQL only).' })
  @Extensions({ rest: false })
  page(@Ctx() ctx: RequestContext, @Root() node: CourseNodeVO): Promise<string | null> {
    return elements.pageText(ctx, node);
  }

  @Query(() => CourseNodeVO, { description: `A node of the course’s editor tree; NOT_FOUND when the course has none with that id. ${ELEMENT_MANAGERS}` })
  @Directive(auth())
  courseElement(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs, @Arg('nodeId', () => String) nodeId: string): Promise<CourseNodeVO> {
    return elements.getElement(ctx, courseKey, nodeId);
  }

  @Mutation(() => CourseNodeVO, {
    description: `A new structure element in the editor tree below parentNodeId (none: the root), at position among its siblings (the others move down) or last. ${ELEMENT_MANAGERS}`,
  })
  @Directive(auth())
  @Managed(managedCourse, 'editcontent')
  addStructureElement(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('element', () => CourseNodeInput) element: CourseNodeInput,
  ): Promise<CourseNodeVO> {
    return elements.createElement(ctx, courseKey, elements.STRUCTURE, element);
  }

  @Mutation(() => CourseNodeVO, { description: `Changes the fields sent of a structure element (a new file replaces its page). ${ELEMENT_MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, 'editcontent')
  updateStructureElement(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('nodeId', () => String) nodeId: string,
    @Arg('element', () => CourseNodeInput) element: CourseNodeInput,
  ): Promise<CourseNodeVO> {
    return elements.updateElement(ctx, courseKey, elements.STRUCTURE, nodeId, element);
  }

  @Mutation(() => CourseNodeVO, {
    description: `A new single-page element showing the uploaded HTML page (stored in the course folder) or a page already there (path). ${ELEMENT_MANAGERS}`,
  })
  @Directive(auth())
  @Managed(managedCourse, 'editcontent')
  addSinglePageElement(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('element', () => CourseNodeInput) element: CourseNodeInput,
  ): Promise<CourseNodeVO> {
    return elements.createElement(ctx, courseKey, elements.SINGLE_PAGE, element);
  }

  @Mutation(() => CourseNodeVO, { description: `Changes the fields sent of a single-page element; a new file replaces its page. ${ELEMENT_MANAGERS}` })
  @Directive(auth())
  @Managed(managedCourse, 'editcontent')
  updateSinglePageElement(
    @Ctx() ctx: RequestContext,
    @Args() { courseKey }: CourseKeyArgs,
    @Arg('nodeId', () => String) nodeId: string,
    @Arg('element', () => CourseNodeInput) element: CourseNodeInput,
  ): Promise<CourseNodeVO> {
    return elements.updateElement(ctx, courseKey, elements.SINGLE_PAGE, nodeId, element);
  }

  @Mutation(() => CourseVO, {
    description: `Publishes the course: its run tree becomes a copy of the editor tree; status sets the entry's status. ${ELEMENT_MANAGERS}`,
  })
  @Directive(auth())
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

  @Query(() => CourseTreeXmlVO, { description: `The run tree (as last published) as OpenOLAT's runstructure.xml. ${ELEMENT_MANAGERS}` })
  @Directive(auth())
  courseRunStructure(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<CourseTreeXmlVO> {
    return elements.runStructure(ctx, courseKey);
  }

  @Query(() => CourseTreeXmlVO, { description: `The editor tree as OpenOLAT's editortreemodel.xml. ${ELEMENT_MANAGERS}` })
  @Directive(auth())
  courseEditorTreeModel(@Ctx() ctx: RequestContext, @Args() { courseKey }: CourseKeyArgs): Promise<CourseTreeXmlVO> {
    return elements.editorTreeModel(ctx, courseKey);
  }
}

export const courseResolvers = [CourseResolver, RepositoryEntryResolver, CourseNodeResolver] as const;
