import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrganisationRole } from './roles';

export interface RoleGrant {
  organisationKey: number;
  role: OrganisationRole;
}

/** The authenticated caller, as level one established it. */
export interface Caller {
  key: number;
  login: string;
  grants: RoleGrant[];
  /** Provider of the credential that authenticated this request (OLAT, REST, API-Key). */
  provider: string;
}

export type Transport = 'rest' | 'graphql';

export interface RequestContext {
  em: EntityManager;
  caller: Caller | null;
  transport: Transport;
}

export function hasAnyRole(caller: Caller | null, roles: readonly OrganisationRole[]): boolean {
  return !!caller && caller.grants.some((grant) => roles.includes(grant.role));
}
