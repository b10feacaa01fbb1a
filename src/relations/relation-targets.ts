import { sql } from '../db/sql';
import type { RequestContext } from '../domain/context';
import { RelationRole } from '../entities/relations';
import { normaliseManagedFlags } from '../managed/flags';
import type { ManagedTarget } from '../managed/targets';
import type { RelationRoleVOInput } from '../schema/relation-types';
import { managedIdentity } from '../users/user-service';
import { knownRights } from './relation-rights';

/**
 * The managed guard compares a given value with the current one as it is. Where a given value
 * means the same as the stored one after normalising (rights in another order or with unknown ids,
 * flags in another order, "" for null), report the given value itself as current, so unchanged
 * fields pass.
 */
function currentAs<T>(given: T | undefined, current: T, same: (given: T, current: T) => boolean): T {
  return given !== undefined && same(given, current) ? given : current;
}

const sameText = (given: string | null | undefined, current: string | null | undefined) => (given || null) === (current || null);
const sameFlags = (given: string | null | undefined, current: string | null | undefined) =>
  normaliseManagedFlags('role', given) === normaliseManagedFlags('role', current);
const sameRights = (given: string[] | null | undefined, current: string[] | null | undefined) => knownRights(given).join() === knownRights(current).join();

/** The relation role an operation acts on: by path key, else by the key in the body. */
export async function relationRoleTarget(args: Record<string, any>, ctx: RequestContext): Promise<ManagedTarget | null> {
  const key = args.relationRoleKey ?? args.relationRole?.key;
  if (!key || key <= 0) return null;
  const role = await ctx.em.findOne(RelationRole, { id: key });
  if (!role) return null;
  const given: RelationRoleVOInput = args.relationRole ?? {};
  return {
    managedFlags: role.managedFlags,
    values: {
      role: currentAs(given.role, role.role, (a, b) => a == null || a.trim() === b), // null keeps the name
      externalId: currentAs(given.externalId, role.externalId, sameText),
      externalRef: currentAs(given.externalRef, role.externalRef, sameText),
      managedFlags: currentAs(given.managedFlags, role.managedFlags, sameFlags),
      rights: currentAs(given.rights, role.rights, sameRights),
    },
  };
}

/** The relation of the path user an operation acts on; whether the caller manages that user is decided first. */
export async function identityRelationTarget(args: Record<string, any>, ctx: RequestContext): Promise<ManagedTarget | null> {
  await managedIdentity(ctx, args.identityKey);
  const [relation] = await sql<{ managedFlags: string | null }>(
    ctx.em,
    'select managed_flags as "managedFlags" from identity_relation where id = ? and (source_id = ? or target_id = ?)',
    [args.relationKey, args.identityKey, args.identityKey],
  );
  return relation ? { managedFlags: relation.managedFlags, values: {} } : null;
}
