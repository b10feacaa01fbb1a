import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import { organisationsOfDeleted, type ChangeRow } from '../changes/repository';

/** The entry `e` belongs to the scope `s`: its own organisation or one it is shared with lies in or below it. */
const ENTRY_IN_SCOPE = `exists (select 1 from organisation o where o.path like s.path || '%' and (o.id = e.organisation_id
  or exists (select 1 from repository_entry_to_organisation eo where eo.entry_id = e.id and eo.organisation_id = o.id)))`;

/**
 * Which objects of a kind lie in an organisation or below it (a subscription's organisation scope): `s` is the scope's
 * organisation, `?` the object keys. People by their memberships, courses by their organisations, groups and curricula
 * by their organisation, organisations by the tree.
 */
const IN_SCOPE: Record<string, string> = {
  user: `select distinct r.identity_id as key from s, organisation_role r join organisation o on o.id = r.organisation_id
    where r.identity_id = any(?::int[]) and o.path like s.path || '%'`,
  organisation: `select o.id as key from s, organisation o where o.id = any(?::int[]) and o.path like s.path || '%'`,
  course: `select e.olat_resource_id as key from s, repository_entry e where e.olat_resource_id = any(?::bigint[]) and ${ENTRY_IN_SCOPE}`,
  group: `select g.id as key from s, business_group g join organisation o on o.id = g.organisation_id
    where g.id = any(?::int[]) and o.path like s.path || '%'`,
  curriculum: `select c.id as key from s, curriculum c join organisation o on o.id = c.organisation_id
    where c.id = any(?::int[]) and o.path like s.path || '%'`,
};

/** Of these organisations, those in the scope `s` or below it. */
const ORGANISATIONS_IN_SCOPE = `select o.id as key from s, organisation o where o.id = any(?::bigint[]) and o.path like s.path || '%'`;

/**
 * The events about objects in the organisation `organisationKey` or below it, in their order: one statement per kind
 * of object. A deletion, and an earlier event of an object deleted since, by the organisations recorded with the
 * deletion (the object is gone, and with it where it was); events of other kinds are about no organisation one can
 * tell: a scoped subscription does not receive them.
 */
export async function eventsInOrganisation(em: EntityManager, organisationKey: number, events: ChangeRow[]): Promise<ChangeRow[]> {
  const inScope = async (statement: string, keys: Iterable<string>) => {
    const asked = [...new Set(keys)];
    if (!asked.length) return new Set<string>();
    const rows = await sql<{ key: string | number }>(em, `with s as (select path from organisation where id = ?) ${statement}`, [
      organisationKey,
      `{${asked.join(',')}}`,
    ]);
    return new Set(rows.map((row) => String(row.key)));
  };
  const keysByKind = new Map<string, Set<string>>();
  for (const event of events)
    if (!event.organisationKeys && event.objectType && IN_SCOPE[event.objectType] && event.objectKey != null)
      keysByKind.set(event.objectType, (keysByKind.get(event.objectType) ?? new Set()).add(event.objectKey));
  const organisationsOf = new Map<ChangeRow, string[]>();
  for (const event of events) if (event.organisationKeys) organisationsOf.set(event, event.organisationKeys);
  const objectsInScope = new Map<string, Set<string>>();
  for (const [kind, keys] of keysByKind) {
    const found = await inScope(IN_SCOPE[kind], keys);
    objectsInScope.set(kind, found);
    const missing = [...keys].filter((key) => !found.has(key));
    if (!missing.length) continue;
    const deleted = await organisationsOfDeleted(em, kind, missing);
    for (const event of events)
      if (event.objectType === kind && !event.organisationKeys && deleted.has(event.objectKey!)) organisationsOf.set(event, deleted.get(event.objectKey!)!);
  }
  const organisationsInScope = await inScope(ORGANISATIONS_IN_SCOPE, [...organisationsOf.values()].flat());
  return events.filter((event) =>
    organisationsOf.has(event)
      ? organisationsOf.get(event)!.some((key) => organisationsInScope.has(key))
      : event.objectType && event.objectKey != null && objectsInScope.get(event.objectType)?.has(event.objectKey),
  );
}
