import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';

/**
 * The collaboration tools a group can switch on, by OpenOLAT's ids (CollaborationTools.TOOL_*), in
 * the order of CollaborationToolsFactory.initAvailableTools.
 */
export const GROUP_TOOLS = [
  'hasNews',
  'hasContactForm',
  'hasCalendar',
  'hasFolder',
  'hasForum',
  'hasChat',
  'hasWiki',
  'hasPortfolio',
  'hasOpenMeetings',
  'hasAdobeConnect',
  'hasBigBlueButton',
  'hasTeams',
] as const;

export type GroupTool = (typeof GROUP_TOOLS)[number];

export const isGroupTool = (value: string): value is GroupTool => (GROUP_TOOLS as readonly string[]).includes(value);

/** The tools that have an access level (`toolsAccess`), and the Group property that holds it. */
export const TOOL_ACCESS = { hasFolder: 'folderAccess', hasCalendar: 'calendarAccess' } as const;

export type ToolWithAccess = keyof typeof TOOL_ACCESS;

export const hasAccessLevel = (tool: string): tool is ToolWithAccess => Object.hasOwn(TOOL_ACCESS, tool);

/** OpenOLAT's access levels of the folder and the calendar: who writes in them. */
export const ToolAccess = { owners: 0, all: 1 } as const;

/** Whether the tool is on in a group row's `tools` already read. */
export const hasTool = (tools: readonly string[], tool: GroupTool) => tools.includes(tool);

/** Whether the tool is switched on for the group; false for a group that does not exist. */
export async function isToolEnabled(em: EntityManager, groupKey: number, tool: GroupTool): Promise<boolean> {
  const rows = await sql(em, 'select 1 from business_group where id = ? and ? = any(tools)', [groupKey, tool]);
  return rows.length > 0;
}
