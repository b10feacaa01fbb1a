import { GATEWAY_ADMINS } from '../admin/policy';
import { canManageEntry } from '../courses/policy';
import { findEntry } from '../courses/repository';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { canManageGroup } from '../groups/policy';
import { canManageUser } from '../users/policy';
import type { ChangeRow } from './repository';

/**
 * Who may read which event: every caller the events of the objects they manage, decided by the policy of the
 * object's family (a person: themself and their user managers; a group: the group managers and the managers of every
 * course it is linked to; a course: its owners and the managers of its organisations), so an administrator of one
 * organisation gets no event about another organisation's people. Events of other kinds (taxonomies, relation roles,
 * … which administrators of any organisation manage) reach the gateway's administrators, and so do deletions:
 * nothing is left for a policy to ask.
 */
const MANAGES: Record<string, (ctx: RequestContext, key: number) => Promise<boolean>> = {
  user: async (ctx, key) => requireCaller(ctx).key === key || (await canManageUser(ctx, key)),
  group: canManageGroup,
  course: async (ctx, key) => {
    const entry = await findEntry(ctx.em, { olatResourceId: key });
    return !!entry && (await canManageEntry(ctx, entry));
  },
};

/** A deletion: its object is gone, and with it what its policy would ask. */
const DELETED = /\.deleted$/;

/** The events of `events` the caller may read, in their order. */
export async function readableChanges(ctx: RequestContext, events: ChangeRow[]): Promise<ChangeRow[]> {
  const administrator = hasAnyRole(requireCaller(ctx), GATEWAY_ADMINS);
  const readable: ChangeRow[] = [];
  for (const event of events) {
    const manages = event.objectType ? MANAGES[event.objectType] : undefined;
    const managed = manages && event.objectKey != null && (await manages(ctx, Number(event.objectKey)));
    if (managed || (administrator && (!manages || DELETED.test(event.type)))) readable.push(event);
  }
  return readable;
}
