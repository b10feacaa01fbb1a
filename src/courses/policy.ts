import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { forbidden } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import { holdsRoleIn } from '../domain/scope';
import { EntryRole } from '../entities/courses';
import { holdsRoleInLinkedOrganisation } from './lifecycle-repository';
import { hasRole, isVisibleTo } from './repository';

/**
 * Who may do what with repository entries and courses (catalogue 2.3, 2.4). Managers of an entry are
 * the administrators and learning resource managers of its organisations (or above them, through an
 * inheriting membership) and its owners.
 */
export const ENTRY_MANAGERS: OrganisationRole[] = ['administrator', 'sysadmin', 'learnresourcemanager'];

/** Who may create courses. */
export const COURSE_CREATORS: OrganisationRole[] = ['author', ...ENTRY_MANAGERS];

/** Administrator, learning resource manager of the entry's organisation, or owner of the entry. */
export async function canManageEntry(ctx: RequestContext, entry: { id: number; organisationKey: number }): Promise<boolean> {
  const caller = requireCaller(ctx);
  if (hasAnyRole(caller, ENTRY_MANAGERS) && (await holdsRoleIn(ctx.em, caller, entry.organisationKey, ENTRY_MANAGERS))) return true;
  if (await holdsRoleInLinkedOrganisation(ctx.em, caller, entry.id, ENTRY_MANAGERS)) return true;
  return hasRole(ctx.em, entry.id, caller.key, EntryRole.owner);
}

export async function requireEntryManager(ctx: RequestContext, entry: { id: number; organisationKey: number }): Promise<void> {
  if (!(await canManageEntry(ctx, entry))) throw forbidden();
}

/** Managers of the entry, its members, and everyone for a published public entry. */
export async function requireEntryReader(ctx: RequestContext, entry: { id: number }): Promise<void> {
  if (!(await isVisibleTo(ctx.em, requireCaller(ctx), entry.id))) throw forbidden();
}
