import { DELETE, GET, POST, PUT, type FamilyRoutes } from '../route';

const GONE = { 410: 'the cursor is older than the oldest event kept (CHANGES_RETENTION_DAYS)' };

const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });

/** What a subscription's URL receives (src/webhooks/dispatcher.ts), as an OpenAPI 3.0 callback of the subscription's creation. */
const DELIVERY = {
  delivery: {
    '{$request.body#/url}': {
      post: {
        summary: 'One event, signed per Standard Webhooks (https://www.standardwebhooks.com)',
        description:
          "Sent at least once, in the change feed's order (so in order per object); repeats (after a crash, or a replay) carry the same `webhook-id`. Any 2xx answer takes it; anything else, or no answer within WEBHOOK_TIMEOUT_SECONDS, is tried again with a doubling wait (at most WEBHOOK_MAX_BACKOFF_SECONDS) for WEBHOOK_RETRY_HOURS, after which the event is parked (GET /webhooks/{webhookKey}/failures) and the next one is sent. Redirects are not followed.",
        parameters: [
          header('webhook-id', "The event's change feed cursor: the same for every attempt and every subscription."),
          header('webhook-timestamp', 'Seconds since 1970 when this attempt was signed.'),
          header(
            'webhook-signature',
            '`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" with the base64-decoded secret after whsec_>`; during the grace period of a rotation a second, space-separated, with the previous secret.',
          ),
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['type', 'timestamp', 'data'],
                properties: {
                  type: { type: 'string', description: 'The event type, as `data.type`.', example: 'user.created' },
                  timestamp: { type: 'string', format: 'date-time', description: 'When the write happened.' },
                  data: { $ref: '#/components/schemas/ChangeVO' },
                },
              },
            },
          },
        },
        responses: {
          '2XX': { description: 'Taken; the next event follows.' },
          '4XX': { description: 'Not taken: tried again later (no status is final).' },
          '5XX': { description: 'Not taken: tried again later.' },
        },
      },
    },
  },
};

/** Webhook subscriptions (beyond OpenOLAT): the change feed POSTed to external systems, signed per Standard Webhooks. */
export const webhooks: FamilyRoutes = {
  strictQuery: true,
  routes: [
    GET('/webhooks', 'Query.webhooks', "The caller's webhook subscriptions (a system administrator's: every one)", { defaultFormat: 'json' }),
    PUT('/webhooks', 'Mutation.createWebhook', 'Subscribe a URL to the events that commit from now on; the answer holds the signing secret, once', {
      defaultFormat: 'json',
      bodyArg: 'webhook',
      callbacks: DELIVERY,
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
