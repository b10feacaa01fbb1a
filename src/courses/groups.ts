import { inTransaction } from '../audit/audit-log';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { forbidden, notFound } from '../domain/errors';
import { answerListById } from '../domain/lists';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import { loader } from '../domain/loaders';
import type { EntryRole } from '../entities/courses';
import { Group } from '../entities/groups';
import { Organisation } from '../entities/organisations';
import { managesGroupsOf, requireGroupManager } from '../groups/policy';
import { toGroupVO, type GroupRow } from '../groups/presenter';
import { findGroup, isMember } from '../groups/repository';
import * as groupService from '../groups/service';
import type { ManagedElement } from '../managed/elements';
import type { GroupVO, GroupVOInput } from '../schema/groups';
import type { UserVO } from '../schema/users';
import { toUserVO, type UserRow } from '../users/presenter';
import * as links from './groups-repository';
import { canManageEntry } from './policy';
import type { EntryRow } from './presenter';
import { findEntry, isVisibleTo, managedEntryKeys, visibleEntryKeys } from './repository';
import { findCourse } from './entries';
import { GROUP_MANAGERS } from '../access/roles';

/**
 * Course groups (catalogue 2.2 "Course groups", CourseGroupWebService): learning groups linked to a
 * course. Their coaches coach the course and their participants take part in it (visibility, the
 * lists of /users/{k}/courses); the course's /tutors and /participants list direct members only.
 * The course's side of these routes: group managers of the course's organisation, and the course's
 * managers (administrators and learning resource managers of its organisation, its owners), as newer
 * OpenOLAT versions allow owners. Linking, changing or deleting an existing group asks the group's
 * side too (src/groups/policy.ts): a course's group route is also a group route. A group created
 * here belongs to the course's organisation.
 */

/** The course's side of its group routes. */
export async function canManageCourseGroups(ctx: RequestContext, course: EntryRow): Promise<boolean> {
  return (await managesGroupsOf(ctx, course.organisationKey)) || canManageEntry(ctx, course);
}

async function courseForGroupManager(ctx: RequestContext, courseKey: number): Promise<EntryRow> {
  const course = await findCourse(ctx, courseKey);
  if (!(await canManageCourseGroups(ctx, course))) throw forbidden();
  return course;
}

/** The group, linked to the course: 404 when either is unknown or the group belongs to another course. */
async function linkedGroup(ctx: RequestContext, course: EntryRow, groupKey: number): Promise<Group> {
  const group = await findGroup(ctx.em, groupKey);
  if (!(await links.isLinked(ctx.em, course.id, groupKey))) throw notFound('group of the course');
  return group;
}

/** GET /repo/courses/{id}/groups: for whoever sees the course, and group managers of its organisation. */
export async function listCourseGroups(ctx: RequestContext, courseKey: number): Promise<GroupVO[]> {
  const course = await findCourse(ctx, courseKey);
  if (!(await managesGroupsOf(ctx, course.organisationKey)) && !(await isVisibleTo(ctx.em, requireCaller(ctx), course.id))) throw forbidden();
  return answerListById(ctx, (range) => links.listLinkedGroups(ctx.em, course.id, range), toGroupVO);
}

/** GET /repo/courses/{id}/groups/{g}: the rule of GET /groups/{g} (members of the group, group managers), and the course's managers. */
export async function getCourseGroup(ctx: RequestContext, courseKey: number, groupKey: number): Promise<GroupVO> {
  const course = await findCourse(ctx, courseKey);
  await findGroup(ctx.em, groupKey);
  if (!(await canManageCourseGroups(ctx, course)) && !(await isMember(ctx.em, groupKey, requireCaller(ctx).key))) throw forbidden();
  return groupService.answerGroup(ctx, await linkedGroup(ctx, course, groupKey));
}

/**
 * PUT /repo/courses/{id}/groups (and the legacy POST …/groups/new): a body with a key > 0 links that
 * existing group to the course; otherwise a new group is created from the GroupVO and linked, in
 * one transaction. Answers the group.
 */
export async function createCourseGroup(ctx: RequestContext, courseKey: number, input: GroupVOInput): Promise<GroupVO> {
  const course = await courseForGroupManager(ctx, courseKey);
  if (input.key && input.key > 0) {
    const key = input.key;
    return inTransaction(ctx, async (em) => {
      const group = await findGroup(em, key);
      await requireGroupManager({ ...ctx, em }, key);
      await links.linkGroup(em, course.id, key);
      return toGroupVO(group);
    });
  }
  groupService.validateGroup(input);
  return inTransaction(ctx, async (em) => {
    const group = em.create(Group, { name: input.name!.trim(), organisation: em.getReference(Organisation, course.organisationKey) });
    groupService.apply(group, input);
    await em.persistAndFlush(group);
    await links.linkGroup(em, course.id, group.id);
    return toGroupVO(group);
  });
}

/** PUT /repo/courses/{id}/groups/{g}: links an existing group the caller manages; true when linked now, false when it was linked already (REST: 304). */
export async function linkCourseGroup(ctx: RequestContext, courseKey: number, groupKey: number): Promise<boolean> {
  const course = await courseForGroupManager(ctx, courseKey);
  return inTransaction(ctx, async (em) => {
    await findGroup(em, groupKey);
    await requireGroupManager({ ...ctx, em }, groupKey);
    return links.linkGroup(em, course.id, groupKey);
  });
}

/** POST /repo/courses/{id}/groups/{g}: updates the group as POST /groups/{g} does (and with its rule). */
export async function updateCourseGroup(ctx: RequestContext, courseKey: number, groupKey: number, input: GroupVOInput): Promise<GroupVO> {
  const course = await courseForGroupManager(ctx, courseKey);
  await linkedGroup(ctx, course, groupKey);
  return groupService.updateGroup(ctx, groupKey, input);
}

/** DELETE /repo/courses/{id}/groups/{g}: deletes the group, as OpenOLAT does (the link goes with it), with the rule of DELETE /groups/{g}. */
export async function deleteCourseGroup(ctx: RequestContext, courseKey: number, groupKey: number): Promise<boolean> {
  const course = await courseForGroupManager(ctx, courseKey);
  await linkedGroup(ctx, course, groupKey);
  return groupService.deleteGroup(ctx, groupKey);
}

/**
 * The course a course-group operation names, guarded by the flag `groups` of its managed flags
 * only: the fields of a GroupVO body are the group's, not the course's, so they are compared with
 * themselves. The course-group rule decides before any flag.
 */
export const managedCourseGroups: ManagedElement = {
  kind: 'course',
  async load(args, ctx) {
    const row = args.courseKey == null ? null : await findEntry(ctx.em, { olatResourceId: args.courseKey as number });
    return row && { managedFlags: row.managedFlags, values: { ...(args.group as Record<string, unknown> | undefined) } };
  },
  async authorize(args, ctx) {
    const row = args.courseKey == null ? null : await findEntry(ctx.em, { olatResourceId: args.courseKey as number });
    if (row && !(await canManageCourseGroups(ctx, row))) throw forbidden();
  },
};

/** `CourseVO.groups` (GraphQL): a page of the groups of every course of an answer, by the rule of GET …/groups, in at most three statements. */
export function groupsOfCourse(ctx: RequestContext, entryKey: number, page: EdgePage): Promise<GroupVO[]> {
  const edge: Edge<GroupRow, GroupVO> = {
    readable: async (keys) => {
      const caller = requireCaller(ctx);
      const readable = new Set(hasAnyRole(caller, GROUP_MANAGERS) ? await links.entriesInOrganisationsWithRole(ctx.em, caller.key, GROUP_MANAGERS, keys) : []);
      const others = keys.filter((key) => !readable.has(key));
      for (const key of others.length ? await visibleEntryKeys(ctx.em, caller, others) : []) readable.add(key);
      return readable;
    },
    read: (keys, page, cap) => links.pagesOfGroupsOfEntries(ctx.em, keys, page, cap),
    present: toGroupVO,
  };
  return pageOf(ctx, 'groups of course', edge, page, entryKey);
}

/** `CourseVO.owners|coaches|participants` (GraphQL): a page of the direct members, by the rule of GET …/authors|tutors|participants, in two statements. */
export function membersOfCourse(ctx: RequestContext, entryKey: number, role: EntryRole, page: EdgePage): Promise<UserVO[]> {
  // One check for the three member lists of the answer's courses: their loaders ask it in the same tick.
  const managed = loader<number, boolean>(ctx, 'courses managed', async (keys) => {
    const found = new Set(await managedEntryKeys(ctx.em, requireCaller(ctx), keys));
    return keys.map((key) => found.has(key));
  });
  const edge: Edge<UserRow, UserVO> = {
    readable: async (keys) => {
      const verdicts = await managed.loadMany(keys);
      return new Set(keys.filter((_, i) => verdicts[i] === true));
    },
    read: (keys, page, cap) => links.pagesOfMembersOfEntries(ctx.em, keys, role, page, cap),
    present: (row) => toUserVO(row, true),
  };
  return pageOf(ctx, `course members ${role}`, edge, page, entryKey);
}
