import type { EntityManager } from '@mikro-orm/postgresql';
import { GROUP_TOOLS, isGroupTool } from '../../groups/tools';
import type { Write } from '../../graphql/writes';
import type { ItemRow } from '../repository';
import { byExternalId, changedFields, changesOf, type Decision, isAmbiguous, single, writesOf } from './compare';

interface GroupRow {
  key: number;
  externalId: string;
  name: string;
  description: string | null;
  minParticipants: number | null;
  maxParticipants: number | null;
  /** The tools switched on, comma-separated in GROUP_TOOLS' order. */
  tools: string;
  ownersVisible: boolean;
  participantsVisible: boolean;
  waitingListVisible: boolean;
  ownersPublic: boolean;
  participantsPublic: boolean;
  waitingListPublic: boolean;
}

const GROUP_FIELDS = ['name', 'description', 'minParticipants', 'maxParticipants'] as const;
/** What POST /groups/{g}/configuration sets, besides its tools. */
const VISIBILITY_FIELDS = ['ownersVisible', 'participantsVisible', 'waitingListVisible', 'ownersPublic', 'participantsPublic', 'waitingListPublic'] as const;

/** The tools in the order GROUP_TOOLS gives them, as GroupRow.tools holds them. */
const toolsText = (tools: readonly string[]) => GROUP_TOOLS.filter((tool) => tools.includes(tool)).join(',');

/** The group's configuration as the document wants it (tools replaced whole, a visibility left out kept): its write after the group's. */
const configurationWrite = (groupKey: number | undefined, tools: string, visibility: Record<string, unknown>): Write => ({
  mutation: 'updateGroupConfiguration',
  variables: { ...(groupKey === undefined ? {} : { groupKey }), configuration: { tools: tools ? tools.split(',') : [], ...visibility } },
  ...(groupKey === undefined ? { keyFrom: 'groupKey' } : {}),
});

export const groupsByExternalId = async (em: EntityManager, refs: string[]) =>
  byExternalId<GroupRow>(
    em,
    `select g.id as key, g.external_id as "externalId", g.name, g.description, g.min_participants as "minParticipants", g.max_participants as "maxParticipants",
         array_to_string(array(select tool from unnest(array[${GROUP_TOOLS.map((tool) => `'${tool}'`).join(',')}]) with ordinality as t(tool, n) where tool = any(g.tools) order by n), ',') as tools,
         g.owners_visible as "ownersVisible", g.participants_visible as "participantsVisible", g.waiting_list_visible as "waitingListVisible",
         g.owners_public as "ownersPublic", g.participants_public as "participantsPublic", g.waiting_list_public as "waitingListPublic"
       from business_group g where g.external_id = any(?::text[])`,
    refs,
  );

export async function decideGroups(em: EntityManager, items: ItemRow[]): Promise<Decision[]> {
  const found = await groupsByExternalId(
    em,
    items.map((item) => item.ref),
  );
  return items.map((item): Decision => {
    const { tools: toolList, ...wanted } = item.payload as Record<string, unknown> & { tools?: string[] | null };
    const unknownTools = (toolList ?? []).filter((tool) => !isGroupTool(tool));
    if (unknownTools.length) return { action: 'error', error: `tools: ${unknownTools.join(', ')} unknown (the tools are ${GROUP_TOOLS.join(', ')})` };
    const tools = toolList == null ? undefined : toolsText(toolList);
    const visibility = Object.fromEntries(VISIBILITY_FIELDS.filter((field) => wanted[field] != null).map((field) => [field, wanted[field]]));
    const group = single(found, item.ref, 'groups');
    if (isAmbiguous(group)) return { action: 'error', error: group.ambiguous };
    if (!group) {
      if (!wanted.name) return { action: 'error', error: 'name is required to create a group' };
      const groupFields = Object.fromEntries(GROUP_FIELDS.filter((field) => field in wanted).map((field) => [field, wanted[field]]));
      const create: Write = { mutation: 'createGroup', variables: { group: { ...groupFields, externalId: item.ref } } };
      const configured = tools || Object.keys(visibility).length;
      return { action: 'create', ...writesOf([create, ...(configured ? [configurationWrite(undefined, tools ?? '', visibility)] : [])]) };
    }
    const current = group as unknown as Record<string, unknown>;
    const groupChanges = changesOf(current, wanted, GROUP_FIELDS);
    const configurationChanges = [...changesOf(current, { tools }, ['tools']), ...changesOf(current, wanted, VISIBILITY_FIELDS)];
    const changes = [...groupChanges, ...configurationChanges];
    if (!changes.length) return { action: 'unchanged', key: group.key, may: { kind: 'group', key: group.key } };
    const writes: Write[] = [
      ...(groupChanges.length ? [{ mutation: 'updateGroup', variables: { groupKey: group.key, group: changedFields(groupChanges, wanted) } }] : []),
      ...(configurationChanges.length
        ? [
            configurationWrite(
              group.key,
              tools ?? group.tools,
              changedFields(
                configurationChanges.filter((change) => change.field !== 'tools'),
                wanted,
              ),
            ),
          ]
        : []),
    ];
    return { action: 'update', key: group.key, changes, ...writesOf(writes) };
  });
}
