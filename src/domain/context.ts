import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewaySettings } from '../settings/settings';
import { unauthenticated } from './errors';
import type { OrganisationRole } from './roles';
import type { PendingAudit } from '../audit/pending';

export interface RoleGrant {
  organisationKey: number;
  role: OrganisationRole;
  /** The membership is one of the default organisation, the root, and inherits to every organisation below it. */
  everywhere?: boolean;
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
  /** The organisation that API key is bound to: the caller acts within it only (src/domain/bound.ts). */
  organisationKey?: number;
}

export type Transport = 'rest' | 'graphql' | 'scim' | 'cli';

/** The credential of a request that outlives a moment (a stream, a long poll), watched (src/auth/credential-watch.ts). */
export interface WatchedCredential {
  /** Aborts, with the error to answer, once the credential would no longer be accepted. */
  revoked: AbortSignal;
  /** When the request ends. */
  release: () => void;
}

/** A list the REST transport writes as it is read (`streamLists`): the service's batches of rows, and how a row becomes an item of the answer. */
export interface ListStream {
  batches: AsyncIterable<unknown[]>;
  present: (row: unknown) => unknown;
}

export interface RequestContext {
  em: EntityManager;
  caller: Caller | null;
  transport: Transport;
  /** The administrator's switches as they were when the request arrived. */
  settings: GatewaySettings;
  /** Called when a write of this request has committed: this instance forgets the principals it cached before its answer leaves (others hear of it through the database). */
  afterWrite?: () => void;
  /** Set by a write whose transaction changed no principal, as the database's triggers tell it (src/audit/audit-log.ts): its instance needs to forget none. */
  principalsUnchanged?: boolean;
  /** The client's address, through trusted proxies (`TRUST_PROXY`): for the audit row of a write. */
  clientAddress?: string;
  /** Watches the credential the caller was admitted with (set by the security filter); rejects when it is no longer accepted already. */
  watchCredential?: () => Promise<WatchedCredential>;
  /** Hash of the session cookie the request came with, if any (for logout). */
  sessionHash?: string;
  /** The transport writes lists as they are read (REST): services hand them over as `listStream` (src/domain/lists.ts). */
  streamLists?: boolean;
  /**
   * GraphQL: how many more rows the lists of this answer may hold (GRAPHQL_MAX_COST). The cost
   * model counts a list without `limit` as GRAPHQL_DEFAULT_LIST_SIZE rows; this counts the rows read.
   */
  listRowsLeft?: number;
  /** GraphQL: the rows the lists of one answer may hold in all (GRAPHQL_MAX_COST). */
  listRowsLimit?: number;
  /** GraphQL: the lists read more rows than the answer may hold; it is refused (QUERY_TOO_COSTLY), so no list reads any more. */
  tooCostly?: boolean;
  /** The list a REST answer streams (src/domain/lists.ts answerList). */
  listStream?: ListStream;
  /** What a conditional GET of the answer is compared with (the REST transport sends them as ETag and Last-Modified and answers 304 when they match). */
  validators?: { etag?: string; lastModified?: Date };
  /** A file the REST transport streamed to a temporary file (routes with `streamedUpload`); removed when the request ends. */
  stagedUpload?: { path: string; size: number; filename: string | null };
  /** A body the operation reads as it arrives (REST routes with `streamedBody`, the command line's file), and its format. */
  streamedBody?: { stream: import('node:stream').Readable; format: 'json' | 'xml' };
  /** An answer the REST transport streams to the client (routes with `streamedAnswer`): `write` writes it to `out`. */
  fileStream?: { filename: string; write: (out: NodeJS.WritableStream) => Promise<void> };
  /** The audit row of the mutation being resolved (src/audit/audit-log.ts). */
  pendingAudit?: PendingAudit;
}

/**
 * An entity manager of its own for one request, forked on first use: a read that only sends
 * statements through `sql()` (cached principal, key-range lists) asks it whether it is in a
 * transaction and for the connection, both answered by the global manager without a fork.
 */
export function entityManagerOnDemand(global: EntityManager): EntityManager {
  let shared = onDemandHandlers.get(global);
  if (!shared) onDemandHandlers.set(global, (shared = onDemandHandler(global)));
  return new Proxy<OnDemand>({ forked: undefined }, shared) as unknown as EntityManager;
}

/** The target of an entity manager on demand: its fork, once there is one. */
interface OnDemand {
  forked: EntityManager | undefined;
}

/** One handler per global manager, shared by the requests' managers on demand (a request allocates its target and proxy only). */
const onDemandHandlers = new WeakMap<EntityManager, ProxyHandler<OnDemand>>();

function onDemandHandler(global: EntityManager): ProxyHandler<OnDemand> {
  const unforked: Partial<Record<keyof EntityManager, unknown>> = {
    isInTransaction: () => false,
    getConnection: global.getConnection.bind(global),
    // A write's transaction forks the manager it is given: before this one's first use, a fork of the global one is the same.
    fork: global.fork.bind(global),
  };
  const fork = (target: OnDemand) => (target.forked ??= global.fork());
  return {
    get(target, property) {
      if (!target.forked && Object.hasOwn(unforked, property)) return unforked[property as keyof EntityManager];
      const forked = fork(target);
      const value: unknown = Reflect.get(forked, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(forked) : value;
    },
    set: (target, property, value) => Reflect.set(fork(target), property, value),
    getPrototypeOf: () => Object.getPrototypeOf(global) as object,
  };
}

/** The context of a request that has not been authenticated yet. */
export function newRequestContext(orm: { em: EntityManager }, transport: Transport, settings: GatewaySettings, afterWrite?: () => void): RequestContext {
  return { em: entityManagerOnDemand(orm.em), caller: null, transport, settings, afterWrite };
}

export function hasAnyRole(caller: Caller | null, roles: readonly OrganisationRole[]): boolean {
  return !!caller && caller.grants.some((grant) => roles.includes(grant.role));
}

/** Whether the caller holds one of `roles` in every organisation (RoleGrant.everywhere); a caller bound to an organisation holds none everywhere. */
export const holdsRoleEverywhere = (caller: Caller, roles: readonly OrganisationRole[]): boolean =>
  caller.organisationKey === undefined && caller.grants.some((grant) => grant.everywhere && roles.includes(grant.role));

/** The caller of an operation that `@auth` admitted. */
export function requireCaller(ctx: RequestContext): Caller {
  if (!ctx.caller) throw unauthenticated();
  return ctx.caller;
}
