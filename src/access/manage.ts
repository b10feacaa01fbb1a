import { keysWithinBound, type ObjectKind } from '../domain/bound';
import { managedEntryKeys } from '../courses/repository';
import { managedAmong as managedCurricula } from '../curriculum/repository';
import type { SqlCondition } from '../db/sql';
import { hasAnyRole, holdsRoleEverywhere, requireCaller, type RequestContext } from '../domain/context';
import type { OrganisationRole } from '../domain/roles';
import { managedAmong as managedPeople, managesPerson } from '../domain/scope';
import { entriesOfGroups, groupsInOrganisationsWithRole } from '../groups/repository';
import { managedOrganisationKeys } from '../organisations/repository';
import { CURRICULUM_MANAGERS, GROUP_MANAGERS, ORGANISATION_ADMINS, USER_MANAGERS } from './roles';

/**
 * Whether the caller may change objects: one rule per kind of object, each answered for a set of keys in one
 * statement (or a few) whatever their number. Routes and GraphQL fields ask for one object through their family's
 * policy (`canManageUser`, `canManageEntry`, `canManageGroup`, `canManageCurriculum`, `canManageOrganisation`, which
 * ask here); GraphQL edges, the change feed and its streams, webhooks and the sync ask for sets. Tenancy lives in
 * these rules: a role held in one organisation (or above it) reaches that organisation's objects only, and a caller
 * whose API key is bound to an organisation reaches only the objects within it (src/domain/bound.ts).
 */
export type ManagedKind = ObjectKind;

/** An object the caller would change: its kind and key (a repository entry's key for a course). */
export interface ObjectRef {
  kind: ManagedKind;
  key: number;
}

type Rule = (ctx: RequestContext, keys: number[]) => Promise<Iterable<number>>;

/**
 * Learning groups: the group managers and administrators of the group's organisation (or above it), in one statement
 * for all of them; for the groups left over two more: the courses they are linked to, and which of those the caller
 * manages. A group linked to courses is managed by whoever manages every one of them (none linked: nobody else).
 */
const managedGroups: Rule = async (ctx, keys) => {
  const caller = requireCaller(ctx);
  const groupManager = hasAnyRole(caller, GROUP_MANAGERS);
  if (holdsRoleEverywhere(caller, GROUP_MANAGERS)) return keys;
  const managed = new Set(groupManager ? await groupsInOrganisationsWithRole(ctx.em, caller.key, GROUP_MANAGERS, keys) : []);
  const others = keys.filter((key) => !managed.has(key));
  if (!others.length) return managed;
  const entriesByGroup = await entriesOfGroups(ctx.em, others);
  if (!entriesByGroup.size) return managed;
  const managedEntries = new Set(await managedEntryKeys(ctx.em, caller, [...new Set([...entriesByGroup.values()].flat())]));
  for (const [group, entries] of entriesByGroup) if (entries.every((entry) => managedEntries.has(entry))) managed.add(group);
  return managed;
};

const RULES: Record<ManagedKind, Rule> = {
  /** People: their user managers, within the privilege ladder (src/domain/scope.ts). */
  person: (ctx, keys) => managedPeople(ctx.em, requireCaller(ctx), keys, USER_MANAGERS),
  group: managedGroups,
  /** Repository entries: administrators and learning resource managers of their organisations or of one linked to them, and their owners. */
  entry: (ctx, keys) => managedEntryKeys(ctx.em, requireCaller(ctx), keys),
  /** Curricula: administrators and curriculum managers of their organisation, and holders of a curriculum-level role on them. */
  curriculum: (ctx, keys) => managedCurricula(ctx.em, requireCaller(ctx), CURRICULUM_MANAGERS, keys),
  /** Organisations: their administrators and system administrators. */
  organisation: async (ctx, keys) => {
    const caller = requireCaller(ctx);
    return hasAnyRole(caller, ORGANISATION_ADMINS) ? managedOrganisationKeys(ctx.em, caller.key, keys, ORGANISATION_ADMINS) : [];
  },
};

/** Of these keys of objects of one kind, those the caller may change: one question (and one more for a caller bound to an organisation). */
export async function managedKeys(ctx: RequestContext, kind: ManagedKind, keys: readonly number[]): Promise<Set<number>> {
  if (!keys.length) return new Set();
  const managed = [...(await RULES[kind](ctx, [...new Set(keys)]))];
  return new Set(await keysWithinBound(ctx, kind, managed));
}

/** Of these objects, which the caller may change: one question per kind for all of them. */
export async function managedObjects(ctx: RequestContext, objects: readonly ObjectRef[]): Promise<(object: ObjectRef) => boolean> {
  const keysByKind = new Map<ManagedKind, Set<number>>();
  for (const { kind, key } of objects) keysByKind.set(kind, (keysByKind.get(kind) ?? new Set()).add(key));
  const managed = new Map<ManagedKind, Set<number>>();
  for (const [kind, keys] of keysByKind) managed.set(kind, await managedKeys(ctx, kind, [...keys]));
  return ({ kind, key }) => managed.get(kind)?.has(key) ?? false;
}

/** Whether the caller may change the object. */
export const managesObject = async (ctx: RequestContext, { kind, key }: ObjectRef) => (await managedKeys(ctx, kind, [key])).has(key);

/**
 * The person rule with other managing roles (the statements' administrators, SCIM's user managers), within a bound
 * credential's organisation: of these keys, those the caller manages, in one statement.
 */
export async function peopleManagedWith(ctx: RequestContext, roles: readonly OrganisationRole[], keys: readonly number[]): Promise<Set<number>> {
  return new Set(await managedPeople(ctx.em, requireCaller(ctx), keys, roles));
}

/** The same rule as a condition on `column` (an identity key), for the statement that reads the rows. */
export const peopleManagedWhere = (ctx: RequestContext, roles: readonly OrganisationRole[], column: string): SqlCondition =>
  managesPerson(requireCaller(ctx), roles, column);
