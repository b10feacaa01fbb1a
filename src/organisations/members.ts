import { inTransaction } from '../audit/audit-log';
import type { RequestContext } from '../domain/context';
import { DomainError, forbidden } from '../domain/errors';
import { answerListById } from '../domain/lists';
import { pageOf, type Edge, type EdgePage } from '../domain/edges';
import { grantedInheritance, isOrganisationRole, type OrganisationRole } from '../domain/roles';
import type { OrganisationVO } from '../schema/organisations';
import type { UserVO, UserVOInput } from '../schema/users';
import { toUserVO, type UserRow } from '../users/presenter';
import { existingIdentities, keysOfUsers, requireIdentity } from '../users/repository';
import { managedKeys } from '../access/manage';
import { memberManagedAmong, requireMemberManager, requireOrganisationManager, requireRoleGranter } from './policy';
import { toOrganisationVO, type OrganisationRow } from './presenter';
import * as organisations from './repository';
import { findOrganisation } from './repository';

/** A role path segment: a role name (catalogue 5.7) or its plural with a trailing `s` (`authors`, `users`); null when neither. */
export function roleOfPath(segment: string): OrganisationRole | null {
  if (isOrganisationRole(segment)) return segment;
  const singular = segment.endsWith('s') ? segment.slice(0, -1) : segment;
  return isOrganisationRole(singular) ? singular : null;
}

/** An unknown role in a member path answers 409 (catalogue 2.5). */
function memberRole(segment: string): OrganisationRole {
  const role = roleOfPath(segment);
  if (!role) throw new DomainError('CONFLICT', `unknown organisation role "${segment}"`);
  return role;
}

/**
 * The role of a member path that the caller may grant or end in the organisation: the organisation's manager, holding
 * the role (the privilege ladder), and, for one person, managing that person (who must exist).
 */
async function grantableRole(ctx: RequestContext, organisationKey: number, roleSegment: string, identityKey?: number): Promise<OrganisationRole> {
  await findOrganisation(ctx.em, organisationKey);
  await requireOrganisationManager(ctx, organisationKey);
  const role = memberRole(roleSegment);
  if (identityKey !== undefined) {
    await requireIdentity(ctx.em, identityKey);
    await requireMemberManager(ctx, identityKey);
  }
  await requireRoleGranter(ctx, organisationKey, [role]);
  return role;
}

/** Members with the role in the organisation: their own memberships there and inheriting memberships of an ancestor; for its managers. */
export async function listMembers(ctx: RequestContext, organisationKey: number, roleSegment: string): Promise<UserVO[]> {
  await findOrganisation(ctx.em, organisationKey);
  await requireOrganisationManager(ctx, organisationKey);
  const role = memberRole(roleSegment);
  return answerListById(
    ctx,
    (range) => organisations.listMembers(ctx.em, organisationKey, role, range),
    (row) => toUserVO(row, true),
  );
}

/**
 * PUT /organisations/{key}/{role}/{identityKey}: grants the role or changes the inheritance of the
 * membership (OpenOLAT's addMember). Without inheritanceMode the role's default applies: every
 * role but user, invitee and guest covers the sub-organisations. The caller manages the
 * organisation and the person (src/organisations/policy.ts).
 */
export async function addMember(ctx: RequestContext, organisationKey: number, roleSegment: string, identityKey: number, inheritanceMode?: string | null) {
  return inTransaction(ctx, async (em) => {
    const role = await grantableRole({ ...ctx, em }, organisationKey, roleSegment, identityKey);
    await organisations.upsertMembership(em, organisationKey, identityKey, role, grantedInheritance(role, inheritanceMode));
    return true;
  });
}

/** PUT /organisations/{key}/{role} with a list of users: keys of unknown users are skipped, as in OpenOLAT; one the caller does not manage refuses the list (403). */
export async function addMembers(ctx: RequestContext, organisationKey: number, roleSegment: string, members: UserVOInput[], inheritanceMode?: string | null) {
  return inTransaction(ctx, async (em) => {
    const role = await grantableRole({ ...ctx, em }, organisationKey, roleSegment);
    const known = await existingIdentities(em, keysOfUsers(members));
    const managed = await memberManagedAmong({ ...ctx, em }, known);
    if (known.some((key) => !managed.has(key))) throw forbidden('needs the administrator or sysadmin role in an organisation of each person');
    for (const identityKey of known) {
      await organisations.upsertMembership(em, organisationKey, identityKey, role, grantedInheritance(role, inheritanceMode));
    }
    return true;
  });
}

/** Ends the membership granted in this organisation; a membership inherited from an ancestor ends only there. The caller manages the organisation and the person. */
export async function removeMember(ctx: RequestContext, organisationKey: number, roleSegment: string, identityKey: number): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    const role = await grantableRole({ ...ctx, em }, organisationKey, roleSegment, identityKey);
    await organisations.deleteMembership(em, organisationKey, identityKey, role);
    return true;
  });
}

/** `OrganisationVO.members` (GraphQL): a page of listMembers of the role of every organisation of an answer, read at once; FORBIDDEN for those the caller does not manage. */
export function membersOf(ctx: RequestContext, role: OrganisationRole, organisationKey: number, page: EdgePage): Promise<UserVO[]> {
  const edge: Edge<UserRow, UserVO> = {
    readable: (keys) => managedKeys(ctx, 'organisation', keys),
    read: (keys, page, cap) => organisations.pagesOfMembers(ctx.em, keys, role, page, cap),
    present: (row) => toUserVO(row, true),
  };
  return pageOf(ctx, `members as ${role}`, edge, page, organisationKey);
}

/** `UserVO.organisations` (GraphQL): a page of listMemberships with inheritance of every person of an answer, read at once; FORBIDDEN for people the caller does not manage. */
export function membershipsOf(ctx: RequestContext, role: OrganisationRole, identityKey: number, page: EdgePage): Promise<OrganisationVO[]> {
  const edge: Edge<OrganisationRow, OrganisationVO> = {
    readable: (keys) => memberManagedAmong(ctx, keys),
    read: (keys, page, cap) => organisations.pagesOfMemberships(ctx.em, keys, role, page, cap),
    present: toOrganisationVO,
  };
  return pageOf(ctx, `organisations of person as ${role}`, edge, page, identityKey);
}

/**
 * GET /organisations/membership/{role}/{identityKey}: the organisations where the user holds the
 * role; with inheritance (the default, as in OpenOLAT) also the sub-organisations an inheriting
 * membership covers. An unknown role answers 406 here (catalogue 2.5). The caller manages the person.
 */
export async function listMemberships(
  ctx: RequestContext,
  roleSegment: string,
  identityKey: number,
  withInheritance?: boolean | null,
): Promise<OrganisationVO[]> {
  const role = roleOfPath(roleSegment);
  if (!role) throw new DomainError('NOT_ACCEPTABLE', `unknown organisation role "${roleSegment}"`);
  await requireIdentity(ctx.em, identityKey);
  await requireMemberManager(ctx, identityKey);
  return answerListById(ctx, (range) => organisations.listMemberships(ctx.em, identityKey, role, withInheritance ?? true, range), toOrganisationVO);
}
