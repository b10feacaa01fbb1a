import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { forbidden } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import { isMember } from './repository';

/**
 * Who may do what with learning groups (catalogue 2.2). Unlike the other families, OpenOLAT's group
 * API is not scoped by organisation: a group manager role held anywhere covers every group.
 */
export const GROUP_MANAGERS: OrganisationRole[] = ['administrator', 'groupmanager'];

export const isGroupManager = (ctx: RequestContext) => hasAnyRole(ctx.caller, GROUP_MANAGERS);

/** Group managers read every group, others the groups they belong to. */
export async function requireGroupReader(ctx: RequestContext, groupKey: number): Promise<void> {
  if (!isGroupManager(ctx) && !(await isMember(ctx.em, groupKey, requireCaller(ctx).key))) throw forbidden();
}
