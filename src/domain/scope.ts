import type { EntityManager } from '@mikro-orm/postgresql';
import { placeholders, sql } from '../db/sql';
import type { Caller } from './context';
import { SUBTREE_INHERITANCE, type OrganisationRole } from './roles';

/*
 * "Manager of X", the one scoping rule every family's policy uses (OpenOLAT's isManagerOf).
 *
 * A role membership applies in its own organisation and, when its inheritance is `root` or
 * `inherited`, in every organisation below it (OpenOLAT copies such memberships onto the
 * descendants; here the materialised tree paths stand for the copies). A caller manages a person
 * when one of the caller's memberships with a manager role and one of the person's memberships
 * (any role) apply in a common organisation. The default organisation is the root of the tree and
 * every user created through PUT /users is a member of it.
 */

const SUBTREE = SUBTREE_INHERITANCE.map((mode) => `'${mode}'`).join(', ');

/** The memberships `m` (joined with their organisation `mo`) that apply in organisation `o`: SQL for a where clause. */
export const appliesIn = (m: string, mo: string, o: string) =>
  `(${mo}.id = ${o}.id or (${m}.inheritance in (${SUBTREE}) and ${o}.path like ${mo}.path || '%'))`;

/** The caller's manager membership `cm` in `co` and the person's membership `tm` in `tor` apply in a common organisation. */
const MANAGES = `(co.id = tor.id
  or (cm.inheritance in (${SUBTREE}) and tor.path like co.path || '%')
  or (tm.inheritance in (${SUBTREE}) and co.path like tor.path || '%'))`;

/** The keys of the people the caller manages with one of `roles`, as a sub-select for list queries: `i.id in (${text})`. */
export function managedIdentities(caller: Caller, roles: readonly OrganisationRole[]): { text: string; params: unknown[] } {
  return {
    text: `select tm.identity_id from organisation_role cm
      join organisation co on co.id = cm.organisation_id
      join organisation_role tm on true
      join organisation tor on tor.id = tm.organisation_id
      where cm.identity_id = ? and cm.role in (${placeholders(roles)}) and ${MANAGES}`,
    params: [caller.key, ...roles],
  };
}

/** SQL condition: the caller manages the person whose key is the column `identityColumn` with one of `roles` (read with the person, in one statement). */
export function managesPerson(caller: Caller, roles: readonly OrganisationRole[], identityColumn: string): { text: string; params: unknown[] } {
  return {
    text: `exists (select 1 from organisation_role cm
      join organisation co on co.id = cm.organisation_id
      join organisation_role tm on tm.identity_id = ${identityColumn}
      join organisation tor on tor.id = tm.organisation_id
      where cm.identity_id = ? and cm.role in (${placeholders(roles)}) and ${MANAGES})`,
    params: [caller.key, ...roles],
  };
}

/** Whether the caller manages the person with one of `roles`. */
export async function isManagerOf(em: EntityManager, caller: Caller, identityKey: number, roles: readonly OrganisationRole[]): Promise<boolean> {
  if (!caller.grants.some((grant) => roles.includes(grant.role))) return false;
  const manages = managesPerson(caller, roles, 'i.id');
  const rows = await sql(em, `select 1 from identity i where i.id = ? and ${manages.text}`, [identityKey, ...manages.params]);
  return rows.length > 0;
}

/** Of these people, those the caller manages with one of `roles`: one statement for all of them (GraphQL edges). */
export async function managedAmong(em: EntityManager, caller: Caller, identityKeys: readonly number[], roles: readonly OrganisationRole[]): Promise<number[]> {
  if (!caller.grants.some((grant) => roles.includes(grant.role))) return [];
  const manages = managesPerson(caller, roles, 'i.id');
  const rows = await sql<{ id: number }>(em, `select i.id from identity i where i.id in (${placeholders(identityKeys)}) and ${manages.text}`, [
    ...identityKeys,
    ...manages.params,
  ]);
  return rows.map((row) => row.id);
}

/** A row when person (2nd parameter) holds one of `roles` (the parameters after) in the organisation (1st), directly or through an inheriting membership of an ancestor. */
export const ROLE_IN_ORGANISATION = (roles: readonly string[]) => `select 1 from organisation_role cm
     join organisation co on co.id = cm.organisation_id
     join organisation o on o.id = ?
     where cm.identity_id = ? and cm.role in (${placeholders(roles)}) and ${appliesIn('cm', 'co', 'o')}
     limit 1`;

/** Whether the caller holds one of `roles` in the organisation, directly or through an inheriting membership of an ancestor. */
export async function holdsRoleIn(em: EntityManager, caller: Caller, organisationKey: number, roles: readonly OrganisationRole[]): Promise<boolean> {
  if (!caller.grants.some((grant) => roles.includes(grant.role))) return false;
  const rows = await sql(em, ROLE_IN_ORGANISATION(roles), [organisationKey, caller.key, ...roles]);
  return rows.length > 0;
}
