import { sql } from '../db/sql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Group, GroupRole } from '../entities/groups';
import { Identity } from '../entities/users';
import { DomainError, forbidden, notFound, validationFailed } from '../domain/errors';
import { hasAnyRole, type RequestContext } from '../domain/context';
import type { OrganisationRole } from '../domain/roles';
import type { GroupVO, GroupVOInput } from '../schema/group-types';
import type { UserVO } from '../schema/user-types';
import { USER_ROW_COLUMNS, toUserVO, type UserRow } from '../users/user-presenter';
import { GROUP_ROW_COLUMNS, toGroupVO, type GroupRow } from './group-presenter';

/** OpenOLAT's "group manager" check: administrator or groupmanager. */
export const GROUP_MANAGER_ROLES: OrganisationRole[] = ['administrator', 'groupmanager'];

const isGroupManager = (ctx: RequestContext) => hasAnyRole(ctx.caller, GROUP_MANAGER_ROLES);

export async function findGroup(em: EntityManager, key: number): Promise<Group> {
  const group = await em.findOne(Group, { id: key });
  if (!group) throw notFound('group');
  return group;
}

async function isMember(em: EntityManager, groupKey: number, identityKey: number): Promise<boolean> {
  const rows = await sql(em, 'select 1 from group_membership where group_id = ? and identity_id = ? limit 1', [groupKey, identityKey]);
  return rows.length > 0;
}

export async function listGroups(ctx: RequestContext, filter: { externalId?: string | null; managed?: boolean | null }): Promise<GroupVO[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (!isGroupManager(ctx)) {
    where.push('g.id in (select group_id from group_membership where identity_id = ?)');
    params.push(ctx.caller!.key);
  }
  if (filter.externalId) {
    where.push('g.external_id = ?');
    params.push(filter.externalId);
  }
  if (filter.managed != null) where.push(filter.managed ? "coalesce(g.managed_flags, '') <> ''" : "coalesce(g.managed_flags, '') = ''");
  const rows = await sql<GroupRow>(
    ctx.em,
    `select ${GROUP_ROW_COLUMNS} from business_group g${where.length ? ` where ${where.join(' and ')}` : ''} order by g.id`,
    params,
  );
  return rows.map(toGroupVO);
}

export async function getGroup(ctx: RequestContext, key: number): Promise<GroupVO> {
  const group = await findGroup(ctx.em, key);
  if (!isGroupManager(ctx) && !(await isMember(ctx.em, key, ctx.caller!.key))) throw forbidden();
  return toGroupVO(group);
}

const MAX_LENGTH = 255;

function validateGroup(input: GroupVOInput) {
  if (!input.name?.trim()) {
    throw validationFailed([{ code: 'org.olat.group:create.form.error.name.empty', translation: 'The group name is mandatory.' }]);
  }
  const tooLong = (['name', 'externalId', 'managedFlags'] as const).filter((field) => (input[field]?.length ?? 0) > MAX_LENGTH);
  if (tooLong.length) {
    throw validationFailed(
      tooLong.map((field) => ({ code: `org.olat.core:form.error.toolong:${field}`, translation: `${field} is longer than ${MAX_LENGTH} characters.` })),
    );
  }
}

/** OpenOLAT stores participant limits of zero or less as "unlimited". */
const limit = (value: number | null | undefined) => (value != null && value > 0 ? value : null);

function apply(group: Group, input: GroupVOInput) {
  group.name = input.name!.trim();
  if (input.description !== undefined) group.description = input.description;
  if (input.externalId !== undefined) group.externalId = input.externalId;
  if (input.managedFlags !== undefined) group.managedFlags = input.managedFlags;
  if (input.minParticipants !== undefined) group.minParticipants = limit(input.minParticipants);
  if (input.maxParticipants !== undefined) group.maxParticipants = limit(input.maxParticipants);
  group.lastModified = new Date();
}

/** PUT /groups: a body with a key > 0 updates that group, as in OpenOLAT. */
export async function createGroup(ctx: RequestContext, input: GroupVOInput): Promise<GroupVO> {
  if (input.key && input.key > 0) return updateGroup(ctx, input.key, input);
  validateGroup(input);
  return ctx.em.transactional(async (em) => {
    const group = em.create(Group, { name: input.name!.trim() });
    apply(group, input);
    await em.persistAndFlush(group);
    return toGroupVO(group);
  });
}

export async function updateGroup(ctx: RequestContext, key: number, input: GroupVOInput): Promise<GroupVO> {
  return ctx.em.transactional(async (em) => {
    const group = await findGroup(em, key);
    if (input.name === undefined || input.name === null) input = { ...input, name: group.name };
    validateGroup(input);
    apply(group, input);
    await em.flush();
    return toGroupVO(group);
  });
}

export async function deleteGroup(ctx: RequestContext, key: number): Promise<boolean> {
  await ctx.em.transactional(async (em) => em.removeAndFlush(await findGroup(em, key)));
  return true;
}

export async function listMembers(ctx: RequestContext, groupKey: number, role: GroupRole): Promise<UserVO[]> {
  await findGroup(ctx.em, groupKey);
  const rows = await sql<UserRow>(
    ctx.em,
    `select ${USER_ROW_COLUMNS} from identity i join group_membership m on m.identity_id = i.id
     where m.group_id = ? and m.role = ? order by m.id`,
    [groupKey, role],
  );
  return rows.map((row) => toUserVO(row, true));
}

/**
 * Adds a member; true when added, false when the identity already held that role (REST answers 304).
 * Concurrent identical adds meet the unique constraint and leave one membership.
 */
export async function addMember(ctx: RequestContext, groupKey: number, identityKey: number, role: GroupRole): Promise<boolean> {
  return ctx.em.transactional(async (em) => {
    const [group] = await sql<{ max: number | null }>(em, 'select max_participants as max from business_group where id = ? for update', [groupKey]);
    if (!group) throw notFound('group');
    if (!(await em.count(Identity, { id: identityKey }))) throw notFound('user');
    if (role === GroupRole.participant && group.max != null) {
      const [{ count }] = await sql<{ count: number }>(
        em,
        `select count(*)::int as count from group_membership where group_id = ? and role = 'participant' and identity_id <> ?`,
        [groupKey, identityKey],
      );
      if (count >= group.max) throw new DomainError('PRECONDITION_FAILED', 'the group is full');
    }
    const inserted = await sql(em, `insert into group_membership (group_id, identity_id, role) values (?, ?, ?) on conflict do nothing returning id`, [
      groupKey,
      identityKey,
      role,
    ]);
    return inserted.length > 0;
  });
}

export async function removeMember(ctx: RequestContext, groupKey: number, identityKey: number, role: GroupRole): Promise<boolean> {
  return ctx.em.transactional(async (em) => {
    await findGroup(em, groupKey);
    if (!(await em.count(Identity, { id: identityKey }))) throw notFound('user');
    await sql(em, 'delete from group_membership where group_id = ? and identity_id = ? and role = ?', [groupKey, identityKey, role]);
    return true;
  });
}
