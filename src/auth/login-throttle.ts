import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm';
import { sql } from '../db/sql';
import { sha256 } from './secrets';
import { entityManagerOnDemand } from '../domain/context';

export interface ThrottleLimits {
  /** Failed attempts allowed for one login (or API key client id) per window. */
  perLogin: number;
  /** Failed attempts allowed from one address per window. */
  perAddress: number;
  windowSeconds: number;
}

export interface ThrottleObserver {
  refused(): void;
  throttled(): void;
}

/** The longest key stored as it is; longer ones (a login of any length may be tried) are stored as their hash. */
const MAX_KEY = 300;

export const throttleKey = (kind: 'login' | 'ip', value: string) => {
  const key = `${kind}:${kind === 'login' ? value.toLowerCase() : value}`;
  return key.length > MAX_KEY ? `${kind}#${sha256(key)}` : key;
};

interface WindowRow {
  key: string;
  failures: number;
  secondsLeft: number;
}

/**
 * Counts failed logins per login and per address in fixed windows; once a count reaches its
 * limit, further attempts for that login or from that address are refused until the window ends.
 * Others are not slowed. The counts live in PostgreSQL (`login_failure_window`, one row per key
 * and its current window), so every instance on the database shares them: an attempt costs one
 * indexed read, a failure one upsert, a success nothing more unless it clears a login's earlier
 * failures (one delete). Times are the database's, so the instances' clocks do not matter.
 */
export class LoginThrottle {
  private observer?: ThrottleObserver;

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly orm: Orm,
  ) {}

  /** Tells `observer` of every attempt refused (wrong credentials) or throttled (metrics). */
  observe(observer: ThrottleObserver) {
    this.observer = observer;
  }

  /**
   * Runs a login attempt unless the login or address is blocked, and counts its outcome.
   * `check` must call `reserve` before it verifies a secret the cache does not vouch for (a
   * bcrypt): the reservation counts the guess as a failure at once, so parallel guesses, on one
   * instance or several, get no more tries than the limit; a success takes it back.
   * `retryAfter` > 0: refused without trying.
   */
  async attempt<T>(
    login: string,
    address: string,
    check: (reserve: () => Promise<boolean>) => Promise<T | null>,
  ): Promise<{ retryAfter: number; result: T | null }> {
    const em = entityManagerOnDemand(this.orm.em);
    const keys = { login: throttleKey('login', login), address: throttleKey('ip', address) };
    const rows = await sql<WindowRow>(
      em,
      `select key, failures, extract(epoch from window_end - now())::float8 as "secondsLeft"
       from login_failure_window where key in (?, ?) and window_end > now()`,
      [keys.login, keys.address],
    );
    let retryAfter = this.retryAfter(rows, keys.login, (failures, limit) => failures >= limit);
    if (retryAfter) {
      this.observer?.throttled();
      return { retryAfter, result: null };
    }
    let reserved = false;
    const reserve = async () => {
      reserved = true;
      retryAfter = this.retryAfter(await this.countFailure(em, keys), keys.login, (failures, limit) => failures > limit);
      return !retryAfter;
    };
    const result = await check(reserve);
    if (retryAfter) {
      this.observer?.throttled();
      return { retryAfter, result: null };
    }
    if (result) {
      // A success forgets the login's failures (without any, it writes nothing) and gives the address its reservation back.
      if (reserved || rows.some((row) => row.key === keys.login)) await sql(em, 'delete from login_failure_window where key = ?', [keys.login]);
      if (reserved) await sql(em, 'update login_failure_window set failures = greatest(failures - 1, 0) where key = ?', [keys.address]);
    } else {
      if (!reserved) await this.countFailure(em, keys);
      this.observer?.refused();
    }
    return { retryAfter: 0, result };
  }

  /** Seconds until the first blocked key's window ends (0: none blocked); `over` says when a count blocks. */
  private retryAfter(rows: WindowRow[], loginKey: string, over: (failures: number, limit: number) => boolean): number {
    const blocked = rows.filter((row) => over(row.failures, row.key === loginKey ? this.limits.perLogin : this.limits.perAddress));
    return blocked.length ? Math.max(1, Math.ceil(Math.max(...blocked.map((row) => Number(row.secondsLeft))))) : 0;
  }

  /** One more failure for the login and the address, in their current windows; the new counts. */
  private countFailure(em: EntityManager, keys: { login: string; address: string }): Promise<WindowRow[]> {
    // Rows are locked login first, address second in every statement: concurrent failures cannot deadlock.
    return sql<WindowRow>(
      em,
      `insert into login_failure_window as w (key, failures, window_end)
       values (?, 1, now() + make_interval(secs => ?)), (?, 1, now() + make_interval(secs => ?))
       on conflict (key) do update set
         failures = case when w.window_end > now() then w.failures + 1 else 1 end,
         window_end = case when w.window_end > now() then w.window_end else excluded.window_end end
       returning key, failures, extract(epoch from window_end - now())::float8 as "secondsLeft"`,
      [keys.login, this.limits.windowSeconds, keys.address, this.limits.windowSeconds],
    );
  }
}

/** Forgets the windows that have ended (housekeeping; indexed by their end). */
export async function purgeLoginFailures(orm: Orm): Promise<void> {
  await sql(orm.em.fork(), 'delete from login_failure_window where window_end <= now()');
}
