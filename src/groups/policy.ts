import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { forbidden } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import { canManageUser } from '../users/policy';
import { isMember } from './repository';

/**
 * Who may do what with learning groups (catalogue 2.2). Unlike the other families, OpenOLAT's group
 * API is not scoped by organisation: a group manager role held anywhere covers every group.
 */
export const GROUP_MANAGERS: OrganisationRole[] = ['administrator', 'groupmanager'];

export const isGroupManager = (ctx: RequestContext) => hasAnyRole(ctx.caller, GROUP_MANAGERS);

/** A person's groups (`/users/{k}/groups…`): the person, group managers, and the person's user managers (catalogue 2.1). */
export async function requireGroupsOfPersonReader(ctx: RequestContext, identityKey: number): Promise<void> {
  if (requireCaller(ctx).key === identityKey || isGroupManager(ctx) || (await canManageUser(ctx, identityKey))) return;
  throw forbidden();
}

/** Group managers read every group, others the groups they belong to. */
export async function requireGroupReader(ctx: RequestContext, groupKey: number): Promise<void> {
  if (!isGroupManager(ctx) && !(await isMember(ctx.em, groupKey, requireCaller(ctx).key))) throw forbidden();
}
