import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext, WatchedCredential } from '../domain/context';
import { unauthenticated } from '../domain/errors';
import type { PrincipalRow } from './principal';
import type { PrincipalCache } from './principal-cache';

/** What a credential still amounts to: its principal, and when it expires by itself (absent: never). */
export interface StillValid {
  row: PrincipalRow;
  until?: number;
}

/** Whether the credential a request was admitted with would still be accepted now: null when not (revoked, expired, or its person may no longer log in). */
export type Recheck = (em: EntityManager) => Promise<StillValid | null>;

/** While changes to principals go unannounced (the LISTEN connection is down), watched credentials are checked this often. */
const UNHEARD_RECHECK_MS = 1000;
/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

interface Watch {
  ctx: RequestContext;
  recheck: Recheck;
  revoked: AbortController;
  expiry?: NodeJS.Timeout;
  checking?: Promise<void>;
  /** A change was announced while a check was under way (which may have read before it): check once more. */
  again: boolean;
}

/**
 * The credentials of the requests that outlive a moment on this instance (subscription streams, long polls of the
 * change feed), checked again whenever their person's principal changes on any instance (the principal cache hears
 * of it through LISTEN/NOTIFY), when they expire (a session, an OAuth token), and every second while such changes
 * cannot be heard. A credential no longer accepted aborts its watch's `revoked` with UNAUTHENTICATED; one still
 * accepted brings the request's caller up to date (changed roles apply to its next read). A check reads the principal
 * through the principal cache: no statement while nothing changed, one per watch of a person whose principal did.
 */
export class CredentialWatch {
  private readonly byIdentity = new Map<number, Set<Watch>>();
  private poll?: NodeJS.Timeout;
  /** Whether every change since the last check of all watches was announced. */
  private heard = true;

  constructor(
    private readonly newEntityManager: () => EntityManager,
    private readonly principals: PrincipalCache,
    private readonly log: (error: unknown) => void,
  ) {
    principals.onPersonChanged((identityKey) => {
      if (identityKey === null) {
        this.heard = false;
        this.checkAll();
      } else for (const watch of this.byIdentity.get(identityKey) ?? []) this.check(watch);
    });
  }

  /** Watches the credential `ctx`'s caller was admitted with; rejects (UNAUTHENTICATED) when it is no longer accepted already. */
  async open(ctx: RequestContext, recheck: Recheck): Promise<WatchedCredential> {
    const identityKey = ctx.caller!.key;
    const watch: Watch = { ctx, recheck, revoked: new AbortController(), again: false };
    let watches = this.byIdentity.get(identityKey);
    if (!watches) this.byIdentity.set(identityKey, (watches = new Set()));
    watches.add(watch);
    this.poll ??= setInterval(() => this.tick(), UNHEARD_RECHECK_MS).unref();
    const release = () => this.release(identityKey, watch);
    // A change announced between the admission and now went unheard by this watch: its first check reads after it.
    this.check(watch);
    await watch.checking;
    if (watch.revoked.signal.aborted) {
      release();
      throw watch.revoked.signal.reason;
    }
    return { revoked: watch.revoked.signal, release };
  }

  private release(identityKey: number, watch: Watch) {
    clearTimeout(watch.expiry);
    const watches = this.byIdentity.get(identityKey);
    watches?.delete(watch);
    if (watches?.size === 0) this.byIdentity.delete(identityKey);
    if (this.byIdentity.size === 0) {
      clearInterval(this.poll);
      this.poll = undefined;
    }
  }

  private tick() {
    const listening = this.principals.listening;
    if (listening && this.heard) return;
    this.heard = listening;
    this.checkAll();
  }

  private checkAll() {
    for (const watches of this.byIdentity.values()) for (const watch of watches) this.check(watch);
  }

  private check(watch: Watch): void {
    if (watch.revoked.signal.aborted) return;
    if (watch.checking) return void (watch.again = true);
    watch.checking = (async () => {
      do {
        watch.again = false;
        clearTimeout(watch.expiry);
        const valid = await watch.recheck(this.newEntityManager());
        if (!valid || (valid.until !== undefined && valid.until <= Date.now())) return watch.revoked.abort(unauthenticated());
        watch.ctx.caller = { ...watch.ctx.caller!, grants: valid.row.grants };
        if (valid.until !== undefined) watch.expiry = setTimeout(() => this.check(watch), Math.min(valid.until - Date.now(), MAX_DELAY_MS)).unref();
      } while (watch.again);
    })()
      .catch((error: unknown) => {
        // Whether the credential holds cannot be told (the database is unreachable): the request ends with an internal error.
        this.log(error);
        watch.revoked.abort(error);
      })
      .finally(() => (watch.checking = undefined));
  }
}
