import type { RequestContext } from '../domain/context';
import type { OrganisationRole } from '../domain/roles';
import { requireEntryManager } from '../courses/policy';

/**
 * Who may do what with taxonomies (catalogue 2.9): every read and write of /taxonomy needs the
 * administrator or sysadmin role (in some organisation: OpenOLAT checks the global roles).
 * Creating, renaming and deleting taxonomies (an extension) needs the same.
 */
export const TAXONOMY_ADMINS: OrganisationRole[] = ['administrator', 'sysadmin'];

/**
 * The levels of a repository entry: reading them and linking or unlinking a level need a manager of
 * the entry (administrator, learning resource manager of its organisation, or owner). OpenOLAT checks
 * this for the read only; this service checks it for PUT and DELETE too.
 */
export async function requireEntryLevelManager(ctx: RequestContext, entry: { id: number; organisationKey: number }): Promise<void> {
  await requireEntryManager(ctx, entry);
}
