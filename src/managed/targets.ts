import type { RequestContext } from '../domain/context';
import { Group } from '../entities/groups';
import { organisationTarget, organisationTypeTarget } from '../organisations/organisation-targets';
import { identityRelationTarget, relationRoleTarget } from '../relations/relation-targets';
import type { ManagedKind } from './flags';

/** The current state of a managed element: its flags and its field values, keyed like the input type. */
export interface ManagedTarget {
  managedFlags: string | null | undefined;
  values: Record<string, unknown>;
}

type Loader = (args: Record<string, any>, ctx: RequestContext) => Promise<ManagedTarget | null>;

/** How each kind finds the element an operation acts on. */
export const managedTargets: Partial<Record<ManagedKind, Loader>> = {
  async group(args, ctx) {
    const key = args.groupKey ?? args.group?.key;
    if (!key || key <= 0) return null;
    const group = await ctx.em.findOne(Group, { id: key });
    return group && { managedFlags: group.managedFlags, values: { ...group } };
  },
  organisation: organisationTarget,
  organisationType: organisationTypeTarget,
  role: relationRoleTarget,
  relation: identityRelationTarget,
};
