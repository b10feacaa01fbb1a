import type { GraphQLSchema } from 'graphql';
import type { SyncConfig } from '../config/config';
import type { Orm } from '../db/orm';
import type { Logger } from '../ops/logger';
import type { SettingsStore } from '../settings/settings';
import { SyncRunner } from './runner';
import { useSyncService } from './service';

/** Sync of one service: how its jobs run, and its share of running them (none with SYNC_RUN=false). */
export function startSync(orm: Orm, config: SyncConfig, schema: GraphQLSchema, settings: SettingsStore, logger: Logger) {
  const runtime = {
    schema,
    settings: () => settings.current(),
    logger,
    guardPercent: config.guardPercent,
    batchSize: config.batchSize,
    parallelBatches: config.parallelBatches,
  };
  const runner = config.run ? new SyncRunner(orm.em, runtime, { concurrency: config.concurrency, leaseSeconds: config.leaseSeconds }) : undefined;
  useSyncService(orm.em.getConnection(), { runtime, config, runner });
  runner?.start();
  return runner;
}
