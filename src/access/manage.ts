import { managedEntryKeys } from '../courses/repository';
import { CURRICULUM_MANAGERS } from '../curriculum/policy';
import { managedAmong as managedCurricula } from '../curriculum/repository';
import { requireCaller, type RequestContext } from '../domain/context';
import { managedAmong as managedPeople } from '../domain/scope';
import { groupsManagedAmong } from '../groups/policy';
import { organisationsManagedAmong } from '../organisations/policy';
import { USER_MANAGERS } from '../users/policy';

/**
 * Whether the caller may change objects, asked for a set of keys at once: one rule per kind of object, each answered
 * in one statement (or a few) whatever the number of keys. The single-object checks of the families
 * (`canManageUser`, `canManageGroup`, `canManageEntry`, `canManageCurriculum`, `canManageOrganisation`) are the same
 * rules for one key; the sync and the change feed ask here for sets.
 */
export type ManagedKind = 'person' | 'group' | 'entry' | 'curriculum' | 'organisation';

/** An object the caller would change: its kind and key (a repository entry's key for a course). */
export interface ObjectRef {
  kind: ManagedKind;
  key: number;
}

const MANAGED_AMONG: Record<ManagedKind, (ctx: RequestContext, keys: number[]) => Promise<Iterable<number>>> = {
  person: (ctx, keys) => managedPeople(ctx.em, requireCaller(ctx), keys, USER_MANAGERS),
  group: groupsManagedAmong,
  entry: (ctx, keys) => managedEntryKeys(ctx.em, requireCaller(ctx), keys),
  curriculum: (ctx, keys) => managedCurricula(ctx.em, requireCaller(ctx), CURRICULUM_MANAGERS, keys),
  organisation: organisationsManagedAmong,
};

/** Of these keys of objects of one kind, those the caller may change: one question. */
export const managedKeys = async (ctx: RequestContext, kind: ManagedKind, keys: readonly number[]): Promise<Set<number>> =>
  keys.length ? new Set(await MANAGED_AMONG[kind](ctx, [...keys])) : new Set();

/** Of these objects, which the caller may change: one question per kind for all of them. */
export async function managedObjects(ctx: RequestContext, objects: readonly ObjectRef[]): Promise<(object: ObjectRef) => boolean> {
  const keysByKind = new Map<ManagedKind, Set<number>>();
  for (const { kind, key } of objects) keysByKind.set(kind, (keysByKind.get(kind) ?? new Set()).add(key));
  const managed = new Map<ManagedKind, Set<number>>();
  for (const [kind, keys] of keysByKind) managed.set(kind, await managedKeys(ctx, kind, [...keys]));
  return ({ kind, key }) => managed.get(kind)?.has(key) ?? false;
}

/** Whether the caller may change the object. */
export const managesObject = async (ctx: RequestContext, object: ObjectRef) => (await managedObjects(ctx, [object]))(object);
