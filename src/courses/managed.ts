import type { RequestContext } from '../domain/context';
import type { ManagedElement } from '../managed/elements';
import { requireEntryManager } from './policy';
import type { EntryRow } from './presenter';
import { findEntry, findEntryByKeyOrSoftkey } from './repository';

/** The entry an operation names: by `courseKey` (the course's OLAT resource id), else by `entry` (its key, or else its softkey). */
async function entryOf(args: Record<string, any>, ctx: RequestContext): Promise<EntryRow | null> {
  if (args.courseKey != null) return findEntry(ctx.em, { olatResourceId: args.courseKey as number });
  return args.entry === undefined ? null : findEntryByKeyOrSoftkey(ctx.em, args.entry as string);
}

/** The course or repository entry an operation acts on; its managers only. */
export const managedCourse: ManagedElement = {
  kind: 'course',
  async load(args, ctx) {
    const row = await entryOf(args, ctx);
    return row && { managedFlags: row.managedFlags, values: { ...row } };
  },
  async authorize(args, ctx) {
    const row = await entryOf(args, ctx);
    if (row) await requireEntryManager(ctx, row);
  },
};
