import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Failed logins of one key (`login:<login>` or `ip:<address>`) in its current fixed window, shared
 * by every instance (src/auth/login-throttle.ts). The window starts with the first failure after the
 * previous one ended; rows whose window has ended are purged by the housekeeping.
 */
@Entity({ tableName: 'login_failure_window' })
export class LoginFailureWindow {
  @PrimaryKey({ type: 'string', length: 320 }) key!: string;
  @Property({ type: 'integer' }) failures!: number;

  @Property({ type: 'datetime' })
  @Index()
  windowEnd!: Date;
}

/**
 * The request budget of one key (`id:<identity key>` or `ip:<address>`): a token bucket refilled
 * in the upsert that spends from it (src/ops/rate-limit.ts), shared by every instance.
 */
@Entity({ tableName: 'rate_limit_bucket' })
export class RateLimitBucket {
  @PrimaryKey({ type: 'string', length: 320 }) key!: string;

  /** Tokens left at `updatedAt`. */
  @Property({ type: 'double' }) tokens!: number;

  /** Whether the last request spent a token (false: it was refused with 429). */
  @Property({ type: 'boolean' }) allowed!: boolean;

  @Property({ type: 'datetime' })
  @Index()
  updatedAt!: Date;
}

export const limitEntities = [LoginFailureWindow, RateLimitBucket];
