import type { EntityManager } from '@mikro-orm/postgresql';
import type { DatabaseNotifications } from '../db/notifications';

/** Announced at the commit of every transaction that appended events (the trigger of the change_event migration). */
export const CHANGES_CHANNEL = 'gateway_changes';

/**
 * Wakes long polls of the change feed (`wait=`) when a transaction that appended events commits, on any instance.
 * A wait also ends after a second at most: an event may become readable without a notice of its own (when an older
 * transaction it waited behind ends), and while the LISTEN connection is down nothing is announced.
 */
export class ChangeSignal {
  private readonly waiters = new Set<() => void>();

  constructor(notifications: DatabaseNotifications) {
    notifications.on(CHANGES_CHANNEL, () => this.wake());
  }

  /** Resolves at the next announcement, after `ms` (at most a second), or when one of `stops` aborts (a subscriber left, its credential was revoked). */
  next(ms: number, ...stops: (AbortSignal | undefined)[]): Promise<void> {
    return new Promise((resolve) => {
      if (stops.some((stop) => stop?.aborted)) return resolve();
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        for (const stop of stops) stop?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(ms, 1000));
      this.waiters.add(done);
      for (const stop of stops) stop?.addEventListener('abort', done, { once: true });
    });
  }

  private wake() {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const waiter of waiting) waiter();
  }
}

/** Per ORM, as src/db/sql.ts keeps its read pool: the signal of the service that owns the entity manager. */
const signals = new WeakMap<object, ChangeSignal>();

export const useChangeSignal = (em: EntityManager, signal: ChangeSignal) => signals.set(em.getConnection(), signal);
export const changeSignalOf = (em: EntityManager) => signals.get(em.getConnection());
