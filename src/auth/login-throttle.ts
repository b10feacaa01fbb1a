import type { ServerResponse } from 'node:http';
import type { Orm } from '../db/orm';
import { sql } from '../db/sql';
import { sendBody } from '../rest/node-http';
import { sha256 } from './secrets';

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
   * `retryAfter` > 0: refused without trying.
   */
  async attempt<T>(login: string, address: string, check: () => Promise<T | null>): Promise<{ retryAfter: number; result: T | null }> {
    const em = this.orm.em.fork();
    const loginKey = throttleKey('login', login);
    const addressKey = throttleKey('ip', address);
    const rows = await sql<WindowRow>(
      em,
      `select key, failures, extract(epoch from window_end - now())::float8 as "secondsLeft"
       from login_failure_window where key in (?, ?) and window_end > now()`,
      [loginKey, addressKey],
    );
    const blocked = rows.filter((row) => row.failures >= (row.key === loginKey ? this.limits.perLogin : this.limits.perAddress));
    if (blocked.length) {
      this.observer?.throttled();
      return { retryAfter: Math.max(1, Math.ceil(Math.max(...blocked.map((row) => Number(row.secondsLeft))))), result: null };
    }
    const result = await check();
    if (result) {
      // A success forgets the login's failures; without any, it writes nothing.
      if (rows.some((row) => row.key === loginKey)) await sql(em, 'delete from login_failure_window where key = ?', [loginKey]);
    } else {
      // Rows are locked login first, address second in every statement: concurrent failures cannot deadlock.
      await sql(
        em,
        `insert into login_failure_window as w (key, failures, window_end)
         values (?, 1, now() + make_interval(secs => ?)), (?, 1, now() + make_interval(secs => ?))
         on conflict (key) do update set
           failures = case when w.window_end > now() then w.failures + 1 else 1 end,
           window_end = case when w.window_end > now() then w.window_end else excluded.window_end end`,
        [loginKey, this.limits.windowSeconds, addressKey, this.limits.windowSeconds],
      );
      this.observer?.refused();
    }
    return { retryAfter: 0, result };
  }
}

/** Forgets the windows that have ended (housekeeping; indexed by their end). */
export async function purgeLoginFailures(orm: Orm): Promise<void> {
  await sql(orm.em.fork(), 'delete from login_failure_window where window_end <= now()');
}

/** The answer to a throttled attempt, in the shape of OpenOLAT's rate limiter (catalogue 1.8). */
export function sendTooManyRequests(res: ServerResponse, seconds: number) {
  res.setHeader('Retry-After', String(seconds));
  sendBody(res, 429, 'application/json; charset=utf-8', JSON.stringify({ code: 429, message: `Too many requests, retry after ${seconds} seconds` }));
}
