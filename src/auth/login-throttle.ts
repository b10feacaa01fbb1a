import type { ServerResponse } from 'node:http';
import { sendBody } from '../rest/node-http';

interface Window {
  failures: number;
  resetAt: number;
}

export interface ThrottleLimits {
  /** Failed attempts allowed for one login (or API key client id) per window. */
  perLogin: number;
  /** Failed attempts allowed from one address per window. */
  perAddress: number;
  windowSeconds: number;
}

/**
 * Counts failed logins per login and per address in fixed windows; once a count reaches its
 * limit, further attempts for that login or from that address are refused until the window ends.
 * Others are not slowed. Counts are per instance.
 */
export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now = () => Date.now(),
  ) {}

  /** Seconds to wait before trying again, or 0 when the attempt may go ahead. */
  private retryAfter(login: string, address: string): number {
    const blocked = [this.blockedUntil(`login:${login.toLowerCase()}`, this.limits.perLogin), this.blockedUntil(`ip:${address}`, this.limits.perAddress)];
    const until = Math.max(...blocked);
    return until > 0 ? Math.max(1, Math.ceil((until - this.now()) / 1000)) : 0;
  }

  /**
   * Runs a login attempt unless the login or address is blocked, and counts its outcome.
   * `retryAfter` > 0: refused without trying.
   */
  async attempt<T>(login: string, address: string, check: () => Promise<T | null>): Promise<{ retryAfter: number; result: T | null }> {
    const retryAfter = this.retryAfter(login, address);
    if (retryAfter) return { retryAfter, result: null };
    const result = await check();
    if (result) this.succeeded(login);
    else this.failed(login, address);
    return { retryAfter: 0, result };
  }

  private failed(login: string, address: string) {
    this.count(`login:${login.toLowerCase()}`);
    this.count(`ip:${address}`);
    if (this.windows.size > 100_000) this.sweep();
  }

  private succeeded(login: string) {
    this.windows.delete(`login:${login.toLowerCase()}`);
  }

  private blockedUntil(key: string, limit: number): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= this.now()) return 0;
    return window.failures >= limit ? window.resetAt : 0;
  }

  private count(key: string) {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= this.now()) this.windows.set(key, { failures: 1, resetAt: this.now() + this.limits.windowSeconds * 1000 });
    else window.failures++;
  }

  private sweep() {
    for (const [key, window] of this.windows) if (window.resetAt <= this.now()) this.windows.delete(key);
  }
}

/** The answer to a throttled attempt, in the shape of OpenOLAT's rate limiter (catalogue 1.8). */
export function sendTooManyRequests(res: ServerResponse, seconds: number) {
  res.setHeader('Retry-After', String(seconds));
  sendBody(res, 429, 'application/json; charset=utf-8', JSON.stringify({ code: 429, message: `Too many requests, retry after ${seconds} seconds` }));
}
