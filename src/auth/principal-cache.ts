import type { GraphQLFieldConfig } from 'graphql';
import { Extensions } from 'type-graphql';
import type { DatabaseNotifications } from '../db/notifications';
import type { RequestContext } from '../domain/context';
import type { PrincipalRow } from './principal';

/** The channel on which the database announces, with a person's key, a change to what their principal is made of (migration notify_principal_changes). */
export const PRINCIPALS_CHANNEL = 'gateway_principals';

interface Entry {
  row: PrincipalRow;
  expiresAt: number;
}

/**
 * Principals this instance has read, by credential (`token:<hash>`, `session:<hash>`,
 * `identity:<key>`, `apikey:<client id>`), so that an authenticated request costs no statement
 * for its caller. Triggers announce every change to a person's login, status, credentials,
 * sessions and roles on every instance (LISTEN/NOTIFY); the person's entries go at once. Entries
 * live `ttlMs` at most in case a notification is lost, and none is served or stored while the
 * LISTEN connection is down.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfIdentity = new Map<number, Set<string>>();
  /** Counts invalidations; a row read before a later invalidation of its person is not stored. */
  private sequence = 0;
  private readonly changedAt = new Map<number, number>();
  /** Rows read before this point are not stored (the change log above was cleared, or the connection dropped). */
  private floor = 0;
  private readonly changeListeners: ((identityKey: number | null) => void)[] = [];

  constructor(
    private readonly notifications: DatabaseNotifications | undefined,
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {
    notifications?.on(PRINCIPALS_CHANNEL, (payload) => {
      const identityKey = Number(payload);
      this.invalidate(identityKey);
      for (const listener of this.changeListeners) listener(identityKey);
    });
    notifications?.onDown(() => {
      this.clear();
      for (const listener of this.changeListeners) listener(null);
    });
  }

  /** Whether changes to principals are being announced to this instance (while not, nobody hears of them). */
  get listening(): boolean {
    return this.notifications?.connected === true;
  }

  /** `listener` hears of each announced change to a person's principal, after the person's entries are gone; of null when announcements stopped (anybody may have changed). */
  onPersonChanged(listener: (identityKey: number | null) => void): void {
    this.changeListeners.push(listener);
  }

  private get usable() {
    return this.ttlMs > 0 && this.listening;
  }

  /** Taken before reading a principal from the database, and handed to `set` with the row. */
  stamp(): number {
    return this.sequence;
  }

  get(key: string): PrincipalRow | undefined {
    if (!this.usable) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.row;
    this.remove(key, entry.row.key);
    return undefined;
  }

  /** Remembers a row read from the database since `stamp`, unless the person changed meanwhile; `until` caps its life (a session's expiry). */
  set(key: string, row: PrincipalRow, stamp: number, until = Infinity): void {
    if (!this.usable || stamp < this.floor || (this.changedAt.get(row.key) ?? 0) > stamp) return;
    if (this.entries.size >= this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.remove(oldest, entry.row.key);
    }
    this.entries.set(key, { row, expiresAt: Math.min(Date.now() + this.ttlMs, until) });
    let keys = this.keysOfIdentity.get(row.key);
    if (!keys) this.keysOfIdentity.set(row.key, (keys = new Set()));
    keys.add(key);
  }

  invalidate(identityKey: number): void {
    this.changedAt.set(identityKey, ++this.sequence);
    if (this.changedAt.size > 10_000) {
      this.changedAt.clear();
      this.floor = this.sequence;
    }
    for (const key of this.keysOfIdentity.get(identityKey) ?? []) this.entries.delete(key);
    this.keysOfIdentity.delete(identityKey);
  }

  clear(): void {
    this.floor = ++this.sequence;
    this.entries.clear();
    this.keysOfIdentity.clear();
    this.changedAt.clear();
  }

  private remove(key: string, identityKey: number) {
    this.entries.delete(key);
    this.keysOfIdentity.get(identityKey)?.delete(key);
  }
}

/**
 * A mutation: once it has run, the instance that ran it forgets its cached principals, so that the
 * caller's next request sees what the mutation changed even before the database's notification
 * arrives; unless its write's transaction said it changed none (`principalsUnchanged`).
 */
export function forgettingPrincipals(field: GraphQLFieldConfig<unknown, RequestContext>): GraphQLFieldConfig<unknown, RequestContext> {
  if (field.extensions?.keepsPrincipals) return field;
  const resolve = field.resolve!;
  return {
    ...field,
    async resolve(source, args, ctx, info) {
      ctx.principalsUnchanged = false;
      try {
        return await resolve(source, args, ctx, info);
      } finally {
        if (!ctx.principalsUnchanged) ctx.afterWrite?.();
      }
    },
  };
}

/** Marks a mutation whose triggers fire without changing an existing person's principal (it creates a person): its instance keeps its cache. */
export const KeepsPrincipals = () => Extensions({ keepsPrincipals: true });
