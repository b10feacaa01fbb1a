import type { RequestContext } from '../domain/context';
import type { OrganisationRole } from '../domain/roles';
import { managedAmong, requireUserManager } from '../users/policy';
import { USER_MANAGERS } from '../access/roles';

/** Who may do what with relation roles and identity-to-identity relations (catalogue 2.10). */

/** Relation roles are administered by administrators and system administrators. */
export const RELATION_ROLE_ADMINS: OrganisationRole[] = ['administrator', 'sysadmin'];

/** A person's relations are kept by that person's managers (the tree rule of src/domain/scope.ts). */
export const RELATION_MANAGERS: OrganisationRole[] = USER_MANAGERS;

export const requireRelationManager = requireUserManager;

/** Of these people, those whose relations the caller keeps: one statement for all (GraphQL UserVO.relations). */
export const relationManagedAmong = (ctx: RequestContext, identityKeys: readonly number[]) =>
  managedAmong(ctx, identityKeys, RELATION_MANAGERS, { self: false });

/**
 * The source of a relation gains the role's rights over its target, so relating two people needs
 * managing both: the path person (checked first) and the other one.
 */
export async function requireMayRelate(ctx: RequestContext, identityKey: number, otherKey: number): Promise<void> {
  if (otherKey !== identityKey) await requireRelationManager(ctx, otherKey);
}
