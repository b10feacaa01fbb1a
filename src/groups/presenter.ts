import type { Group } from '../entities/groups';
import type { GroupConfigurationVO, GroupInfoVO, GroupVO } from '../schema/groups';
import { GROUP_TOOLS, TOOL_ACCESS, ToolAccess, hasTool } from './tools';

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

/** A GroupRow with the tools, the folder access and the news, and whether the person it is read for owns the group. */
export type GroupInfoRow = GroupRow & Pick<Group, 'tools' | 'folderAccess' | 'news'> & { isOwner: boolean };

export function toGroupInfoVO(row: GroupInfoRow): GroupInfoVO {
  const hasFolder = hasTool(row.tools, 'hasFolder');
  return {
    ...toGroupVO(row),
    news: hasTool(row.tools, 'hasNews') ? (row.news ?? null) : null,
    forumKey: null,
    hasWiki: hasTool(row.tools, 'hasWiki'),
    hasFolder,
    folderWrite: hasFolder && (row.folderAccess !== ToolAccess.owners || row.isOwner),
  };
}

export type GroupConfigurationRow = Pick<
  Group,
  | 'tools'
  | 'folderAccess'
  | 'calendarAccess'
  | 'news'
  | 'ownersVisible'
  | 'participantsVisible'
  | 'waitingListVisible'
  | 'ownersPublic'
  | 'participantsPublic'
  | 'waitingListPublic'
>;

/** Only the tools switched on, each with its access level where it has one that was set, as OpenOLAT answers. */
export function toGroupConfigurationVO(row: GroupConfigurationRow): GroupConfigurationVO {
  const tools = GROUP_TOOLS.filter((tool) => hasTool(row.tools, tool));
  const toolsAccess: Record<string, number> = {};
  for (const [tool, property] of Object.entries(TOOL_ACCESS)) {
    const access = row[property];
    if (tools.includes(tool as keyof typeof TOOL_ACCESS) && access != null) toolsAccess[tool] = access;
  }
  return {
    tools,
    toolsAccess,
    news: row.news ?? null,
    ownersVisible: row.ownersVisible,
    participantsVisible: row.participantsVisible,
    waitingListVisible: row.waitingListVisible,
    ownersPublic: row.ownersPublic,
    participantsPublic: row.participantsPublic,
    waitingListPublic: row.waitingListPublic,
  };
}
