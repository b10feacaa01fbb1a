import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewaySettings } from '../settings/settings';
import { unauthenticated } from './errors';
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
  /** The API key this request came with, directly or through a token or session it opened. */
  apiKeyId?: number;
}

export type Transport = 'rest' | 'graphql';

export interface RequestContext {
  em: EntityManager;
  caller: Caller | null;
  transport: Transport;
  /** The administrator's switches as they were when the request arrived. */
  settings: GatewaySettings;
  /** Called when a write of this request has committed: this instance forgets the principals it cached before its answer leaves (others hear of it through the database). */
  afterWrite?: () => void;
  /** Hash of the session cookie the request came with, if any (for logout). */
  sessionHash?: string;
  /** The transport writes lists as they are read (REST): services hand them over as `listStream` (src/domain/lists.ts). */
  streamLists?: boolean;
  listStream?: AsyncIterable<unknown[]>;
}

export function hasAnyRole(caller: Caller | null, roles: readonly OrganisationRole[]): boolean {
  return !!caller && caller.grants.some((grant) => roles.includes(grant.role));
}

/** The caller of an operation that `@auth` admitted. */
export function requireCaller(ctx: RequestContext): Caller {
  if (!ctx.caller) throw unauthenticated();
  return ctx.caller;
}
