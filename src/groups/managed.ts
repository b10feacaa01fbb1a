import { Group } from '../entities/groups';
import type { ManagedElement } from '../managed/elements';

/** The group an operation acts on: by path key, else by a key > 0 in the body. */
export const managedGroup: ManagedElement = {
  kind: 'group',
  async load(args, ctx) {
    const key = args.groupKey ?? args.group?.key;
    if (!key || key <= 0) return null;
    const group = await ctx.em.findOne(Group, { id: key });
    return group && { managedFlags: group.managedFlags, values: { ...group } };
  },
};
