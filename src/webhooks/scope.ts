import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import type { ChangeRow } from '../changes/repository';

/**
 * Which objects of a kind lie in an organisation or below it (a subscription's organisation scope): `s` is the scope's
 * organisation, `?` the object keys. People by their memberships, courses by their organisations, groups and curricula
 * by their organisation, organisations by the tree.
 */
/** The entry `e` belongs to the scope `s`: its own organisation or one it is shared with lies in or below it. */
const ENTRY_IN_SCOPE = `exists (select 1 from organisation o where o.path like s.path || '%' and (o.id = e.organisation_id
  or exists (select 1 from repository_entry_to_organisation eo where eo.entry_id = e.id and eo.organisation_id = o.id)))`;

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
 * of object. A deletion (the object is gone, and with it where it was) by the organisations recorded with it
 * (src/changes/objects.ts); events of other kinds are about no organisation one can tell: a scoped subscription does
 * not receive them.
 */
export async function eventsInOrganisation(em: EntityManager, organisationKey: number, events: ChangeRow[]): Promise<ChangeRow[]> {
  const inScope = async (statement: string, keys: Set<string>) =>
    keys.size
      ? new Set(
          (
            await sql<{ key: string | number }>(em, `with s as (select path from organisation where id = ?) ${statement}`, [
              organisationKey,
              `{${[...keys].join(',')}}`,
            ])
          ).map((row) => String(row.key)),
        )
      : new Set<string>();
  const keysByKind = new Map<string, Set<string>>();
  const recordedOrganisations = new Set<string>();
  for (const event of events) {
    if (event.organisationKeys) for (const key of event.organisationKeys) recordedOrganisations.add(key);
    else if (event.objectType && IN_SCOPE[event.objectType] && event.objectKey != null)
      keysByKind.set(event.objectType, (keysByKind.get(event.objectType) ?? new Set()).add(event.objectKey));
  }
  const objectsInScope = new Map<string, Set<string>>();
  for (const [kind, keys] of keysByKind) objectsInScope.set(kind, await inScope(IN_SCOPE[kind], keys));
  const organisationsInScope = await inScope(ORGANISATIONS_IN_SCOPE, recordedOrganisations);
  return events.filter((event) =>
    event.organisationKeys
      ? event.organisationKeys.some((key) => organisationsInScope.has(key))
      : event.objectType && event.objectKey != null && objectsInScope.get(event.objectType)?.has(event.objectKey),
  );
}
