import type { EntityManager } from '@mikro-orm/postgresql';
import type { ItemRow } from '../repository';
import { byExternalId, changedFields, changesOf, type Decision, isAmbiguous, type NamedRow, single } from './compare';

interface OrganisationRow extends NamedRow {
  parentExternalId: string | null;
}

const ORGANISATION_FIELDS = ['identifier', 'displayName', 'description', 'parentExternalId'] as const;

export const organisationsByExternalId = async (em: EntityManager, refs: string[]) =>
  byExternalId<OrganisationRow>(
    em,
    `select o.id as key, o.external_id as "externalId", o.identifier, o.display_name as "displayName", o.description, p.external_id as "parentExternalId"
       from organisation o left join organisation p on p.id = o.parent_id where o.external_id = any(?::text[])`,
    refs,
  );

export async function decideOrganisations(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const decisions: Decision[] = [];
  for (const item of items) {
    const wanted = item.payload as Record<string, string | null>;
    const refs = [item.ref, ...(wanted.parentExternalId ? [wanted.parentExternalId] : [])];
    const found = await organisationsByExternalId(em, refs);
    const organisation = single(found, item.ref, 'organisations');
    const parent = wanted.parentExternalId ? single(found, wanted.parentExternalId, 'organisations') : undefined;
    if (isAmbiguous(organisation)) decisions.push({ action: 'error', error: organisation.ambiguous });
    else if (isAmbiguous(parent)) decisions.push({ action: 'error', error: parent.ambiguous });
    else if (wanted.parentExternalId && !parent)
      decisions.push({ action: 'error', error: `no organisation has the externalId ${wanted.parentExternalId} (parentExternalId)` });
    else {
      const { parentExternalId: _parent, ...fields } = wanted;
      const parentOrganisationKey = parent?.key;
      if (!organisation) {
        if (!wanted.identifier || !wanted.displayName)
          decisions.push({ action: 'error', error: 'identifier and displayName are required to create an organisation' });
        else
          decisions.push({
            action: 'create',
            write: { mutation: 'createOrganisation', variables: { organisation: { ...fields, externalId: item.ref, parentOrganisationKey } } },
          });
        continue;
      }
      const changes = changesOf(organisation as unknown as Record<string, unknown>, wanted, ORGANISATION_FIELDS);
      if (!changes.length) decisions.push({ action: 'unchanged', key: organisation.key, may: { kind: 'organisation', key: organisation.key } });
      else {
        const changed = changedFields(
          changes.filter((change) => change.field !== 'parentExternalId'),
          wanted,
        );
        const moved = changes.some((change) => change.field === 'parentExternalId') ? { parentOrganisationKey } : {};
        decisions.push({
          action: 'update',
          key: organisation.key,
          changes,
          write: { mutation: 'updateOrganisation', variables: { organisationKey: organisation.key, organisation: { ...changed, ...moved } } },
        });
      }
    }
  }
  return decisions;
}
