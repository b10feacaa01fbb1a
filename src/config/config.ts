import { availableParallelism } from 'node:os';
import path from 'node:path';

export interface WebhookConfig {
  /** This instance delivers (`WEBHOOK_DELIVERY`); every instance may, they share the work. */
  deliver: boolean;
  allowHttp: boolean;
  /** Hosts (as URLs write them) that may be loopback, private or link-local (`WEBHOOK_ALLOWED_HOSTS`, comma-separated). */
  allowedHosts: string[];
  timeoutSeconds: number;
  /** How long an event is retried before it is parked (`WEBHOOK_RETRY_HOURS`). */
  retrySeconds: number;
  maxBackoffSeconds: number;
  /** How long a rotated secret still signs (`WEBHOOK_SECRET_GRACE_HOURS`). */
  secretGraceSeconds: number;
  /** Subscriptions one instance delivers at once. */
  concurrency: number;
}

export interface SyncConfig {
  /** This instance runs sync jobs (`SYNC_RUN`); every instance may, they share the jobs. */
  run: boolean;
  /** Jobs one instance runs at once. */
  concurrency: number;
  /** Objects per batch (each batch one transaction). */
  batchSize: number;
  /** Batches of a section a job applies at once, each on a connection of its own. */
  parallelBatches: number;
  /** The largest share of a container's members (per cent) a mirror removes without `force`. */
  guardPercent: number;
  /** The largest document taken (413 beyond). */
  documentLimitBytes: number;
  /** How long POST /sync?dryRun=true waits for its plan before it answers 202 with the job. */
  dryRunWaitSeconds: number;
  /** How long a job stays with an instance that no longer extends its lease (each batch extends it). */
  leaseSeconds: number;
  /** How long a finished job and its objects are kept. */
  retentionDays: number;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * The same database without a pooler in between (`DATABASE_DIRECT_URL`, DATABASE_URL when unset): for what needs a
   * session of its own, which a pooler in transaction mode does not keep (LISTEN, the migrations' advisory lock).
   */
  databaseDirectUrl: string | undefined;
  /** The hot statements are prepared by name once per connection (`DATABASE_PREPARED_STATEMENTS`); off for a transaction pooler that does not keep them (PgBouncer before 1.21). */
  databasePreparedStatements: boolean;
  /** Connections of each of the instance's two pools (entities and transactions; hot reads): an instance holds up to twice this, plus two listeners. */
  databasePoolSize: number;
  embeddedDataDir: string;
  embeddedPort: number;
  adminLogin: string;
  adminPassword: string | undefined;
  production: boolean;
  bodyLimitBytes: number;
  /** The largest file a request may carry: a REST multipart part (413 beyond), or base64 in a GraphQL request. */
  uploadLimitBytes: number;
  /** Course archives (src/courses/archive): the largest upload (413 beyond), the bytes and entries an archive may expand to (400 beyond). */
  courseArchive: { uploadLimitBytes: number; expandedLimitBytes: number; entryLimit: number };
  managedFlagsEnforced: boolean;
  restEnabled: boolean;
  bcryptCost: number;
  sessionTtlSeconds: number;
  credentialCacheTtlSeconds: number;
  /** How long a principal (identity, status, roles) is trusted at most without a change notification; 0 turns the cache off. */
  principalCacheTtlSeconds: number;
  graphqlMaxDepth: number;
  loginThrottle: { perLogin: number; perAddress: number; windowSeconds: number };
  /** Request budgets (src/ops/rate-limit.ts): requests per minute per identity and per address, the bucket size (0: the per-minute rate), administrators exempt; off when both rates are 0. */
  rateLimit: { perIdentity: number; perAddress: number; burst: number; exemptAdmins: boolean };
  /** Which proxies' X-Forwarded-For and X-Forwarded-Proto are believed (express's `trust proxy`): `loopback`, addresses or subnets separated by commas, a hop count, `true` or `false`. */
  trustProxy: string;
  auditRetentionDays: number;
  /** Change feed events older than this are deleted (`CHANGES_RETENTION_DAYS`); a reader behind them gets 410. */
  changesRetentionDays: number;
  /** Webhook delivery (src/webhooks): see the README's configuration table. */
  webhooks: WebhookConfig;
  /** Sync jobs (src/sync): see the README's configuration table. */
  sync: SyncConfig;
  graphqlMaxCost: number;
  graphqlMaxAliases: number;
  graphqlMaxRootFields: number;
  /** Most tokens (names, punctuation, values) a GraphQL document may have: beyond, it is refused while parsing, before validation. */
  graphqlMaxTokens: number;
  graphqlDefaultListSize: number;
  /** Subscription streams (/graphql/stream) one caller may hold open on an instance at once. */
  graphqlStreamsPerCaller: number;
  /** Logins a new user or a login change must match (`LOGIN_PATTERN`, a Unicode regular expression). */
  loginPattern: RegExp;
  /** OAuth 2.0 resource server (src/auth/oauth.ts): bearer JWTs of this issuer are accepted; off without `OAUTH_ISSUER`. */
  oauth?: OAuthConfig;
  /** pino level of the logs (`LOG_LEVEL`): fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** `/metrics` is served only when set, to `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** How long a stop waits for in-flight requests before it closes their connections. */
  shutdownGraceSeconds: number;
  /**
   * How long an idle keep-alive connection stays open. Longer than a load balancer's idle timeout (60 s on most), so the
   * balancer closes first and never sends on a connection the gateway has just closed (the client would see a reset).
   */
  keepAliveSeconds: number;
  /** Origins (`CORS_ORIGINS`) whose browser pages may call /restapi and /graphql, credentials included (src/ops/cors.ts); none by default. */
  corsOrigins: string[];
  /** Answers are compressed (gzip, brotli) for clients that accept it (`COMPRESSION`); off where a proxy in front compresses. */
  compression: boolean;
}

/** How the person a token names is found: by login, by e-mail, or by an authentication of provider `OAuth` whose user name is the claim. */
export type OAuthIdentityMatch = 'login' | 'email' | 'authentication';

export interface OAuthConfig {
  /** The OpenID Connect issuer, exactly as tokens carry it in `iss`; its discovery document is read from `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  /** What tokens must carry in `aud`. */
  audience: string;
  /** The claim that names the person. */
  identityClaim: string;
  identityMatch: OAuthIdentityMatch;
  /** Least time between two fetches of the issuer's keys when a token names an unknown key id (rotation). */
  jwksCooldownSeconds: number;
}

const IDENTITY_MATCHES: readonly OAuthIdentityMatch[] = ['login', 'email', 'authentication'];

function oauthConfig(env: NodeJS.ProcessEnv): OAuthConfig | undefined {
  const issuer = env.OAUTH_ISSUER?.trim();
  if (!issuer) return undefined;
  const audience = env.OAUTH_AUDIENCE?.trim();
  if (!audience) throw new Error('OAUTH_AUDIENCE is required with OAUTH_ISSUER');
  const identityMatch = (env.OAUTH_IDENTITY_MATCH?.trim() || 'login') as OAuthIdentityMatch;
  if (!IDENTITY_MATCHES.includes(identityMatch)) throw new Error(`OAUTH_IDENTITY_MATCH is one of ${IDENTITY_MATCHES.join(', ')}, not "${identityMatch}"`);
  return {
    issuer,
    audience,
    identityClaim: env.OAUTH_IDENTITY_CLAIM?.trim() || 'preferred_username',
    identityMatch,
    jwksCooldownSeconds: int(env, 'OAUTH_JWKS_COOLDOWN_SECONDS', 30),
  };
}

/**
 * The default keeps what OpenOLAT's REST user creation accepts (any characters, at least 3, no "/",
 * no control characters: logins that systems already hold, `_`, `%`, `\` and `@` included) and
 * refuses what no login should hold: white space, invisible and format characters (zero-width,
 * bidirectional controls: look-alike logins), unassigned and private-use code points, and U+FFFD
 * left by broken encodings. At most 128 characters, as the column.
 */
export const DEFAULT_LOGIN_PATTERN = '^[^\\s/\\p{C}\\uFFFD]{3,128}$';

function loginPattern(value: string | undefined): RegExp {
  const source = value?.trim() || DEFAULT_LOGIN_PATTERN;
  try {
    return new RegExp(source, 'u');
  } catch {
    throw new Error(`LOGIN_PATTERN is not a valid regular expression: ${source}`);
  }
}

/**
 * `CORS_ORIGINS`: origins separated by commas, each as a browser sends it in `Origin` (scheme, host,
 * port unless the scheme's default; no path). Written otherwise (upper case, a default port, a
 * trailing slash), an origin is taken as the browser would send it; anything that is not an origin is refused.
 */
function corsOrigins(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    const origin = url && ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
    if (!origin) throw new Error(`CORS_ORIGINS holds origins such as https://dashboard.example.org, separated by commas; not "${entry}"`);
    return url.origin;
  });
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(value: string | undefined): string {
  const level = value?.trim().toLowerCase() || 'info';
  if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL is one of ${LOG_LEVELS.join(', ')}, not "${value}"`);
  return level;
}

/** A setting below 1 would make no sense or do harm (a retention of 0 days deletes the whole audit log). */
function atLeastOne(name: string, value: number): number {
  if (value < 1) throw new Error(`${name} is at least 1, not ${value}`);
  return value;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\s*-?\d+\s*$/.test(value)) throw new Error(`${name} must be a whole number, not "${value}"`);
  return Number.parseInt(value, 10);
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function directUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL)
    throw new Error('DATABASE_DIRECT_URL is the direct way to the database of DATABASE_URL: set DATABASE_URL too');
  return env.DATABASE_DIRECT_URL || env.DATABASE_URL || undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseDirectUrl: directUrl(env),
    databasePreparedStatements: bool(env.DATABASE_PREPARED_STATEMENTS, true),
    databasePoolSize: atLeastOne('DATABASE_POOL_SIZE', int(env, 'DATABASE_POOL_SIZE', 10)),
    embeddedDataDir: path.resolve(env.EMBEDDED_PG_DIR ?? 'data/postgres'),
    embeddedPort: int(env, 'EMBEDDED_PG_PORT', 54329),
    adminLogin: env.ADMIN_LOGIN || 'administrator',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    production: env.NODE_ENV === 'production',
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    uploadLimitBytes: int(env, 'UPLOAD_LIMIT_BYTES', 10 * 1024 * 1024),
    courseArchive: {
      uploadLimitBytes: int(env, 'COURSE_UPLOAD_LIMIT_BYTES', 512 * 1024 * 1024),
      expandedLimitBytes: int(env, 'COURSE_ARCHIVE_EXPANDED_LIMIT_BYTES', 2 * 1024 * 1024 * 1024),
      entryLimit: int(env, 'COURSE_ARCHIVE_ENTRY_LIMIT', 20_000),
    },
    managedFlagsEnforced: bool(env.MANAGED_FLAGS_ENFORCED, true),
    restEnabled: bool(env.REST_ENABLED, true),
    bcryptCost: int(env, 'BCRYPT_COST', 10),
    sessionTtlSeconds: int(env, 'SESSION_TTL_SECONDS', 3600),
    credentialCacheTtlSeconds: int(env, 'CREDENTIAL_CACHE_TTL_SECONDS', 300),
    principalCacheTtlSeconds: int(env, 'PRINCIPAL_CACHE_TTL_SECONDS', 10),
    graphqlMaxDepth: int(env, 'GRAPHQL_MAX_DEPTH', 8),
    loginThrottle: {
      perLogin: int(env, 'LOGIN_THROTTLE_PER_LOGIN', 5),
      perAddress: int(env, 'LOGIN_THROTTLE_PER_ADDRESS', 30),
      windowSeconds: int(env, 'LOGIN_THROTTLE_WINDOW_SECONDS', 300),
    },
    rateLimit: {
      perIdentity: Math.max(0, int(env, 'RATE_LIMIT_PER_IDENTITY', 0)),
      perAddress: Math.max(0, int(env, 'RATE_LIMIT_PER_ADDRESS', 0)),
      burst: Math.max(0, int(env, 'RATE_LIMIT_BURST', 0)),
      exemptAdmins: bool(env.RATE_LIMIT_EXEMPT_ADMINS, false),
    },
    trustProxy: env.TRUST_PROXY?.trim() || 'loopback',
    auditRetentionDays: atLeastOne('AUDIT_RETENTION_DAYS', int(env, 'AUDIT_RETENTION_DAYS', 365)),
    changesRetentionDays: atLeastOne('CHANGES_RETENTION_DAYS', int(env, 'CHANGES_RETENTION_DAYS', 30)),
    webhooks: {
      deliver: bool(env.WEBHOOK_DELIVERY, true),
      allowHttp: bool(env.WEBHOOK_ALLOW_HTTP, false),
      allowedHosts: (env.WEBHOOK_ALLOWED_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().replace(/^\[|\]$/g, ''))
        .filter(Boolean),
      timeoutSeconds: atLeastOne('WEBHOOK_TIMEOUT_SECONDS', int(env, 'WEBHOOK_TIMEOUT_SECONDS', 10)),
      retrySeconds: Number(env.WEBHOOK_RETRY_HOURS || 24) * 3600,
      maxBackoffSeconds: atLeastOne('WEBHOOK_MAX_BACKOFF_SECONDS', int(env, 'WEBHOOK_MAX_BACKOFF_SECONDS', 3600)),
      secretGraceSeconds: Number(env.WEBHOOK_SECRET_GRACE_HOURS || 24) * 3600,
      concurrency: atLeastOne('WEBHOOK_CONCURRENCY', int(env, 'WEBHOOK_CONCURRENCY', 4)),
    },
    sync: {
      run: bool(env.SYNC_RUN, true),
      concurrency: atLeastOne('SYNC_CONCURRENCY', int(env, 'SYNC_CONCURRENCY', 2)),
      batchSize: atLeastOne('SYNC_BATCH_SIZE', int(env, 'SYNC_BATCH_SIZE', 500)),
      // A core is left to the requests: each batch keeps a database backend busy.
      parallelBatches: atLeastOne('SYNC_PARALLEL_BATCHES', int(env, 'SYNC_PARALLEL_BATCHES', Math.max(1, availableParallelism() - 1))),
      guardPercent: Math.min(100, Math.max(0, int(env, 'SYNC_MIRROR_GUARD_PERCENT', 50))),
      documentLimitBytes: atLeastOne('SYNC_DOCUMENT_LIMIT_BYTES', int(env, 'SYNC_DOCUMENT_LIMIT_BYTES', 1024 * 1024 * 1024)),
      dryRunWaitSeconds: Math.max(0, int(env, 'SYNC_DRY_RUN_WAIT_SECONDS', 30)),
      leaseSeconds: atLeastOne('SYNC_LEASE_SECONDS', int(env, 'SYNC_LEASE_SECONDS', 60)),
      retentionDays: atLeastOne('SYNC_RETENTION_DAYS', int(env, 'SYNC_RETENTION_DAYS', 7)),
    },
    graphqlMaxCost: int(env, 'GRAPHQL_MAX_COST', 50_000),
    graphqlMaxAliases: int(env, 'GRAPHQL_MAX_ALIASES', 30),
    graphqlMaxRootFields: int(env, 'GRAPHQL_MAX_ROOT_FIELDS', 20),
    graphqlMaxTokens: int(env, 'GRAPHQL_MAX_TOKENS', 5_000),
    graphqlDefaultListSize: int(env, 'GRAPHQL_DEFAULT_LIST_SIZE', 100),
    graphqlStreamsPerCaller: atLeastOne('GRAPHQL_STREAMS_PER_CALLER', int(env, 'GRAPHQL_STREAMS_PER_CALLER', 10)),
    loginPattern: loginPattern(env.LOGIN_PATTERN),
    oauth: oauthConfig(env),
    logLevel: logLevel(env.LOG_LEVEL),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    shutdownGraceSeconds: int(env, 'SHUTDOWN_GRACE_SECONDS', 25),
    keepAliveSeconds: atLeastOne('KEEP_ALIVE_SECONDS', int(env, 'KEEP_ALIVE_SECONDS', 65)),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    compression: bool(env.COMPRESSION, true),
  };
}
