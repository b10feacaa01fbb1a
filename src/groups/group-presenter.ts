import type { Group } from '../entities/groups';
import type { GroupVO } from '../schema/group-types';

export interface GroupRow {
  key: number;
  description: string | null;
  externalId: string | null;
  managedFlags: string | null;
  name: string;
  type: string;
  minParticipants: number | null;
  maxParticipants: number | null;
}

export const GROUP_ROW_COLUMNS =
  'g.id as key, g.description, g.external_id as "externalId", g.managed_flags as "managedFlags", g.name, g.type, g.min_participants as "minParticipants", g.max_participants as "maxParticipants"';

export function toGroupVO(group: GroupRow | Group): GroupVO {
  const row = 'id' in group ? { ...group, key: group.id } : group;
  return {
    key: row.key,
    description: row.description ?? null,
    externalId: row.externalId ?? null,
    managedFlags: row.managedFlags ?? null,
    name: row.name,
    type: row.type,
    minParticipants: row.minParticipants ?? null,
    maxParticipants: row.maxParticipants ?? null,
  };
}
