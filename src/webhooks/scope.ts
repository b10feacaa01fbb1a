import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import type { ChangeRow } from '../changes/repository';

/**
 * Which objects of a kind lie in an organisation or below it (a subscription's organisation scope): `s` is the scope's
 * organisation, `?` the object keys. People by their memberships, courses by their organisations, groups by the
 * courses they are linked to, curricula by their organisation, organisations by the tree.
 */
/** The entry `e` belongs to the scope `s`: its own organisation or one it is shared with lies in or below it. */
const ENTRY_IN_SCOPE = `exists (select 1 from organisation o where o.path like s.path || '%' and (o.id = e.organisation_id
  or exists (select 1 from repository_entry_to_organisation eo where eo.entry_id = e.id and eo.organisation_id = o.id)))`;

const IN_SCOPE: Record<string, string> = {
  user: `select distinct r.identity_id as key from s, organisation_role r join organisation o on o.id = r.organisation_id
    where r.identity_id = any(?::int[]) and o.path like s.path || '%'`,
  organisation: `select o.id as key from s, organisation o where o.id = any(?::int[]) and o.path like s.path || '%'`,
  course: `select e.olat_resource_id as key from s, repository_entry e where e.olat_resource_id = any(?::bigint[]) and ${ENTRY_IN_SCOPE}`,
  group: `select distinct g.group_id as key from s, repository_entry_group g join repository_entry e on e.id = g.entry_id
    where g.group_id = any(?::int[]) and ${ENTRY_IN_SCOPE}`,
  curriculum: `select c.id as key from s, curriculum c join organisation o on o.id = c.organisation_id
    where c.id = any(?::int[]) and o.path like s.path || '%'`,
};

/**
 * The events about objects in the organisation `organisationKey` or below it, in their order: one statement per kind
 * of object. Events of other kinds, and deletions (the object is gone, and with it where it was), are about no
 * organisation one can tell: a scoped subscription does not receive them.
 */
export async function eventsInOrganisation(em: EntityManager, organisationKey: number, events: ChangeRow[]): Promise<ChangeRow[]> {
  const keysByKind = new Map<string, Set<string>>();
  for (const event of events)
    if (event.objectType && IN_SCOPE[event.objectType] && event.objectKey != null)
      keysByKind.set(event.objectType, (keysByKind.get(event.objectType) ?? new Set()).add(event.objectKey));
  const inScope = new Map<string, Set<string>>();
  for (const [kind, keys] of keysByKind) {
    const rows = await sql<{ key: string | number }>(em, `with s as (select path from organisation where id = ?) ${IN_SCOPE[kind]}`, [
      organisationKey,
      `{${[...keys].join(',')}}`,
    ]);
    inScope.set(kind, new Set(rows.map((row) => String(row.key))));
  }
  return events.filter((event) => event.objectType && event.objectKey != null && inScope.get(event.objectType)?.has(event.objectKey));
}
