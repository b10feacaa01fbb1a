import { organisationForNew } from '../domain/bound';
import { managedKeys, managesObject } from '../access/manage';
import { holdsRoleEverywhere, requireCaller, type RequestContext } from '../domain/context';
import { forbidden, notFound } from '../domain/errors';
import { loader } from '../domain/loaders';
import type { OrganisationRole } from '../domain/roles';
import { holdsRoleIn } from '../domain/scope';
import type { GroupRole } from '../entities/groups';
import { findOrganisationRow } from '../organisations/repository';
import { selfOrManagedAmong } from '../users/policy';
import { groupManagerOrganisation, groupsShowingMembersTo, isMember } from './repository';
import { GROUP_MANAGERS, USER_MANAGERS } from '../access/roles';

/**
 * Who may do what with learning groups (catalogue 2.2). Unlike OpenOLAT, where groups are global and
 * a group manager role held anywhere covers every group, a group belongs to one organisation: its
 * group managers and administrators (held there or inherited from an ancestor, so those of the
 * default organisation manage every group) manage it, and a role in another organisation gives
 * nothing over it.
 *
 * A group is also managed by whoever manages every course it is linked to (a group created in a
 * course, or linked to it, is the course's business; a group shared with a course of another owner
 * is not one owner's alone). Every route that reads members of a group or changes it asks
 * the group rule of src/access/manage.ts (for a set of groups at once), also through a course's group routes
 * (src/courses/groups.ts), where linking a group to a course asks it besides the course's own rule.
 * OpenOLAT asks the group manager role only on the course's group routes, and newer versions let
 * course owners change any group they reach there, which let an owner link a stranger's group and
 * then rename or delete it.
 */

/** Who reads a person's groups: the person, their user managers, and group managers of the person. */
const PERSON_GROUP_READERS: OrganisationRole[] = [...new Set([...USER_MANAGERS, ...GROUP_MANAGERS])];

/** Group managers of the group's organisation; else a manager of every course the group is linked to (none linked: nobody else). */
export const canManageGroup = (ctx: RequestContext, groupKey: number) => managesObject(ctx, { kind: 'group', key: groupKey });

export async function requireGroupManager(ctx: RequestContext, groupKey: number): Promise<void> {
  if (!(await canManageGroup(ctx, groupKey))) {
    throw forbidden("needs the groupmanager role in the group's organisation, or to manage every course the group is linked to");
  }
}

/** Whether the caller manages the groups of the organisation (a group manager or administrator there, or above it through an inheriting membership). */
export const managesGroupsOf = (ctx: RequestContext, organisationKey: number) => holdsRoleIn(ctx.em, requireCaller(ctx), organisationKey, GROUP_MANAGERS);

/**
 * The organisation a new group of PUT /groups belongs to: the one named (404 unknown, 403 unless the caller manages
 * groups there), else the caller's: of the organisations where the caller holds a group-managing role of their own,
 * the one nearest the root (the default organisation when they hold it there), the lowest key among equals.
 */
export async function organisationOfNewGroup(ctx: RequestContext, named: number | null | undefined): Promise<number> {
  const organisationKey = await organisationForNew(ctx, named);
  if (organisationKey == null) {
    const own = await groupManagerOrganisation(ctx.em, requireCaller(ctx).key, GROUP_MANAGERS);
    if (own === null) throw forbidden('needs the groupmanager role in an organisation');
    return own;
  }
  if (!(await findOrganisationRow(ctx.em, organisationKey))) throw notFound('organisation');
  if (!(await managesGroupsOf(ctx, organisationKey))) throw forbidden('needs the groupmanager role in the organisation');
  return organisationKey;
}

/** A person's groups (`/users/{k}/groups…`): the person, their user managers and their group managers (catalogue 2.1). */
export async function requireGroupsOfPersonReader(ctx: RequestContext, identityKey: number): Promise<void> {
  if (!(await personGroupsReadable(ctx, [identityKey])).has(identityKey)) throw forbidden();
}

/** Of these people, those whose groups the caller reads (requireGroupsOfPersonReader); a group manager of every group reads everyone's. */
export async function personGroupsReadable(ctx: RequestContext, identityKeys: readonly number[]): Promise<ReadonlySet<number>> {
  const caller = requireCaller(ctx);
  if (holdsRoleEverywhere(caller, GROUP_MANAGERS)) return new Set(identityKeys);
  return selfOrManagedAmong(ctx, identityKeys, PERSON_GROUP_READERS);
}

/** The group's managers, and its members. */
export async function requireGroupReader(ctx: RequestContext, groupKey: number): Promise<void> {
  if (!(await canManageGroup(ctx, groupKey)) && !(await isMember(ctx.em, groupKey, requireCaller(ctx).key))) throw forbidden();
}

/**
 * The groups of `groupKeys` whose owners (coach) or participants the caller may list: those the caller manages, and
 * as a member those that show that list to their members (ownersVisible, participantsVisible), as OpenOLAT's
 * getTutors/getParticipants.
 */
export async function memberListsReadable(ctx: RequestContext, groupKeys: readonly number[], role: GroupRole): Promise<ReadonlySet<number>> {
  // One question for the owners and the participants of an answer's groups: their edges ask in the same tick.
  const managedLoader = loader<number, boolean>(ctx, 'groups managed', async (keys) => {
    const managed = await managedKeys(ctx, 'group', keys);
    return keys.map((key) => managed.has(key));
  });
  const verdicts = await managedLoader.loadMany(groupKeys);
  const managed = new Set(groupKeys.filter((_, i) => verdicts[i] === true));
  const others = groupKeys.filter((key) => !managed.has(key));
  const shown = others.length ? await groupsShowingMembersTo(ctx.em, others, requireCaller(ctx).key, role) : [];
  return new Set([...managed, ...shown]);
}
