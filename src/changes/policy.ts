import { GATEWAY_ADMINS } from '../admin/policy';
import { canManageEntry } from '../courses/policy';
import { findEntry } from '../courses/repository';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { canManageGroup } from '../groups/policy';
import { canManageUser } from '../users/policy';
import type { ChangeRow } from './repository';

/**
 * Who may read which event: the gateway's administrators every event; another caller the events of objects they
 * manage, decided by the policy of the object's family (a person: themself and their user managers; a group: its
 * managers and owners; a course: its owners and the managers of its organisations). Events of other kinds, and of
 * objects that are gone, reach the administrators only.
 */
const MANAGES: Record<string, (ctx: RequestContext, key: number) => Promise<boolean>> = {
  user: async (ctx, key) => requireCaller(ctx).key === key || (await canManageUser(ctx, key)),
  group: canManageGroup,
  course: async (ctx, key) => {
    const entry = await findEntry(ctx.em, { olatResourceId: key });
    return !!entry && (await canManageEntry(ctx, entry));
  },
};

/** The events of `events` the caller may read, in their order. */
export async function readableChanges(ctx: RequestContext, events: ChangeRow[]): Promise<ChangeRow[]> {
  if (hasAnyRole(requireCaller(ctx), GATEWAY_ADMINS)) return events;
  const readable: ChangeRow[] = [];
  for (const event of events) {
    const manages = event.objectType ? MANAGES[event.objectType] : undefined;
    if (manages && event.objectKey != null && (await manages(ctx, Number(event.objectKey)))) readable.push(event);
  }
  return readable;
}
