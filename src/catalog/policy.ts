import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { forbidden } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import { isOwner } from './repository';

/**
 * Who may do what with the catalog (catalog-v1.md §2, §3.5). A "catalog manager" holds
 * administrator or learnresourcemanager in some organisation: like OpenOLAT, the catalog is not
 * scoped by organisation. Every authenticated caller reads the whole tree.
 */
export const CATALOG_MANAGERS: OrganisationRole[] = ['administrator', 'learnresourcemanager'];

export const isCatalogManager = (ctx: RequestContext) => hasAnyRole(ctx.caller, CATALOG_MANAGERS);

/** Deleting an entry and managing its owners: catalog managers, and the owners of that very entry (not of an ancestor, as OpenOLAT's REST checks). */
export async function requireManagerOrOwner(ctx: RequestContext, entryKey: number): Promise<void> {
  if (isCatalogManager(ctx) || (await isOwner(ctx.em, entryKey, requireCaller(ctx).key))) return;
  throw forbidden();
}
