import type { EntityManager } from '@mikro-orm/postgresql';
import { withinBound } from '../domain/bound';
import { inTransaction } from '../audit/audit-log';
import { hasAnyRole, holdsRoleEverywhere, requireCaller, type RequestContext } from '../domain/context';
import { DomainError, forbidden, notFound, validationFailed, type ErrorDetail } from '../domain/errors';
import { answerList, answerListById, inRanges } from '../domain/lists';
import { loader } from '../domain/loaders';
import { pageWithinBudget, type Page, type PageRequest } from '../domain/paging';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import { mandatory, tooLongValues } from '../domain/validation';
import { Group, GroupRole } from '../entities/groups';
import { Organisation } from '../entities/organisations';
import type { GroupConfigurationVO, GroupConfigurationVOInput, GroupInfoVO, GroupInfoVOes, GroupVO, GroupVOInput } from '../schema/groups';
import type { UserVO } from '../schema/users';
import { toUserVO, type UserRow } from '../users/presenter';
import { requireIdentity } from '../users/repository';
import {
  memberListsReadable,
  organisationOfNewGroup,
  personGroupsReadable,
  requireGroupManager,
  requireGroupReader,
  requireGroupsOfPersonReader,
} from './policy';
import { toGroupConfigurationVO, toGroupInfoVO, toGroupVO, type GroupConfigurationRow, type GroupRow } from './presenter';
import * as groups from './repository';
import { findGroup } from './repository';
import { GROUP_TOOLS, TOOL_ACCESS, ToolAccess, hasAccessLevel, hasTool, isGroupTool, isToolEnabled } from './tools';
import { GROUP_MANAGERS } from '../access/roles';

/** GET /groups: the groups of the organisations where the caller manages groups, and the groups the caller belongs to. */
export function listGroups(ctx: RequestContext, filter: { externalId?: string | null; managed?: boolean | null }): Promise<GroupVO[]> {
  const caller = requireCaller(ctx);
  // A group manager of every organisation reads every group: no condition to weigh on the key-ordered read.
  const reader = holdsRoleEverywhere(caller, GROUP_MANAGERS)
    ? undefined
    : { identityKey: caller.key, managerRoles: hasAnyRole(caller, GROUP_MANAGERS) ? GROUP_MANAGERS : [] };
  const within = withinBound(ctx, 'group', 'g.id');
  return answerListById(ctx, (range) => groups.listGroups(ctx.em, { ...filter, reader, within }, range), toGroupVO);
}

/** GET /users/{k}/groups[/owner|/participant]: the groups the person belongs to (in the role), a page or all of them. */
export async function listGroupsOfPerson(
  ctx: RequestContext,
  identityKey: number,
  role: GroupRole | null,
  filter: { externalId?: string | null; managed?: boolean | null },
  page: PageRequest,
): Promise<Page<GroupVO>> {
  await requireIdentity(ctx.em, identityKey);
  await requireGroupsOfPersonReader(ctx, identityKey);
  const { totalCount, items } = await pageWithinBudget(ctx, page, (page) =>
    groups.pageOfGroups(ctx.em, { ...filter, memberKey: identityKey, memberRole: role }, page),
  );
  return { totalCount, items: items.map(toGroupVO) };
}

/** GET /groups/{g}: with Last-Modified, so that If-Modified-Since gets 304 as in OpenOLAT. */
export async function getGroup(ctx: RequestContext, key: number): Promise<GroupVO> {
  const group = await findGroup(ctx.em, key);
  await requireGroupReader(ctx, key);
  return answerGroup(ctx, group);
}

/** The GroupVO of a group read by key, with its modification date as the answer's validator. */
export function answerGroup(ctx: RequestContext, group: Group): GroupVO {
  ctx.validators = { lastModified: group.lastModified };
  return toGroupVO(group);
}

/** Every rule the body breaks, in one answer. */
export function validateGroup(input: GroupVOInput) {
  const errors = [
    ...(input.name?.trim() ? [] : [{ code: 'org.olat.group:create.form.error.name.empty', translation: 'The group name is mandatory.' }]),
    ...tooLongValues({ name: input.name, externalId: input.externalId, managedFlags: input.managedFlags }),
  ];
  if (errors.length) throw validationFailed(errors);
}

/** OpenOLAT stores participant limits of zero or less as "unlimited". */
const limit = (value: number | null | undefined) => (value != null && value > 0 ? value : null);

export function apply(group: Group, input: GroupVOInput) {
  group.name = input.name!.trim();
  if (input.description !== undefined) group.description = input.description;
  if (input.externalId !== undefined) group.externalId = input.externalId;
  if (input.managedFlags !== undefined) group.managedFlags = input.managedFlags;
  if (input.minParticipants !== undefined) group.minParticipants = limit(input.minParticipants);
  if (input.maxParticipants !== undefined) group.maxParticipants = limit(input.maxParticipants);
}

/** PUT /groups: a body with a key > 0 updates that group, as in OpenOLAT; else a new group of the organisation (organisationOfNewGroup). */
export async function createGroup(ctx: RequestContext, input: GroupVOInput, organisationKey?: number | null): Promise<GroupVO> {
  if (input.key && input.key > 0) return updateGroup(ctx, input.key, input);
  validateGroup(input);
  return inTransaction(ctx, async (em) => {
    const organisation = em.getReference(Organisation, await organisationOfNewGroup({ ...ctx, em }, organisationKey));
    const group = em.create(Group, { name: input.name!.trim(), organisation });
    apply(group, input);
    await em.persistAndFlush(group);
    return toGroupVO(group);
  });
}

export async function updateGroup(ctx: RequestContext, key: number, input: GroupVOInput): Promise<GroupVO> {
  return inTransaction(ctx, async (em) => {
    const group = await findGroup(em, key);
    await requireGroupManager({ ...ctx, em }, key);
    if (input.name === undefined || input.name === null) input = { ...input, name: group.name };
    validateGroup(input);
    apply(group, input);
    await em.flush();
    return toGroupVO(group);
  });
}

export async function deleteGroup(ctx: RequestContext, key: number): Promise<boolean> {
  await inTransaction(ctx, async (em) => {
    const group = await findGroup(em, key);
    await requireGroupManager({ ...ctx, em }, key);
    await em.removeAndFlush(group);
  });
  return true;
}

export async function listMembers(ctx: RequestContext, groupKey: number, role: GroupRole): Promise<UserVO[]> {
  await findGroup(ctx.em, groupKey);
  if (!(await memberListsReadable(ctx, [groupKey], role)).has(groupKey)) throw forbidden();
  const rows = inRanges(
    ctx,
    (range) => groups.listMembers(ctx.em, groupKey, role, range),
    (row) => row.membershipKey,
  );
  return answerList(ctx, rows, (row) => toUserVO(row, true));
}

/** `UserVO.groups` (GraphQL): a page of a person's groups, by the rule of GET /users/{k}/groups, for all people of an answer at once. */
export function groupsOfPersonInAnswer(ctx: RequestContext, identityKey: number, page: EdgePage): Promise<GroupVO[]> {
  const edge: Edge<GroupRow, GroupVO> = {
    readable: (keys) => personGroupsReadable(ctx, keys),
    read: (keys, page, cap) => groups.pagesOfGroupsOfMembers(ctx.em, keys, page, cap),
    present: toGroupVO,
  };
  return pageOf(ctx, 'groups of person', edge, page, identityKey);
}

/** `GroupVO.organisationKey` (GraphQL): the organisation of every group of an answer, read at once. */
export function organisationKeyOf(ctx: RequestContext, groupKey: number): Promise<number | null> {
  return loader<number, number | null>(ctx, 'organisations of groups', async (keys) => {
    const found = await groups.organisationsOfGroups(ctx.em, keys);
    return keys.map((key) => found.get(key) ?? null);
  }).load(groupKey);
}

/** `GroupVO.owners|participants` (GraphQL): a page of the members with the role of each group of an answer, read for all of them at once. */
export function membersOf(ctx: RequestContext, groupKey: number, role: GroupRole, page: EdgePage): Promise<UserVO[]> {
  const edge: Edge<UserRow, UserVO> = {
    readable: (keys) => memberListsReadable(ctx, keys, role),
    read: (keys, page, cap) => groups.pagesOfMembersOfGroups(ctx.em, keys, role, page, cap),
    present: (row) => toUserVO(row, true),
  };
  return pageOf(ctx, `group members ${role}`, edge, page, groupKey);
}

/**
 * Adds a member; true when added, false when the identity already held that role (REST answers 304).
 * Concurrent identical adds meet the unique constraint and leave one membership; a full group answers 412.
 */
export async function addMember(ctx: RequestContext, groupKey: number, identityKey: number, role: GroupRole): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    const { maxParticipants } = await groups.lockGroup(em, groupKey);
    await requireGroupManager({ ...ctx, em }, groupKey);
    await requireIdentity(em, identityKey);
    if (role === GroupRole.participant && maxParticipants != null && (await groups.countOtherParticipants(em, groupKey, identityKey)) >= maxParticipants) {
      throw new DomainError('PRECONDITION_FAILED', 'the group is full');
    }
    return groups.insertMember(em, groupKey, identityKey, role);
  });
}

/**
 * addMember for a set of people (a sync's batch), in the caller's transaction: the group locked once, a statement per
 * step. Answers per person true (added), false (held the role already) or null (the group is full by then: its
 * addMember answers so), in the order given, as one addMember after another would.
 */
export async function addMembersOfSet(em: EntityManager, groupKey: number, identityKeys: readonly number[], role: GroupRole): Promise<(boolean | null)[]> {
  const { maxParticipants } = await groups.lockGroup(em, groupKey);
  let room = Infinity;
  if (role === GroupRole.participant && maxParticipants != null) room = maxParticipants - (await groups.countParticipantsBut(em, groupKey, identityKeys));
  const admitted = identityKeys.slice(0, Math.max(0, room));
  const added = await groups.insertMembers(em, groupKey, admitted, role);
  return identityKeys.map((key, index) => (index < admitted.length ? added.has(key) : null));
}

export async function removeMember(ctx: RequestContext, groupKey: number, identityKey: number, role: GroupRole): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    await findGroup(em, groupKey);
    await requireGroupManager({ ...ctx, em }, groupKey);
    await requireIdentity(em, identityKey);
    await groups.deleteMember(em, groupKey, identityKey, role);
    return true;
  });
}

/** GET /users/{k}/groups/infos: a page of the person's groups with what the person sees of them. */
export async function listGroupInfosOfPerson(
  ctx: RequestContext,
  identityKey: number,
  filter: { externalId?: string | null; managed?: boolean | null },
  page: PageRequest,
): Promise<GroupInfoVOes> {
  await requireIdentity(ctx.em, identityKey);
  await requireGroupsOfPersonReader(ctx, identityKey);
  const { totalCount, items } = await pageWithinBudget(ctx, page, (page) =>
    groups.pageOfGroupInfos(ctx.em, { ...filter, memberKey: identityKey }, page, identityKey),
  );
  return { totalCount, items: items.map(toGroupInfoVO) };
}

/** GET /groups/{g}/infos: the group as the caller sees it. */
export async function getGroupInfo(ctx: RequestContext, key: number): Promise<GroupInfoVO> {
  const row = await groups.findGroupInfo(ctx.em, key, requireCaller(ctx).key);
  await requireGroupReader(ctx, key);
  return toGroupInfoVO(row);
}

export async function getConfiguration(ctx: RequestContext, key: number): Promise<GroupConfigurationVO> {
  const configuration = await groups.findConfiguration(ctx.em, key);
  await requireGroupManager(ctx, key);
  return toGroupConfigurationVO(configuration);
}

function validateConfiguration(input: GroupConfigurationVOInput) {
  const errors: ErrorDetail[] = [];
  for (const tool of input.tools ?? []) {
    if (!isGroupTool(tool)) {
      errors.push({
        code: `org.olat.collaboration:tool.unknown:${tool}`,
        translation: `Unknown collaboration tool "${tool}"; the tools are ${GROUP_TOOLS.join(', ')}.`,
      });
    }
  }
  for (const [tool, access] of Object.entries(input.toolsAccess ?? {})) {
    if (!hasAccessLevel(tool)) {
      errors.push({
        code: `org.olat.collaboration:tool.access.unknown:${tool}`,
        translation: `Only ${Object.keys(TOOL_ACCESS).join(' and ')} have an access level, not "${tool}".`,
      });
    } else if (access !== ToolAccess.owners && access !== ToolAccess.all) {
      errors.push({
        code: `org.olat.collaboration:tool.access.invalid:${tool}`,
        translation: `The access level of ${tool} is ${ToolAccess.owners} (owners) or ${ToolAccess.all} (everyone), not ${access}.`,
      });
    }
  }
  if (errors.length) throw validationFailed(errors);
}

/** POST /groups/{g}/configuration, with OpenOLAT's rules: see GroupConfigurationVOInput. */
export async function updateConfiguration(ctx: RequestContext, key: number, input: GroupConfigurationVOInput): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    const current = await groups.findConfiguration(em, key, true);
    await requireGroupManager({ ...ctx, em }, key);
    validateConfiguration(input);
    const next: GroupConfigurationRow = { ...current, tools: GROUP_TOOLS.filter((tool) => input.tools?.includes(tool)) };
    for (const [tool, access] of Object.entries(input.toolsAccess ?? {})) if (hasAccessLevel(tool)) next[TOOL_ACCESS[tool]] = access;
    if (input.news?.trim()) next.news = input.news;
    for (const flag of ['ownersVisible', 'participantsVisible', 'waitingListVisible', 'ownersPublic', 'participantsPublic', 'waitingListPublic'] as const) {
      next[flag] = input[flag] ?? current[flag];
    }
    await groups.saveConfiguration(em, key, next);
    return true;
  });
}

/** GET /groups/{g}/news: for members and group managers, while the news tool is on and there is news. */
export async function getNews(ctx: RequestContext, key: number): Promise<string> {
  const news = await groups.findNews(ctx.em, key);
  await requireGroupReader(ctx, key);
  if (!(await isToolEnabled(ctx.em, key, 'hasNews'))) throw notFound('news tool of the group');
  if (news == null) throw notFound('news of the group');
  return news;
}

/** The group's news tool, for a write of the group's managers that needs it on: the group row is held until the transaction ends. */
async function requireNewsTool(ctx: RequestContext, key: number) {
  const { tools } = await groups.findConfiguration(ctx.em, key, true);
  await requireGroupManager(ctx, key);
  if (!hasTool(tools, 'hasNews')) throw notFound('news tool of the group');
}

/** POST /groups/{g}/news: answers the news saved. */
export async function updateNews(ctx: RequestContext, key: number, news: string | null | undefined): Promise<string> {
  return inTransaction(ctx, async (em) => {
    await requireNewsTool({ ...ctx, em }, key);
    if (!news?.trim()) throw validationFailed([mandatory('news')]);
    await groups.saveNews(em, key, news);
    return news;
  });
}

export async function deleteNews(ctx: RequestContext, key: number): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    await requireNewsTool({ ...ctx, em }, key);
    await groups.saveNews(em, key, null);
    return true;
  });
}
