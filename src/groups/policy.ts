import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { forbidden } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import { entriesOfGroup } from '../courses/groups-repository';
import { managedEntryKeys } from '../courses/repository';
import { canManageUser } from '../users/policy';
import type { GroupRole } from '../entities/groups';
import { groupsShowingMembersTo, isMember } from './repository';

/**
 * Who may do what with learning groups (catalogue 2.2). Unlike the other families, OpenOLAT's group
 * API is not scoped by organisation: a group manager role held anywhere covers every group.
 *
 * A group is managed by group managers, and by whoever manages every course it is linked to (a
 * group created in a course, or linked to it, is the course's business; a group shared with a
 * course of another owner is not one owner's alone). Every route that changes a group asks
 * requireGroupManager, also through a course's group routes (src/courses/groups.ts), where
 * linking a group to a course asks it besides the course's own rule. OpenOLAT asks the group
 * manager role only on the course's group routes, and newer versions let course owners change any
 * group they reach there, which let an owner link a stranger's group and then rename or delete it.
 */
export const GROUP_MANAGERS: OrganisationRole[] = ['administrator', 'groupmanager'];

export const isGroupManager = (ctx: RequestContext) => hasAnyRole(ctx.caller, GROUP_MANAGERS);

/** Group managers; else a manager of every course the group is linked to (none linked: nobody else). */
export async function canManageGroup(ctx: RequestContext, groupKey: number): Promise<boolean> {
  if (isGroupManager(ctx)) return true;
  const courses = await entriesOfGroup(ctx.em, groupKey);
  return courses.length > 0 && (await managedEntryKeys(ctx.em, requireCaller(ctx), courses)).length === courses.length;
}

export async function requireGroupManager(ctx: RequestContext, groupKey: number): Promise<void> {
  if (!(await canManageGroup(ctx, groupKey))) throw forbidden('needs the groupmanager role, or to manage every course the group is linked to');
}

/** A person's groups (`/users/{k}/groups…`): the person, group managers, and the person's user managers (catalogue 2.1). */
export async function requireGroupsOfPersonReader(ctx: RequestContext, identityKey: number): Promise<void> {
  if (requireCaller(ctx).key === identityKey || isGroupManager(ctx) || (await canManageUser(ctx, identityKey))) return;
  throw forbidden();
}

/** Group managers read every group, others the groups they belong to. */
export async function requireGroupReader(ctx: RequestContext, groupKey: number): Promise<void> {
  if (!isGroupManager(ctx) && !(await isMember(ctx.em, groupKey, requireCaller(ctx).key))) throw forbidden();
}

/**
 * The groups of `groupKeys` whose owners (coach) or participants the caller may list: group managers every one, members
 * those that show that list to their members (ownersVisible, participantsVisible), as OpenOLAT's getTutors/getParticipants.
 */
export async function memberListsReadable(ctx: RequestContext, groupKeys: readonly number[], role: GroupRole): Promise<ReadonlySet<number>> {
  if (isGroupManager(ctx)) return new Set(groupKeys);
  return new Set(await groupsShowingMembersTo(ctx.em, groupKeys, requireCaller(ctx).key, role));
}
