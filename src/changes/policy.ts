import { managedKeys } from '../access/manage';
import { GATEWAY_ADMINS } from '../admin/policy';
import { CATALOG_MANAGERS } from '../catalog/policy';
import { keyArray, sql } from '../db/sql';
import { keysWithinBound } from '../domain/bound';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import type { OrganisationRole } from '../domain/roles';
import { managedOrganisationKeys } from '../organisations/repository';
import { RELATION_ROLE_ADMINS } from '../relations/policy';
import { TAXONOMY_ADMINS } from '../taxonomy/policy';
import { organisationsOfDeleted, type ChangeRow } from './repository';
import { USER_MANAGERS, ENTRY_MANAGERS, GROUP_MANAGERS, CURRICULUM_MANAGERS, ORGANISATION_ADMINS } from '../access/roles';

type Managed = (ctx: RequestContext, keys: number[]) => Promise<ReadonlySet<number>>;

interface KindPolicy {
  /** Of these objects of the kind, those the caller manages: one statement (or a few) for all of them. */
  manages: Managed;
  /** The roles that manage the kind's objects in an organisation: who reads the deletion of an object that belonged there. */
  managers?: readonly OrganisationRole[];
  /** The kind's objects belong to no organisation but to the whole institution: a credential bound to an organisation reads them and changes none. */
  institutionWide?: true;
}

/** Every object of a kind of global vocabulary, for a caller who holds one of `roles` in some organisation (who may manage it). */
const heldAnywhere =
  (roles: readonly OrganisationRole[]): Managed =>
  async (ctx, keys) =>
    hasAnyRole(requireCaller(ctx), roles) ? new Set(keys) : new Set();

/** The keys of `keys` that `statement` answers (`?`: the keys as an array, then `params`). */
async function keysAnswered(ctx: RequestContext, statement: string, keys: number[], ...params: unknown[]): Promise<Set<number>> {
  const rows = await sql<{ key: string | number }>(ctx.em, statement, [keyArray(keys), ...params]);
  return new Set(rows.map((row) => Number(row.key)));
}

/**
 * Objects managed as their parent is: `statement` answers the `key` and `parent` of each of the keys (`?`), `parents`
 * which of the parents the caller manages. Two statements for all of them.
 */
async function managedAsParents(
  ctx: RequestContext,
  keys: number[],
  statement: string,
  parents: (parentKeys: number[]) => Promise<Iterable<number>>,
): Promise<Set<number>> {
  const rows = await sql<{ key: string; parent: number }>(ctx.em, statement, [keyArray(keys)]);
  if (!rows.length) return new Set();
  const managed = new Set(await parents([...new Set(rows.map((row) => row.parent))]));
  return new Set(rows.filter((row) => managed.has(row.parent)).map((row) => Number(row.key)));
}

/** Courses by their course id (the OLAT resource id), managed as their entries are (src/courses/policy.ts). */
const managedCourses: Managed = (ctx, keys) =>
  managedAsParents(ctx, keys, 'select olat_resource_id::text as key, id as parent from repository_entry where olat_resource_id = any(?::bigint[])', (entries) =>
    managedKeys(ctx, 'entry', entries),
  );

/** Curriculum elements, managed by the managers of their curriculum. */
const managedElements: Managed = (ctx, keys) =>
  managedAsParents(ctx, keys, 'select id::text as key, curriculum_id as parent from curriculum_element where id = any(?::bigint[])', (curricula) =>
    managedKeys(ctx, 'curriculum', curricula),
  );

/** Objects whose owner column names the caller (webhook subscriptions, sync jobs); system administrators manage every one. */
const ownedIn =
  (table: string): Managed =>
  async (ctx, keys) =>
    hasAnyRole(requireCaller(ctx), ['sysadmin'])
      ? new Set(keys)
      : keysAnswered(ctx, `select id as key from ${table} where id = any(?::bigint[]) and owner_key = ?`, keys, requireCaller(ctx).key);

/**
 * Who reads the events of each kind of object (`objectType`, named by src/changes/objects.ts): the managers of the
 * object, by its family's policy. An event of a kind without an entry reaches nobody (test/changes/kinds.test.ts
 * wants an entry for every kind a mutation names).
 *
 * | kind | who reads its events |
 * | --- | --- |
 * | user | the person, and their user managers |
 * | group | group managers, and managers of every course the group is linked to |
 * | course | its owners, administrators and learning resource managers of its organisations |
 * | curriculum, element | the curriculum's managers (administrators, curriculum managers of its organisation) and owners |
 * | organisation | its administrators |
 * | organisation type, relation role, taxonomy | who may manage them: administrators (of any organisation) |
 * | curriculum element type | curriculum managers (of any organisation) |
 * | catalog entry | catalog managers (administrators, learning resource managers of any organisation) and its owners |
 * | webhook, sync job | its owner, and system administrators |
 * | settings | administrators |
 */
export const KIND_POLICIES: Record<string, KindPolicy> = {
  user: {
    manages: async (ctx, keys) => new Set([...keys.filter((key) => key === requireCaller(ctx).key), ...(await managedKeys(ctx, 'person', keys))]),
    managers: USER_MANAGERS,
  },
  group: { manages: (ctx, keys) => managedKeys(ctx, 'group', keys), managers: GROUP_MANAGERS },
  course: { manages: managedCourses, managers: ENTRY_MANAGERS },
  curriculum: { manages: (ctx, keys) => managedKeys(ctx, 'curriculum', keys), managers: CURRICULUM_MANAGERS },
  element: { manages: managedElements, managers: CURRICULUM_MANAGERS },
  organisation: { manages: (ctx, keys) => managedKeys(ctx, 'organisation', keys), managers: ORGANISATION_ADMINS },
  organisationType: { manages: heldAnywhere(ORGANISATION_ADMINS), institutionWide: true },
  relationRole: { manages: heldAnywhere(RELATION_ROLE_ADMINS), institutionWide: true },
  taxonomy: { manages: heldAnywhere(TAXONOMY_ADMINS), institutionWide: true },
  curriculumElementType: { manages: heldAnywhere(CURRICULUM_MANAGERS), institutionWide: true },
  catalogEntry: {
    manages: async (ctx, keys) =>
      hasAnyRole(requireCaller(ctx), CATALOG_MANAGERS)
        ? new Set(keys)
        : keysAnswered(
            ctx,
            'select catalog_entry_id as key from catalog_entry_owner where catalog_entry_id = any(?::bigint[]) and identity_id = ?',
            keys,
            requireCaller(ctx).key,
          ),
    institutionWide: true,
  },
  webhook: { manages: ownedIn('webhook_subscription') },
  syncJob: { manages: ownedIn('sync_job') },
  settings: { manages: heldAnywhere(GATEWAY_ADMINS), institutionWide: true },
};

/** A deletion of an object or of a part of it: where its object belonged is recorded with it (src/changes/objects.ts). */
const DELETED = /\.deleted$/;

/** Which of these lists of organisations name one the caller manages with `managers`: one statement for all of them. */
async function inManagedOrganisation(ctx: RequestContext, lists: string[][], managers: readonly OrganisationRole[]): Promise<(list: string[]) => boolean> {
  const organisations = [...new Set(lists.flat().map(Number))];
  const managed = new Set(
    organisations.length
      ? await keysWithinBound(ctx, 'organisation', await managedOrganisationKeys(ctx.em, requireCaller(ctx).key, organisations, managers))
      : [],
  );
  return (list) => list.some((key) => managed.has(Number(key)));
}

/** Of the deletions `events` of one kind, those whose recorded organisations the caller manages with the kind's managing roles. */
async function deletionsInManagedOrganisations(ctx: RequestContext, events: ChangeRow[], managers: readonly OrganisationRole[]): Promise<Set<ChangeRow>> {
  const managed = await inManagedOrganisation(
    ctx,
    events.map((event) => event.organisationKeys ?? []),
    managers,
  );
  return new Set(events.filter((event) => managed(event.organisationKeys ?? [])));
}

/**
 * Of these objects of a kind the caller does not manage, those deleted since whose deletion the caller reads as a
 * manager of an organisation the object belonged to then: one statement for the deletions, one for the organisations.
 */
async function goneObjectsInManagedOrganisations(
  ctx: RequestContext,
  kind: string,
  keys: string[],
  managers: readonly OrganisationRole[],
): Promise<Set<string>> {
  const deleted = await organisationsOfDeleted(ctx.em, kind, keys);
  const managed = await inManagedOrganisation(ctx, [...deleted.values()], managers);
  return new Set([...deleted].filter(([, where]) => managed(where)).map(([key]) => key));
}

/**
 * The events of `events` the caller may read, in their order, default deny: an event of a kind without a policy, or
 * without an object key, reaches nobody. One policy question per kind of object for all the events read. A deletion
 * is read by those who manage its object still (a part of it was deleted), by the managers of the organisations the
 * object belonged to when it was deleted, and by its writer; the earlier events of an object deleted since are read
 * as its deletion is (a reader who comes late still sees it created, then deleted).
 */
export async function readableChanges(ctx: RequestContext, events: ChangeRow[]): Promise<ChangeRow[]> {
  const caller = requireCaller(ctx);
  const byKind = new Map<string, ChangeRow[]>();
  for (const event of events) {
    if (!event.objectType || !KIND_POLICIES[event.objectType] || event.objectKey == null) continue;
    const ofKind = byKind.get(event.objectType) ?? [];
    byKind.set(event.objectType, ofKind);
    ofKind.push(event);
  }
  const readable = new Set<ChangeRow>();
  for (const [kind, ofKind] of byKind) {
    const policy = KIND_POLICIES[kind];
    const managed = await policy.manages(ctx, [...new Set(ofKind.map((event) => Number(event.objectKey)))]);
    const deletions = ofKind.filter((event) => DELETED.test(event.type));
    const deletionsReadable = policy.managers ? await deletionsInManagedOrganisations(ctx, deletions, policy.managers) : new Set<ChangeRow>();
    const unmanaged = [
      ...new Set(ofKind.filter((event) => !managed.has(Number(event.objectKey)) && !DELETED.test(event.type)).map((event) => event.objectKey!)),
    ];
    const goneReadable =
      policy.managers && unmanaged.length ? await goneObjectsInManagedOrganisations(ctx, kind, unmanaged, policy.managers) : new Set<string>();
    for (const event of ofKind)
      if (
        managed.has(Number(event.objectKey)) ||
        deletionsReadable.has(event) ||
        (DELETED.test(event.type) ? event.identityKey === caller.key : goneReadable.has(event.objectKey!))
      )
        readable.add(event);
  }
  return events.filter((event) => readable.has(event));
}
