import type { EntityManager } from '@mikro-orm/postgresql';
import type { ItemRow } from '../repository';
import { byExternalId, changedFields, changesOf, type Decision, isAmbiguous, single } from './compare';

interface GroupRow {
  key: number;
  externalId: string;
  name: string;
  description: string | null;
  minParticipants: number | null;
  maxParticipants: number | null;
}

const GROUP_FIELDS = ['name', 'description', 'minParticipants', 'maxParticipants'] as const;

export const groupsByExternalId = async (em: EntityManager, refs: string[]) =>
  byExternalId<GroupRow>(
    em,
    `select g.id as key, g.external_id as "externalId", g.name, g.description, g.min_participants as "minParticipants", g.max_participants as "maxParticipants"
       from business_group g where g.external_id = any(?::text[])`,
    refs,
  );

export async function decideGroups(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const found = await groupsByExternalId(
    em,
    items.map((item) => item.ref),
  );
  return items.map((item): Decision => {
    const wanted = item.payload;
    const group = single(found, item.ref, 'groups');
    if (isAmbiguous(group)) return { action: 'error', error: group.ambiguous };
    if (!group) {
      if (!wanted.name) return { action: 'error', error: 'name is required to create a group' };
      return { action: 'create', write: { mutation: 'createGroup', variables: { group: { ...wanted, externalId: item.ref } } } };
    }
    const changes = changesOf(group as unknown as Record<string, unknown>, wanted, GROUP_FIELDS);
    if (!changes.length) return { action: 'unchanged', key: group.key, may: { kind: 'group', key: group.key } };
    return {
      action: 'update',
      key: group.key,
      changes,
      write: { mutation: 'updateGroup', variables: { groupKey: group.key, group: changedFields(changes, wanted) } },
    };
  });
}
