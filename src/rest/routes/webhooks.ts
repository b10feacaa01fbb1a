import { DELETE, GET, POST, PUT, type FamilyRoutes } from '../route';

const GONE = { 410: 'the cursor is older than the oldest event kept (CHANGES_RETENTION_DAYS)' };

/** Webhook subscriptions (beyond OpenOLAT): the change feed POSTed to external systems, signed per Standard Webhooks. */
export const webhooks: FamilyRoutes = {
  routes: [
    GET('/webhooks', 'Query.webhooks', "The caller's webhook subscriptions (a system administrator's: every one)", { defaultFormat: 'json' }),
    PUT('/webhooks', 'Mutation.createWebhook', 'Subscribe a URL to the events that commit from now on; the answer holds the signing secret, once', {
      defaultFormat: 'json',
      bodyArg: 'webhook',
    }),
    GET('/webhooks/:webhookKey', 'Query.webhook', 'A webhook subscription and how its delivery stands', { defaultFormat: 'json' }),
    POST('/webhooks/:webhookKey', 'Mutation.updateWebhook', 'Change what the body names (URL, types, organisation, active)', {
      defaultFormat: 'json',
      bodyArg: 'webhook',
    }),
    DELETE('/webhooks/:webhookKey', 'Mutation.deleteWebhook', 'Delete a subscription; nothing more is sent', { defaultFormat: 'json' }),
    POST(
      '/webhooks/:webhookKey/secret',
      'Mutation.rotateWebhookSecret',
      'A new signing secret (in this answer only); the old one signs too for a grace period',
      {
        defaultFormat: 'json',
      },
    ),
    GET('/webhooks/:webhookKey/failures', 'Query.webhookFailures', 'Events the subscription gave up on after the retry period', { defaultFormat: 'json' }),
    POST('/webhooks/:webhookKey/replay', 'Mutation.replayWebhook', 'Send every event from the cursor `from` on again, in order', {
      defaultFormat: 'json',
      errors: GONE,
    }),
  ],
};
