import { RelationRole } from '../entities/relations';
import { normaliseManagedFlags } from '../managed/flags';
import type { ManagedElement } from '../managed/elements';
import type { RelationRoleVOInput } from '../schema/relations';
import { requireIdentity } from '../users/repository';
import { requireRelationManager } from './policy';
import { findRelationOf } from './repository';
import { knownRights } from './rights';

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

/** The relation role an operation acts on: by path key, else by a key > 0 in the body. */
export const managedRelationRole: ManagedElement = {
  kind: 'role',
  async load(args, ctx) {
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
  },
};

/** A relation of the path person; whether the caller keeps that person's relations is decided first. */
export const managedRelation: ManagedElement = {
  kind: 'relation',
  async authorize(args, ctx) {
    await requireIdentity(ctx.em, args.identityKey);
    await requireRelationManager(ctx, args.identityKey);
  },
  async load(args, ctx) {
    const relation = await findRelationOf(ctx.em, args.identityKey, args.relationKey);
    return relation && { managedFlags: relation.managedFlags, values: {} };
  },
};
