import { Group } from '../entities/groups';
import type { ManagedElement } from '../managed/elements';
import { requireGroupManager } from './policy';

/** The key of the group an operation acts on: by path key, else by a key > 0 in the body. */
const groupKeyOf = (args: Record<string, any>): number | null => {
  const key = (args.groupKey ?? args.group?.key) as number | null | undefined;
  return key && key > 0 ? key : null;
};

/** The group an operation acts on; its managers only (src/groups/policy.ts). */
export const managedGroup: ManagedElement = {
  kind: 'group',
  async load(args, ctx) {
    const key = groupKeyOf(args);
    const group = key === null ? null : await ctx.em.findOne(Group, { id: key });
    return group && { managedFlags: group.managedFlags, values: { ...group } };
  },
  async authorize(args, ctx) {
    const key = groupKeyOf(args);
    if (key !== null && (await ctx.em.findOne(Group, { id: key }))) await requireGroupManager(ctx, key);
  },
};
