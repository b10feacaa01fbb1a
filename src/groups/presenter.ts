import type { Group } from '../entities/groups';
import type { GroupVO } from '../schema/groups';

/** What a GroupVO is made of: a Group, or a row of GROUP_COLUMNS (src/groups/repository.ts). */
export type GroupRow = Pick<Group, 'id' | 'name' | 'description' | 'externalId' | 'managedFlags' | 'type' | 'minParticipants' | 'maxParticipants'>;

export function toGroupVO(row: GroupRow): GroupVO {
  return {
    key: row.id,
    description: row.description ?? null,
    externalId: row.externalId ?? null,
    managedFlags: row.managedFlags ?? null,
    name: row.name,
    type: row.type,
    minParticipants: row.minParticipants ?? null,
    maxParticipants: row.maxParticipants ?? null,
  };
}
