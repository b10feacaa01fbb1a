import { bool, dateTime, field, int, long, objectType, text, wireType } from './wire-shape';

export const [WebhookVO, WebhookVOInput] = wireType(
  {
    name: 'WebhookVO',
    description:
      "A webhook subscription (beyond OpenOLAT): the change feed's events of `types` are POSTed to `url`, signed per Standard Webhooks, as far as the owner may read them (within `organisationKey` and below, when set).",
    extensions: { xmlRoot: 'webhook' },
    inputDescription: 'A webhook subscription as an administrator writes it.',
  },
  {
    key: long.outputOnly,
    url: text.describeInput(
      'https (http only with WEBHOOK_ALLOW_HTTP); no loopback, private or link-local host unless WEBHOOK_ALLOWED_HOSTS names it. Required when creating.',
    ),
    types: field<string[]>(() => [String])
      .describe('Event types delivered (`user.created`, …); empty: every type.')
      .outputExtensions({ xmlItem: 'type' })
      .describeInput('Event types; absent or empty: every type.'),
    organisationKey: long.nullable
      .describe('Only events about objects of this organisation and the ones below it.')
      .describeInput('An organisation the caller administers; absent: every event the caller may read.'),
    active: bool.describeInput('true when absent on creation.'),
    secret: text.nullable.describe('The signing secret (`whsec_…`): shown once, in the answer that creates or rotates it; null otherwise.').outputOnly,
    ownerKey: long.describe('Who created it: deliveries carry the events this person may read.').outputOnly,
    creationDate: dateTime.outputOnly,
    cursor: text.describe('The change feed cursor of the last event delivered (or passed over); a replay moves it back.').outputOnly,
    attempts: int.describe('Failed attempts at the next event; 0 while deliveries succeed.').outputOnly,
    lastError: text.nullable.describe('Why the last attempt failed, while the next event still fails.').outputOnly,
    nextAttemptAt: dateTime.nullable.describe('When the next event is tried again, while it fails.').outputOnly,
    lastDeliveryAt: dateTime.nullable.outputOnly,
  },
);
export type WebhookVO = InstanceType<typeof WebhookVO>;
export type WebhookVOInput = InstanceType<typeof WebhookVOInput>;

export const WebhookFailureVO = objectType(
  {
    name: 'WebhookFailureVO',
    description: 'An event a subscription gave up on after retrying for WEBHOOK_RETRY_HOURS; a replay from before its cursor sends it again.',
    extensions: { xmlRoot: 'failure' },
  },
  {
    key: long,
    cursor: text.describe("The event's change feed cursor."),
    type: text,
    attempts: int,
    lastError: text.nullable,
    failedAt: dateTime,
  },
);
export type WebhookFailureVO = InstanceType<typeof WebhookFailureVO>;
