import { GATEWAY_ADMINS } from '../admin/policy';
import { canManageEntry } from '../courses/policy';
import { findEntry } from '../courses/repository';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { canManageCurriculum } from '../curriculum/policy';
import { groupsManagedAmong } from '../groups/policy';
import { organisationsManagedAmong } from '../organisations/policy';
import { selfOrManagedAmong, USER_MANAGERS } from '../users/policy';
import type { ChangeRow } from './repository';

/**
 * Who may read which event: every caller the events of the objects they manage, decided by the policy of the
 * object's family (a person: themself and their user managers; a group: the group managers and the managers of every
 * course it is linked to; a course: its owners and the managers of its organisations; a curriculum and its elements:
 * its managers and owners; an organisation: its administrators), so an administrator of one organisation gets no
 * event about another organisation's people. Events of other kinds (taxonomies, relation roles, catalog entries, …
 * which administrators of any organisation manage) reach the gateway's administrators, and so do deletions: nothing
 * is left for a policy to ask.
 */
const MANAGES = new Map<string, (ctx: RequestContext, keys: number[]) => Promise<ReadonlySet<number>>>([
  ['user', (ctx, keys) => selfOrManagedAmong(ctx, keys, USER_MANAGERS)],
  ['group', groupsManagedAmong],
  ['curriculum', (ctx, keys) => each(keys, (key) => canManageCurriculum(ctx, key))],
  ['organisation', organisationsManagedAmong],
  [
    'course',
    (ctx, keys) =>
      each(keys, async (key) => {
        const entry = await findEntry(ctx.em, { olatResourceId: key });
        return !!entry && (await canManageEntry(ctx, entry));
      }),
  ],
]);

/** The keys for which `manages` holds, asked one by one. */
async function each(keys: number[], manages: (key: number) => Promise<boolean>): Promise<Set<number>> {
  const managed = new Set<number>();
  for (const key of keys) if (await manages(key)) managed.add(key);
  return managed;
}

/** A deletion: its object is gone, and with it what its policy would ask. */
const DELETED = /\.deleted$/;

/** The events of `events` the caller may read, in their order: one policy question per kind of object (people in one statement). */
export async function readableChanges(ctx: RequestContext, events: ChangeRow[]): Promise<ChangeRow[]> {
  const administrator = hasAnyRole(requireCaller(ctx), GATEWAY_ADMINS);
  const keysByKind = new Map<string, Set<number>>();
  for (const event of events)
    if (event.objectType && MANAGES.has(event.objectType) && event.objectKey != null)
      keysByKind.set(event.objectType, (keysByKind.get(event.objectType) ?? new Set()).add(Number(event.objectKey)));
  const managedByKind = new Map<string, ReadonlySet<number>>();
  for (const [kind, keys] of keysByKind) managedByKind.set(kind, await MANAGES.get(kind)!(ctx, [...keys]));
  return events.filter((event) => {
    if (!event.objectType || !MANAGES.has(event.objectType)) return administrator;
    const managed = event.objectKey != null && !!managedByKind.get(event.objectType)?.has(Number(event.objectKey));
    return managed || (administrator && DELETED.test(event.type));
  });
}
