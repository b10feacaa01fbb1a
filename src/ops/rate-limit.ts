import type { ServerResponse } from 'node:http';
import type { Orm } from '../db/orm';
import { sql } from '../db/sql';
import { entityManagerOnDemand, type Caller } from '../domain/context';
import type { MediaFormat } from '../rest/route';
import { sendBody } from '../rest/node-http';
import { sendError } from '../rest/respond';
import { sha256 } from '../auth/secrets';

export interface RateLimits {
  /** Requests per minute for one identity; 0: no budget per identity. */
  perIdentity: number;
  /** Requests per minute from one address; 0: no budget per address. */
  perAddress: number;
  /** Requests a full bucket allows at once; 0: as many as the key's per-minute rate. */
  burst: number;
  /** Administrators spend no budget. */
  exemptAdmins: boolean;
}

/** What the answer tells the client of its budget (the most constrained of its keys). */
export interface Budget {
  allowed: boolean;
  /** The bucket's size. */
  limit: number;
  /** Whole requests left now. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  reset: number;
  /** Seconds until one request is allowed again (when refused). */
  retryAfter: number;
}

interface BucketRow {
  key: string;
  tokens: number;
  allowed: boolean;
}

const MAX_KEY = 300;
const keyOf = (kind: 'id' | 'ip', value: string) => {
  const key = `${kind}:${value}`;
  return key.length > MAX_KEY ? `${kind}#${sha256(key)}` : key;
};

/**
 * A token bucket per identity and per address, kept in PostgreSQL (`rate_limit_bucket`, one row
 * per key) so every instance spends from the same budget. A request costs one statement: an
 * upsert by primary key that refills the bucket for the time since its last request (the
 * database's clock), spends one token when there is one, and returns what is left. OpenOLAT's
 * newest filter (catalogue 1.8) counts a fixed 60-second window per subject in each node's memory
 * (N nodes allow N times the limit) and counts refused requests too; here a full bucket allows a
 * burst and then a steady rate, refused requests spend nothing, and every instance shares it.
 */
export class RateLimiter {
  constructor(
    private readonly limits: RateLimits,
    private readonly orm: Orm,
    private readonly onRefused?: () => void,
  ) {}

  get enabled() {
    return this.limits.perIdentity > 0 || this.limits.perAddress > 0;
  }

  /** Spends one request of the caller's and the address's budgets; null when neither applies. */
  async spend(caller: Caller | null, address: string): Promise<Budget | null> {
    const { perIdentity, perAddress, burst, exemptAdmins } = this.limits;
    if (caller && exemptAdmins && caller.grants.some((grant) => grant.role === 'administrator')) return null;
    const keys: { key: string; perMinute: number; capacity: number }[] = [];
    if (caller && perIdentity > 0) keys.push({ key: keyOf('id', String(caller.key)), perMinute: perIdentity, capacity: burst || perIdentity });
    if (perAddress > 0) keys.push({ key: keyOf('ip', address), perMinute: perAddress, capacity: burst || perAddress });
    if (!keys.length) return null;
    const values = keys.map(() => '(?, ?::float8 - 1, true, now())').join(', ');
    // The refilled level: what was left plus the rate times the time since, at most the capacity
    // (excluded.tokens + 1). The rate is the identity's for id: keys, else the address's.
    // now() is when the statement began: one that waited for the row's lock may be older than the row's updated_at, so time never runs backwards here.
    const refilled = `least(excluded.tokens + 1, b.tokens + greatest(extract(epoch from now() - b.updated_at), 0) * (case when left(b.key, 3) = 'id:' then ${perIdentity}::float8 else ${perAddress}::float8 end) / 60)`;
    const rows = await sql<BucketRow>(
      entityManagerOnDemand(this.orm.em),
      `insert into rate_limit_bucket as b (key, tokens, allowed, updated_at) values ${values}
       on conflict (key) do update set
         tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
         allowed = ${refilled} >= 1,
         updated_at = greatest(now(), b.updated_at)
       returning key, tokens, allowed`,
      keys.flatMap(({ key, capacity }) => [key, capacity]),
    );
    const budgets = rows.map((row): Budget => {
      const { perMinute, capacity } = keys.find((k) => k.key === row.key)!;
      const tokens = Number(row.tokens);
      const perSecond = perMinute / 60;
      return {
        allowed: row.allowed,
        limit: capacity,
        remaining: Math.max(0, Math.floor(tokens)),
        reset: Math.max(0, Math.ceil((capacity - tokens) / perSecond)),
        retryAfter: row.allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond)),
      };
    });
    const refused = budgets.filter((budget) => !budget.allowed);
    const budget = refused.length
      ? refused.reduce((a, b) => (b.retryAfter > a.retryAfter ? b : a))
      : budgets.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    if (!budget.allowed) this.onRefused?.();
    return budget;
  }
}

/**
 * The budget's headers: the IETF draft's `RateLimit-Limit`, `RateLimit-Remaining`,
 * `RateLimit-Reset` (seconds), and OpenOLAT's `X-RateLimit-*` (its reset in epoch seconds).
 */
export function setBudgetHeaders(res: ServerResponse, budget: Budget) {
  res.setHeader('RateLimit-Limit', String(budget.limit));
  res.setHeader('RateLimit-Remaining', String(budget.remaining));
  res.setHeader('RateLimit-Reset', String(budget.reset));
  res.setHeader('X-RateLimit-Limit', String(budget.limit));
  res.setHeader('X-RateLimit-Remaining', String(budget.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(Date.now() / 1000) + budget.reset));
}

/** 429 with `Retry-After`: OpenOLAT's JSON body (catalogue 1.8), or the same as an errorVO in XML. */
export function sendRateLimited(res: ServerResponse, format: MediaFormat, seconds: number) {
  res.setHeader('Retry-After', String(seconds));
  const message = `Too many requests, retry after ${seconds} seconds`;
  if (format === 'json') return sendBody(res, 429, 'application/json; charset=utf-8', JSON.stringify({ code: 429, message }));
  sendError(res, format, { status: 429, errors: [{ code: '429', translation: message }], list: false });
}

/**
 * Forgets the buckets that have refilled completely (housekeeping; indexed by their last use): a
 * full bucket and no row are the same budget. The slowest refill takes its capacity over its rate.
 */
export async function purgeRateLimitBuckets(orm: Orm, limits: RateLimits): Promise<void> {
  const rates = [limits.perIdentity, limits.perAddress].filter((rate) => rate > 0);
  const fullAfterSeconds = rates.length ? Math.max(...rates.map((rate) => ((limits.burst || rate) / rate) * 60)) : 0;
  await sql(orm.em.fork(), 'delete from rate_limit_bucket where updated_at < now() - make_interval(secs => ?)', [Math.ceil(fullAfterSeconds) + 1]);
}
