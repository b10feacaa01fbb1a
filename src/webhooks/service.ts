import { randomBytes } from 'node:crypto';
import { inTransaction } from '../audit/audit-log';
import { feedHead } from '../changes/repository';
import { parseReachedCursor, parseTypes, requireKept } from '../changes/service';
import { requireCaller, type RequestContext } from '../domain/context';
import { badRequest, notFound } from '../domain/errors';
import { findOrganisationRow } from '../organisations/repository';
import { organisationForNew } from '../domain/bound';
import type { WebhookFailureVO, WebhookVO, WebhookVOInput } from '../schema/webhooks';
import { listedOwner, requireScopeManager, requireWebhook } from './policy';
import * as webhooks from './repository';
import type { SubscriptionFields, SubscriptionRow } from './repository';
import { checkedTargetUrl, webhookSettingsOf } from './targets';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const toWebhookVO = (row: SubscriptionRow, secret: string | null = null): WebhookVO => ({
  key: row.key,
  url: row.url,
  types: row.types,
  organisationKey: row.organisationKey,
  active: row.active,
  secret,
  ownerKey: row.ownerKey,
  creationDate: row.creationDate,
  cursor: `${row.cursorXid}-${row.cursorId}`,
  attempts: row.attempts,
  lastError: row.lastError,
  nextAttemptAt: row.attempts > 0 ? row.nextAttemptAt : null,
  lastDeliveryAt: row.lastDeliveryAt,
});

/** The fields of a subscription after `input`, over `current` (an update changes what it names). */
async function fieldsOf(ctx: RequestContext, input: WebhookVOInput, current?: SubscriptionRow): Promise<SubscriptionFields> {
  if (input.url == null && !current) throw badRequest('url: required');
  const url = input.url == null ? current!.url : checkedTargetUrl(webhookSettingsOf(ctx.em.getConnection()).rules, input.url);
  const types = input.types === undefined || input.types === null ? (current?.types ?? []) : (parseTypes(input.types) ?? []);
  const given = input.organisationKey === undefined ? (current?.organisationKey ?? null) : input.organisationKey;
  if (given != null && given !== current?.organisationKey && !(await findOrganisationRow(ctx.em, given))) throw notFound('organisation');
  // A credential bound to an organisation subscribes to events about it (or one below it) only.
  const organisationKey = (await organisationForNew(ctx, given)) ?? null;
  if (organisationKey != null && organisationKey !== current?.organisationKey) await requireScopeManager(ctx, organisationKey);
  return { url, types, organisationKey, active: input.active ?? current?.active ?? true };
}

export async function listWebhooks(ctx: RequestContext): Promise<WebhookVO[]> {
  return (await webhooks.subscriptions(ctx.em, listedOwner(ctx))).map((row) => toWebhookVO(row));
}

export async function getWebhook(ctx: RequestContext, key: number): Promise<WebhookVO> {
  return toWebhookVO(await requireWebhook(ctx, key));
}

/** A new subscription, delivering what commits from now on; its secret is in this answer only. */
export function createWebhook(ctx: RequestContext, input: WebhookVOInput): Promise<WebhookVO> {
  return inTransaction(ctx, async (em) => {
    const scoped = { ...ctx, em };
    const fields = await fieldsOf(scoped, input);
    const secret = newSecret();
    const key = await webhooks.insertSubscription(em, requireCaller(ctx).key, fields, secret, await feedHead(em));
    return toWebhookVO((await webhooks.subscriptionByKey(em, key))!, secret);
  });
}

export function updateWebhook(ctx: RequestContext, key: number, input: WebhookVOInput): Promise<WebhookVO> {
  return inTransaction(ctx, async (em) => {
    const scoped = { ...ctx, em };
    const current = await requireWebhook(scoped, key);
    await webhooks.updateSubscription(em, key, await fieldsOf(scoped, input, current));
    return toWebhookVO((await webhooks.subscriptionByKey(em, key))!);
  });
}

export function deleteWebhook(ctx: RequestContext, key: number): Promise<boolean> {
  return inTransaction(ctx, async (em) => {
    await requireWebhook({ ...ctx, em }, key);
    await webhooks.deleteSubscription(em, key);
    return true;
  });
}

/** A new secret, in this answer only; deliveries carry a signature with the old one too until its grace period ends. */
export function rotateWebhookSecret(ctx: RequestContext, key: number): Promise<WebhookVO> {
  return inTransaction(ctx, async (em) => {
    await requireWebhook({ ...ctx, em }, key);
    const secret = newSecret();
    await webhooks.rotateSecret(em, key, secret, webhookSettingsOf(ctx.em.getConnection()).secretGraceSeconds);
    return toWebhookVO((await webhooks.subscriptionByKey(em, key))!, secret);
  });
}

export const DEFAULT_FAILURES_LIMIT = 100;
export const MAX_FAILURES_LIMIT = 1000;

export async function listWebhookFailures(
  ctx: RequestContext,
  key: number,
  after: string | null | undefined,
  limit: number | null | undefined,
): Promise<WebhookFailureVO[]> {
  await requireWebhook(ctx, key);
  const size = limit ?? DEFAULT_FAILURES_LIMIT;
  if (!Number.isInteger(size) || size < 1 || size > MAX_FAILURES_LIMIT) throw badRequest(`limit: between 1 and ${MAX_FAILURES_LIMIT}`);
  return webhooks.failures(ctx.em, key, await parseReachedCursor(ctx.em, after), size);
}

/** Sends again every event from `from` on (a failure's or an event's cursor; parked failures included), in order; a cursor the feed no longer keeps is 410. */
export function replayWebhook(ctx: RequestContext, key: number, from: string): Promise<WebhookVO> {
  return inTransaction(ctx, async (em) => {
    await requireWebhook({ ...ctx, em }, key);
    if (!from) throw badRequest("from: the cursor of the first event to send again (a failure's cursor)");
    const first = await parseReachedCursor(em, from, 'from');
    // Delivery goes on after a cursor: the one just before the first event to send again.
    const before = { xid: first.xid, id: first.id === '0' ? '0' : String(BigInt(first.id) - 1n) };
    await requireKept(em, before);
    await webhooks.rewind(em, key, before);
    return toWebhookVO((await webhooks.subscriptionByKey(em, key))!);
  });
}
