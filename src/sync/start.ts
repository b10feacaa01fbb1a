import type { GraphQLSchema } from 'graphql';
import type { SyncConfig } from '../config/config';
import type { Orm } from '../db/orm';
import type { Logger } from '../ops/logger';
import type { SettingsStore } from '../settings/settings';
import type { SyncRuntime } from './run';
import { SyncRunner } from './runner';
import { useSyncService } from './service';

/** How the jobs of a service (or the command line) run. */
export const syncRuntime = (config: SyncConfig, schema: GraphQLSchema, settings: Pick<SettingsStore, 'current'>, logger: Logger): SyncRuntime => ({
  schema,
  settings: () => settings.current(),
  logger,
  guardPercent: config.guardPercent,
  batchSize: config.batchSize,
  parallelBatches: config.parallelBatches,
});

/** Sync of one service: how its jobs run, and its share of running them (none with SYNC_RUN=false). */
export function startSync(orm: Orm, config: SyncConfig, schema: GraphQLSchema, settings: SettingsStore, logger: Logger) {
  const runtime = syncRuntime(config, schema, settings, logger);
  const runner = config.run ? new SyncRunner(orm.em, runtime, { concurrency: config.concurrency, leaseSeconds: config.leaseSeconds }) : undefined;
  useSyncService(orm.em.getConnection(), { runtime, config, runner });
  runner?.start();
  return runner;
}
