import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import type { Config } from './config/config';
import { startEmbeddedPostgres, type RunningDatabase } from './db/embedded';
import { DatabaseNotifications } from './db/notifications';
import { openDatabase, type Orm } from './db/orm';
import { setBcryptCost } from './auth/passwords';
import { purgeExpiredSessions } from './auth/sessions';
import { SettingsStore } from './settings/settings';
import { purgeAuditLog } from './audit/audit-log';

export interface RunningService {
  port: number;
  orm: Orm;
  stop: () => Promise<void>;
}

/** config → database (embedded unless DATABASE_URL) → migrations → bootstrap → app → listen. */
export async function startService(config: Config, log = console.log): Promise<RunningService> {
  setBcryptCost(config.bcryptCost);
  let embedded: RunningDatabase | undefined;
  const url = config.databaseUrl ?? (embedded = await startEmbeddedPostgres(config.embeddedDataDir, config.embeddedPort, log)).url;
  const { orm, close: closeDatabase } = await openDatabase(url);
  await bootstrap(orm.em.fork(), config.adminLogin, config.adminPassword, log);
  const notifications = new DatabaseNotifications(url);
  const settings = new SettingsStore(orm.em.fork(), notifications, {
    restEnabled: config.restEnabled,
    managedEnforced: config.managedFlagsEnforced,
    apiAccess: 'all',
    userApiKeyGeneration: false,
  });
  const { handle, close } = await createApp(orm, config, settings, notifications);
  await notifications.start();
  await settings.start();
  const server: Server = await new Promise((resolve) => {
    const listening = createServer(handle).listen(config.port, config.host, () => resolve(listening));
  });
  const housekeeping = async () => {
    await purgeExpiredSessions(orm.em.fork());
    await purgeAuditLog(orm.em.fork(), config.auditRetentionDays);
  };
  const purge = setInterval(() => void housekeeping().catch(log), 10 * 60_000).unref();
  const port = (server.address() as AddressInfo).port;
  log(`listening on http://${config.host}:${port} (REST /restapi, GraphQL /graphql)`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(purge);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await close();
      settings.stop();
      await notifications.stop();
      await closeDatabase();
      await embedded?.stop();
    })());
  return { port, orm, stop };
}
