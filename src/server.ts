import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import type { Config } from './config/config';
import { describeDatabase, requireReachable } from './db/configured';
import { startEmbeddedPostgres, type RunningDatabase } from './db/embedded';
import { requirePortFree } from './ops/start-refusal';
import { DatabaseNotifications } from './db/notifications';
import { openDatabase, type Orm } from './db/orm';
import { setBcryptCost } from './auth/passwords';
import { purgeExpiredSessions } from './auth/sessions';
import { SettingsStore, defaultSettings } from './settings/settings';
import { purgeAuditLog } from './audit/audit-log';
import { purgeChanges } from './changes/repository';
import { purgeJobs } from './sync/repository';
import { purgeFailures } from './webhooks/repository';
import { purgeLoginFailures } from './auth/login-throttle';
import { purgeRateLimitBuckets } from './ops/rate-limit';
import { createLogger, type Logger } from './ops/logger';

export interface RunningService {
  port: number;
  orm: Orm;
  stop: () => Promise<void>;
}

export interface ServiceOptions {
  /** The service's logger; one on standard output at the configured level when not given. */
  logger?: Logger;
}

/**
 * config → database (embedded unless DATABASE_URL; LISTEN and the migrations' lock on DATABASE_DIRECT_URL) → migrations → bootstrap → app → listen.
 * `log` takes the start's messages (the logger's info level when not given).
 */
export async function startService(config: Config, log?: (message: string) => void, options: ServiceOptions = {}): Promise<RunningService> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, production: config.production });
  log ??= (message: string) => logger.info(message);
  setBcryptCost(config.bcryptCost);
  await requirePortFree(config.host, config.port);
  let embedded: RunningDatabase | undefined;
  if (config.databaseUrl) await requireReachable(config.databaseUrl);
  const url = config.databaseUrl ?? (embedded = await startEmbeddedPostgres(config.embeddedDataDir, config.embeddedPort, log)).url;
  const directUrl = config.databaseDirectUrl ?? url;
  if (directUrl !== url) await requireReachable(directUrl, 'DATABASE_DIRECT_URL');
  log(`database: ${describeDatabase(url, embedded && config.embeddedDataDir)}`);
  if (directUrl !== url) log(`database: LISTEN and the migrations' lock directly, ${describeDatabase(directUrl, undefined, 'DATABASE_DIRECT_URL')}`);
  const {
    orm,
    pool,
    close: closeDatabase,
  } = await openDatabase(url, config.databasePoolSize, log, {
    directUrl,
    namedStatements: config.databasePreparedStatements,
  });
  await bootstrap(orm.em.fork(), config.adminLogin, config.adminPassword, log);
  const notifications = new DatabaseNotifications(directUrl);
  const settings = new SettingsStore(orm.em.fork(), notifications, defaultSettings(config));
  const { handle, drain, close } = await createApp(orm, config, settings, notifications, { logger, pool });
  await notifications.start();
  await settings.start();
  let draining = false;
  // Once stopping, answers close their connections: a keep-alive client does not hold the stop up.
  const serve: RequestListener = (req, res) => {
    if (draining) res.setHeader('Connection', 'close');
    else res.once('finish', () => draining && setImmediate(() => server.closeIdleConnections()));
    handle(req, res);
  };
  const server: Server = await new Promise((resolve) => {
    const listening = createServer({ keepAliveTimeout: config.keepAliveSeconds * 1000, headersTimeout: (config.keepAliveSeconds + 1) * 1000 }, serve).listen(
      config.port,
      config.host,
      () => resolve(listening),
    );
  });
  const housekeeping = async () => {
    await purgeExpiredSessions(orm.em.fork());
    await purgeAuditLog(orm.em.fork(), config.auditRetentionDays);
    await purgeChanges(orm.em.fork(), config.changesRetentionDays);
    await purgeFailures(orm.em.fork(), config.changesRetentionDays);
    await purgeJobs(orm.em.fork(), config.sync.retentionDays);
    await purgeLoginFailures(orm);
    await purgeRateLimitBuckets(orm, config.rateLimit);
  };
  const runHousekeeping = () => void housekeeping().catch((error: unknown) => logger.error({ err: error }, 'housekeeping failed'));
  // Once at start (an instance restarted more often than every ten minutes still purges), then every ten minutes.
  runHousekeeping();
  const purge = setInterval(runHousekeeping, 10 * 60_000).unref();
  const port = (server.address() as AddressInfo).port;
  log(`listening on http://${config.host}:${port} (REST /restapi, GraphQL /graphql)`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(purge);
      draining = true;
      drain();
      await new Promise<void>((resolve) => {
        // No new connections; in-flight requests finish, up to the grace period.
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), config.shutdownGraceSeconds * 1000).unref();
      });
      await close();
      settings.stop();
      await notifications.stop();
      await closeDatabase();
      await embedded?.stop();
    })());
  return { port, orm, stop };
}
