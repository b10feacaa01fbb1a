import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../db/sql';
import { Identity } from '../entities/users';
import { DomainError, notFound } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import type { RequestContext } from '../domain/context';
import type { OrganisationVO } from '../schema/organisation-types';
import type { UserVO, UserVOInput } from '../schema/user-types';
import { USER_ROW_COLUMNS, toUserVO, type UserRow } from '../users/user-presenter';
import { ORGANISATION_ROW_COLUMNS, toOrganisationVO, type OrganisationRow } from './organisation-presenter';
import { SUBTREE_INHERITANCE, grantedInheritance, roleOfPath } from './organisation-roles';
import { findOrganisation } from './organisation-service';

const SUBTREE = SUBTREE_INHERITANCE.map((mode) => `'${mode}'`).join(', ');

/** An unknown role in a member path answers 409 (catalogue 2.5). */
function memberRole(segment: string): OrganisationRole {
  const role = roleOfPath(segment);
  if (!role) throw new DomainError('CONFLICT', `unknown organisation role "${segment}"`);
  return role;
}

async function requireIdentity(em: EntityManager, key: number) {
  if (!(await em.count(Identity, { id: key }))) throw notFound('user');
}

/** Members with the role in the organisation: their own memberships there and inheriting memberships of an ancestor. */
export async function listMembers(ctx: RequestContext, organisationKey: number, roleSegment: string): Promise<UserVO[]> {
  await findOrganisation(ctx.em, organisationKey);
  const role = memberRole(roleSegment);
  const rows = await sql<UserRow>(
    ctx.em,
    `select ${USER_ROW_COLUMNS} from identity i where i.id in (
       select m.identity_id from organisation_role m
       join organisation mo on mo.id = m.organisation_id
       join organisation o on o.id = ?
       where m.role = ? and (mo.id = o.id or (m.inheritance in (${SUBTREE}) and o.path like mo.path || '%')))
     order by i.id`,
    [organisationKey, role],
  );
  return rows.map((row) => toUserVO(row, true));
}

/** Grants the role or changes the inheritance of an existing membership (OpenOLAT's addMember). */
async function grant(em: EntityManager, organisationKey: number, identityKey: number, role: OrganisationRole, inheritanceMode?: string | null) {
  await sql(
    em,
    `insert into organisation_role (identity_id, organisation_id, role, inheritance) values (?, ?, ?, ?)
     on conflict (identity_id, organisation_id, role) do update set inheritance = excluded.inheritance`,
    [identityKey, organisationKey, role, grantedInheritance(role, inheritanceMode)],
  );
}

/**
 * PUT /organisations/{key}/{role}/{identityKey}. Without inheritanceMode the role's default applies
 * (OpenOLAT: every role but user, invitee and guest covers the sub-organisations).
 */
export async function addMember(
  ctx: RequestContext,
  organisationKey: number,
  roleSegment: string,
  identityKey: number,
  inheritanceMode?: string | null,
): Promise<boolean> {
  return ctx.em.transactional(async (em) => {
    await findOrganisation(em, organisationKey);
    const role = memberRole(roleSegment);
    await requireIdentity(em, identityKey);
    await grant(em, organisationKey, identityKey, role, inheritanceMode);
    return true;
  });
}

/** PUT /organisations/{key}/{role} with a list of users: keys of unknown users are skipped, as in OpenOLAT. */
export async function addMembers(
  ctx: RequestContext,
  organisationKey: number,
  roleSegment: string,
  members: UserVOInput[],
  inheritanceMode?: string | null,
): Promise<boolean> {
  return ctx.em.transactional(async (em) => {
    await findOrganisation(em, organisationKey);
    const role = memberRole(roleSegment);
    const keys = [...new Set(members.map((member) => member.key).filter((key): key is number => key != null))];
    const known = keys.length ? await em.find(Identity, { id: { $in: keys } }, { fields: ['id'] }) : [];
    for (const identity of known.sort((a, b) => a.id - b.id)) await grant(em, organisationKey, identity.id, role, inheritanceMode);
    return true;
  });
}

/** Ends the membership granted in this organisation; a membership inherited from an ancestor ends only there. */
export async function removeMember(ctx: RequestContext, organisationKey: number, roleSegment: string, identityKey: number): Promise<boolean> {
  return ctx.em.transactional(async (em) => {
    await findOrganisation(em, organisationKey);
    const role = memberRole(roleSegment);
    await requireIdentity(em, identityKey);
    await sql(em, 'delete from organisation_role where organisation_id = ? and identity_id = ? and role = ?', [organisationKey, identityKey, role]);
    return true;
  });
}

/**
 * GET /organisations/membership/{role}/{identityKey}: the organisations where the user holds the
 * role; with inheritance (the default, as in OpenOLAT) also the sub-organisations an inheriting
 * membership covers. An unknown role answers 406 here (catalogue 2.5).
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
  const inherited = withInheritance ?? true;
  const rows = await sql<OrganisationRow>(
    ctx.em,
    `select ${ORGANISATION_ROW_COLUMNS} from organisation o where exists (
       select 1 from organisation_role m join organisation mo on mo.id = m.organisation_id
       where m.identity_id = ? and m.role = ?
         and (mo.id = o.id${inherited ? ` or (m.inheritance in (${SUBTREE}) and o.path like mo.path || '%')` : ''}))
     order by o.id`,
    [identityKey, role],
  );
  return rows.map(toOrganisationVO);
}
