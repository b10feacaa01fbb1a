import type { EntityManager } from '@mikro-orm/postgresql';
import { keyArray, perPerson, placeholders, sql, textArray, type SqlCondition } from '../db/sql';
import { withinBoundOf, withinBoundText } from './bound';
import type { Caller } from './context';
import { BASE_ROLES, SUBTREE_INHERITANCE, type OrganisationRole } from './roles';

/*
 * "Manager of X", the one scoping rule every family's policy uses (OpenOLAT's isManagerOf), and the
 * privilege ladder on top of it.
 *
 * A role membership applies in its own organisation and, when its inheritance is `root` or
 * `inherited`, in every organisation below it (OpenOLAT copies such memberships onto the
 * descendants; here the materialised tree paths stand for the copies).
 *
 * A caller manages a person with one of the managing roles R when both hold:
 * - Belonging: the person's membership with the `user` role (or as an invitee or guest, as
 *   OpenOLAT's isInviteeOf; when it inherits, also its copy in a sub-organisation) and one of the
 *   caller's memberships with a role of R apply in a common organisation. Other roles of the person, and their inheriting copies, make the person belong
 *   nowhere: the administrator of the default organisation, whose role inherits to every
 *   organisation, is no member of them.
 * - The ladder: every role the person holds (but user, invitee and guest) is covered by a role of the
 *   caller that applies in the organisation of that membership (COVERS). So a user manager of A
 *   never touches the credentials, roles, status or data of an administrator, a system
 *   administrator, a role or user manager, nor of an author of the default organisation.
 *
 * The default organisation is the root of the tree and every user created through PUT /users is a
 * member of it.
 */

const SUBTREE = SUBTREE_INHERITANCE.map((mode) => `'${mode}'`).join(', ');
const BASE = BASE_ROLES.map((role) => `'${role}'`).join(', ');

/** The memberships `m` (joined with their organisation `mo`) that apply in organisation `o`: SQL for a where clause. */
export const appliesIn = (m: string, mo: string, o: string) =>
  `(${mo}.id = ${o}.id or (${m}.inheritance in (${SUBTREE}) and ${o}.path like ${mo}.path || '%'))`;

/** The person's membership `tm` (user, invitee or guest) in `tor` and the caller's membership `cm` in `co` apply in a common organisation. */
const BELONGS = `(co.id = tor.id
  or (cm.inheritance in (${SUBTREE}) and tor.path like co.path || '%')
  or (tm.inheritance in (${SUBTREE}) and co.path like tor.path || '%'))`;

/**
 * The caller's role in `held` covers the role `granted` (both SQL expressions): a system administrator
 * covers every role, an administrator every role but sysadmin, any other role itself, except that
 * user and role managers do not cover each other or their peers (only administrators manage those).
 */
const COVERS = (held: string, granted: string) => `(${held} = 'sysadmin'
  or (${held} = 'administrator' and ${granted} <> 'sysadmin')
  or (${held} = ${granted} and ${granted} not in ('usermanager', 'rolesmanager')))`;

/** SQL: the person whose key is `identity` belongs where the caller (1st parameter) holds one of `roles` (the parameters after); a subplan as the ladder's. */
const belonging = (identity: string, roles: readonly OrganisationRole[]) => `exists (select 1 from organisation_role tm
      join organisation tor on tor.id = tm.organisation_id
      join organisation_role cm on cm.identity_id = ? and cm.role in (${placeholders(roles)})
      join organisation co on co.id = cm.organisation_id
      where tm.identity_id = ${identity} and tm.role in (${BASE}) and ${BELONGS}
      offset 0)`;

/**
 * SQL: every role of the person whose key is `identity` is covered by a role of the caller (the parameter) where it is
 * held. `offset 0` keeps it a subplan read through the person's memberships (index on identity_id), for a list of
 * people too: flattened into an anti-join, the planner hashes every membership of the table.
 */
const withinLadder = (identity: string) => `not exists (select 1 from organisation_role hm
      join organisation hor on hor.id = hm.organisation_id
      where hm.identity_id = ${identity} and hm.role not in (${BASE})
        and not exists (select 1 from organisation_role am
          join organisation ao on ao.id = am.organisation_id
          where am.identity_id = ? and ${appliesIn('am', 'ao', 'hor')} and ${COVERS('am.role', 'hm.role')})
      offset 0)`;

/** managesPerson's condition without the bound organisation's key, built once per roles, column and whether the caller is bound. */
const managing = perPerson(
  (roles: readonly OrganisationRole[], identityColumn: string, bound: boolean) => `${roles.join()} ${identityColumn} ${bound}`,
  (person, roles: readonly OrganisationRole[], identityColumn: string, bound: boolean): SqlCondition => ({
    text: `${belonging(identityColumn, roles)} and ${withinLadder(identityColumn)} and ${bound ? withinBoundText('person', identityColumn) : 'true'}`,
    params: [person, ...roles, person],
  }),
);

/**
 * SQL condition: the caller manages the person whose key is the column `identityColumn` with one of `roles` (read with
 * the person, in one statement); a caller bound to an organisation, only the people within it (src/domain/bound.ts).
 */
export function managesPerson(caller: Caller, roles: readonly OrganisationRole[], identityColumn: string): SqlCondition {
  const within = withinBoundOf(caller, 'person', identityColumn);
  const manages = managing(caller.key, roles, identityColumn, within.params.length > 0);
  return within.params.length ? { text: manages.text, params: [...manages.params, ...within.params] } : manages;
}

/** SQL condition: the person of `identityColumn` belongs where the caller holds one of `roles`, whatever their roles (whom a search finds). */
export function belongsToManaged(caller: Caller, roles: readonly OrganisationRole[], identityColumn: string): { text: string; params: unknown[] } {
  return { text: belonging(identityColumn, roles), params: [caller.key, ...roles] };
}

/** The keys of the people the caller manages with one of `roles`, as a sub-select for list queries: `i.id in (${text})`. */
export function managedIdentities(caller: Caller, roles: readonly OrganisationRole[]): { text: string; params: unknown[] } {
  const manages = managesPerson(caller, roles, 'p.id');
  return { text: `select p.id from identity p where ${manages.text}`, params: manages.params };
}

/** Of these people, those the caller manages with one of `roles`: one statement for all of them. */
export async function managedAmong(em: EntityManager, caller: Caller, identityKeys: readonly number[], roles: readonly OrganisationRole[]): Promise<number[]> {
  if (!caller.grants.some((grant) => roles.includes(grant.role))) return [];
  const manages = managesPerson(caller, roles, 'i.id');
  const rows = await sql<{ id: number }>(em, `select i.id from identity i where i.id = any(?::bigint[]) and ${manages.text}`, [
    keyArray(identityKeys),
    ...manages.params,
  ]);
  return rows.map((row) => row.id);
}

/** Whether the caller manages the person with one of `roles` (managedAmong for one). */
export const isManagerOf = async (em: EntityManager, caller: Caller, identityKey: number, roles: readonly OrganisationRole[]) =>
  (await managedAmong(em, caller, [identityKey], roles)).length > 0;

/**
 * SQL sub-select: the organisations in which the caller holds one of `roles`, directly or below an inheriting
 * membership; for a caller bound to an organisation, those within it only.
 */
export function organisationsWithRole(caller: Caller, roles: readonly string[]): SqlCondition {
  const within = withinBoundOf(caller, 'organisation', 'o.id');
  return {
    text: `select o.id from organisation_role cm join organisation co on co.id = cm.organisation_id
      join organisation o on ${appliesIn('cm', 'co', 'o')} where cm.identity_id = ? and cm.role in (${placeholders(roles)}) and ${within.text}`,
    params: [caller.key, ...roles, ...within.params],
  };
}

/** A row when person (2nd parameter) holds one of `roles` (the parameters after) in the organisation (1st), directly or through an inheriting membership of an ancestor, and `within` holds of it (`o`). */
const ROLE_IN_ORGANISATION = (roles: readonly string[], within: string) => `select 1 from organisation_role cm
     join organisation co on co.id = cm.organisation_id
     join organisation o on o.id = ?
     where cm.identity_id = ? and cm.role in (${placeholders(roles)}) and ${appliesIn('cm', 'co', 'o')} and ${within}
     limit 1`;

/**
 * Whether the caller holds one of `roles` in the organisation, directly or through an inheriting membership of an
 * ancestor; a caller bound to an organisation holds none outside it (src/domain/bound.ts).
 */
export async function holdsRoleIn(em: EntityManager, caller: Caller, organisationKey: number, roles: readonly OrganisationRole[]): Promise<boolean> {
  const held = caller.grants.filter((grant) => roles.includes(grant.role));
  if (!held.length) return false;
  // A membership in the organisation itself, or one at the root inheriting everywhere, answers without a statement.
  if (caller.organisationKey === undefined && held.some((grant) => grant.organisationKey === organisationKey || grant.everywhere)) return true;
  const within = withinBoundOf(caller, 'organisation', 'o.id');
  const rows = await sql(em, ROLE_IN_ORGANISATION(roles, within.text), [organisationKey, caller.key, ...roles, ...within.params]);
  return rows.length > 0;
}

/** Of `roles`, those the caller may grant or revoke in the organisation: every base role, and each role a role of the caller covers there (COVERS): one statement. */
export async function grantableIn(
  em: EntityManager,
  caller: Caller,
  organisationKey: number,
  roles: readonly OrganisationRole[],
): Promise<Set<OrganisationRole>> {
  const privileged = roles.filter((role) => !BASE_ROLES.includes(role));
  const within = withinBoundOf(caller, 'organisation', 'o.id');
  const rows = privileged.length
    ? await sql<{ role: OrganisationRole }>(
        em,
        `select r.role from unnest(?::text[]) r(role) join organisation o on o.id = ?
         where ${within.text} and exists (select 1 from organisation_role am join organisation ao on ao.id = am.organisation_id
           where am.identity_id = ? and ${appliesIn('am', 'ao', 'o')} and ${COVERS('am.role', 'r.role')})`,
        [textArray(privileged), organisationKey, ...within.params, caller.key],
      )
    : [];
  return new Set([...roles.filter((role) => BASE_ROLES.includes(role)), ...rows.map((row) => row.role)]);
}
