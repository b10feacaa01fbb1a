import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import { toChangeVO } from '../changes/presenter';
import type { ChangeSignal } from '../changes/signal';
import type { WebhookConfig } from '../config/config';
import type { Orm } from '../db/orm';
import type { Logger } from '../ops/logger';
import { jsonEncoder } from '../rest/wire';
import type { SettingsStore } from '../settings/settings';
import { WebhookDispatcher } from './dispatcher';
import { useWebhookSettings } from './targets';

/** Webhooks of one service: the rules its subscriptions are written under, and its share of the delivery (none with WEBHOOK_DELIVERY=false). */
export function startWebhooks(orm: Orm, config: WebhookConfig, schema: GraphQLSchema, signal: ChangeSignal, settings: SettingsStore, logger: Logger) {
  const rules = { allowHttp: config.allowHttp, allowedHosts: config.allowedHosts, timeoutSeconds: config.timeoutSeconds };
  useWebhookSettings(orm.em.getConnection(), { rules, secretGraceSeconds: config.secretGraceSeconds });
  if (!config.deliver) return undefined;
  const encodeChange = jsonEncoder(schema.getType('ChangeVO') as GraphQLObjectType);
  const dispatcher = new WebhookDispatcher(orm.em, {
    rules,
    retrySeconds: config.retrySeconds,
    maxBackoffSeconds: config.maxBackoffSeconds,
    concurrency: config.concurrency,
    encode: (event) => encodeChange(toChangeVO(event)),
    settings: () => settings.current(),
    signal,
    logger,
  });
  dispatcher.start();
  return dispatcher;
}
