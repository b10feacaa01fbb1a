import { sql } from '../db/sql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Organisation } from '../entities/organisation';
import { DEFAULT_ORGANISATION_IDENTIFIER, type OrganisationRole } from '../domain/roles';
import type { Caller } from '../domain/context';

export async function defaultOrganisation(em: EntityManager): Promise<Organisation> {
  return em.findOneOrFail(Organisation, { identifier: DEFAULT_ORGANISATION_IDENTIFIER });
}

/**
 * OpenOLAT's "manager of X": the caller holds one of `roles` in an organisation the target
 * identity belongs to.
 */
export async function isManagerOf(em: EntityManager, caller: Caller, targetKey: number, roles: readonly OrganisationRole[]): Promise<boolean> {
  const organisations = caller.grants.filter((grant) => roles.includes(grant.role)).map((grant) => grant.organisationKey);
  if (!organisations.length) return false;
  const rows = await sql<{ found: number }>(em, 
    `select 1 as found from organisation_role where identity_id = ? and organisation_id in (${organisations.map(() => '?').join(',')}) limit 1`,
    [targetKey, ...organisations],
  );
  return rows.length > 0;
}
