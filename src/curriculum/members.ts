import { inTransaction } from '../audit/audit-log';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../domain/context';
import { DomainError, badRequest, notFound } from '../domain/errors';
import { answerListById } from '../domain/lists';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import type { CurriculumElementMemberVO, CurriculumElementMemberVOInput } from '../schema/curriculum';
import type { UserVO, UserVOInput } from '../schema/users';
import { toUserVO } from '../users/presenter';
import { existingIdentities, keysOfUsers, requireIdentity } from '../users/repository';
import { toMemberVO, type MemberRow } from './presenter';
import * as curricula from './repository';
import { elementOf } from './service';

/**
 * Members of curriculum elements by role (catalogue 2.6, 5.8). A membership applies on its element
 * and, with inheritance `root` (or `inherited`), on every element below it, as OpenOLAT copies such
 * memberships onto the sub-elements (here the materialised path stands for the copies).
 * Without an inheritanceMode, curriculumelementowner and mastercoach cover the sub-elements and
 * owner, coach and participant only their element. Owners, coaches and participants of an element
 * are members of the courses linked to the elements their membership applies on (src/curriculum/entries-through.ts).
 */
export const ELEMENT_ROLES = ['curriculumelementowner', 'owner', 'mastercoach', 'coach', 'participant'] as const;
export type ElementRole = (typeof ELEMENT_ROLES)[number];
const INHERITED_BY_DEFAULT: readonly ElementRole[] = ['curriculumelementowner', 'mastercoach'];

const isElementRole = (value: string): value is ElementRole => (ELEMENT_ROLES as readonly string[]).includes(value);

/** The stored inheritance: none or root as asked (inherited grants as root), else the role's default. */
export function grantedInheritance(role: ElementRole, mode: string | null | undefined): string {
  if (mode === 'none') return 'none';
  if (mode === 'root' || mode === 'inherited') return 'root';
  return INHERITED_BY_DEFAULT.includes(role) ? 'root' : 'none';
}

/** A role path segment (participants, coaches, owners, mastercoaches, curriculumelementowners): an unknown one is no resource (404). */
function roleOfPath(segment: string): ElementRole {
  for (const name of [segment, segment.replace(/s$/, ''), segment.replace(/es$/, '')]) if (isElementRole(name)) return name;
  throw notFound(`member list "${segment}"`);
}

/** A role named in a body or query: unknown is a 409, as in OpenOLAT. */
function roleOfName(name: string): ElementRole {
  if (!isElementRole(name)) throw new DomainError('CONFLICT', `unknown curriculum element role "${name}"; use one of ${ELEMENT_ROLES.join(', ')}`);
  return name;
}

export async function listMembers(ctx: RequestContext, curriculumKey: number, elementKey: number): Promise<CurriculumElementMemberVO[]> {
  await elementOf(ctx, curriculumKey, elementKey);
  return answerListById(ctx, (range) => curricula.listMemberRows(ctx.em, elementKey, range), toMemberVO);
}

/** PUT …/members: grants the role of the body (409 when unknown) with its inheritanceMode. */
export async function putMember(ctx: RequestContext, curriculumKey: number, elementKey: number, member: CurriculumElementMemberVOInput): Promise<boolean> {
  await elementOf(ctx, curriculumKey, elementKey);
  if (member.identityKey == null) throw badRequest('identityKey is mandatory');
  if (!member.role?.trim()) throw badRequest('role is mandatory');
  const role = roleOfName(member.role);
  return inTransaction(ctx, async (em) => {
    await requireIdentity(em, member.identityKey!);
    await curricula.upsertMembership(em, elementKey, member.identityKey!, role, grantedInheritance(role, member.inheritanceMode));
    return true;
  });
}

/** DELETE …/members/{identityKey}: every role of the person on that element. */
export async function removeAllRoles(ctx: RequestContext, curriculumKey: number, elementKey: number, identityKey: number): Promise<boolean> {
  await elementOf(ctx, curriculumKey, elementKey);
  return inTransaction(ctx, async (em) => {
    await requireIdentity(em, identityKey);
    await curricula.deleteMemberships(em, elementKey, identityKey, null);
    return true;
  });
}

/** GET …/users?role=: the role is required (400 without or empty; OpenOLAT fails with a server error), 409 when unknown. */
export async function listUsers(ctx: RequestContext, curriculumKey: number, elementKey: number, role: string): Promise<UserVO[]> {
  await elementOf(ctx, curriculumKey, elementKey);
  if (!role.trim()) throw badRequest(`role is empty: it is one of ${ELEMENT_ROLES.join(', ')}`);
  return usersWithRole(ctx, elementKey, roleOfName(role));
}

function usersWithRole(ctx: RequestContext, elementKey: number, role: ElementRole): Promise<UserVO[]> {
  return answerListById(
    ctx,
    (range) => curricula.listMembersWithRole(ctx.em, elementKey, role, range),
    (row) => toUserVO(row, true),
  );
}

/** GET …/{participants|coaches|owners|mastercoaches|curriculumelementowners}. */
export async function listRoleMembers(ctx: RequestContext, curriculumKey: number, elementKey: number, roleSegment: string): Promise<UserVO[]> {
  await elementOf(ctx, curriculumKey, elementKey);
  return usersWithRole(ctx, elementKey, roleOfPath(roleSegment));
}

/**
 * changeRoleMember for a set of people (a sync's batch) in one element, for a caller who manages its
 * curriculum, in the caller's transaction: a statement whatever their number. False: the element is not the
 * curriculum's (changeRoleMember answers why).
 */
export async function changeRoleOfSet(
  em: EntityManager,
  change: 'add' | 'remove',
  curriculumKey: number,
  elementKey: number,
  roleSegment: string,
  identityKeys: readonly number[],
): Promise<boolean> {
  const row = await curricula.findElementRow(em, elementKey);
  if (row?.curriculumKey !== curriculumKey) return false;
  const role = roleOfPath(roleSegment);
  if (change === 'add') await curricula.upsertMembershipsOf(em, elementKey, identityKeys, role, grantedInheritance(role, null));
  else await curricula.deleteMembershipsOf(em, elementKey, identityKeys, role);
  return true;
}

/** PUT …/{role}/{identityKey} (200 also when already a member) and DELETE …/{role}/{identityKey}; 404 for an unknown person. */
export async function changeRoleMember(
  ctx: RequestContext,
  change: 'add' | 'remove',
  curriculumKey: number,
  elementKey: number,
  roleSegment: string,
  identityKey: number,
): Promise<boolean> {
  await elementOf(ctx, curriculumKey, elementKey);
  const role = roleOfPath(roleSegment);
  return inTransaction(ctx, async (em) => {
    await requireIdentity(em, identityKey);
    if (change === 'add') await curricula.upsertMembership(em, elementKey, identityKey, role, grantedInheritance(role, null));
    else await curricula.deleteMemberships(em, elementKey, identityKey, role);
    return true;
  });
}

/** PUT …/{role} with a list of users: keys of unknown users are skipped, as in OpenOLAT; the memberships in one statement. */
export async function addRoleMembers(
  ctx: RequestContext,
  curriculumKey: number,
  elementKey: number,
  roleSegment: string,
  users: UserVOInput[],
): Promise<boolean> {
  await elementOf(ctx, curriculumKey, elementKey);
  const role = roleOfPath(roleSegment);
  return inTransaction(ctx, async (em) => {
    await curricula.upsertMembershipsOf(em, elementKey, await existingIdentities(em, keysOfUsers(users)), role, grantedInheritance(role, null));
    return true;
  });
}

/** `CurriculumElementVO.members` (GraphQL): a page of the memberships of every element of an answer, read at once (requireManagedForEdge checks the curriculum). */
export function membersOf(ctx: RequestContext, elementKey: number, page: EdgePage): Promise<CurriculumElementMemberVO[]> {
  const edge: Edge<MemberRow, CurriculumElementMemberVO> = {
    read: (keys, page, cap) => curricula.pagesOfMemberRows(ctx.em, keys, page, cap),
    present: toMemberVO,
  };
  return pageOf(ctx, 'curriculum element members', edge, page, elementKey);
}
