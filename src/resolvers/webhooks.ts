import { Arg, Ctx, Int, Resolver } from 'type-graphql';
import { GuardedMutation, GuardedQuery } from './guards';
import { KeyArg } from '../schema/arguments';
import type { RequestContext } from '../domain/context';
import { auth } from '../schema/directives';
import { WebhookFailureVO, WebhookVO, WebhookVOInput } from '../schema/webhooks';
import { WEBHOOK_ADMINS } from '../webhooks/policy';
import * as webhooks from '../webhooks/service';
import { DEFAULT_FAILURES_LIMIT, MAX_FAILURES_LIMIT } from '../webhooks/service';

/** Webhook subscriptions (beyond OpenOLAT): administrators manage their own, system administrators every one. */
@Resolver()
export class WebhookResolver {
  @GuardedQuery(() => [WebhookVO], auth(...WEBHOOK_ADMINS), { description: "The caller's webhook subscriptions (a system administrator's: every one)." })
  webhooks(@Ctx() ctx: RequestContext): Promise<WebhookVO[]> {
    return webhooks.listWebhooks(ctx);
  }

  @GuardedQuery(() => WebhookVO, auth(...WEBHOOK_ADMINS))
  webhook(@Ctx() ctx: RequestContext, @KeyArg('webhookKey') webhookKey: number): Promise<WebhookVO> {
    return webhooks.getWebhook(ctx, webhookKey);
  }

  @GuardedMutation(() => WebhookVO, auth(...WEBHOOK_ADMINS), {
    description: 'Subscribe a URL to the events that commit from now on; the answer holds the signing secret, once.',
  })
  createWebhook(@Ctx() ctx: RequestContext, @Arg('webhook', () => WebhookVOInput) webhook: WebhookVOInput): Promise<WebhookVO> {
    return webhooks.createWebhook(ctx, webhook);
  }

  @GuardedMutation(() => WebhookVO, auth(...WEBHOOK_ADMINS), { description: 'Change what the body names (URL, types, organisation, active); the rest stays.' })
  updateWebhook(
    @Ctx() ctx: RequestContext,
    @KeyArg('webhookKey') webhookKey: number,
    @Arg('webhook', () => WebhookVOInput) webhook: WebhookVOInput,
  ): Promise<WebhookVO> {
    return webhooks.updateWebhook(ctx, webhookKey, webhook);
  }

  @GuardedMutation(() => Boolean, auth(...WEBHOOK_ADMINS), { description: 'Delete a subscription and its parked failures; nothing more is sent.' })
  deleteWebhook(@Ctx() ctx: RequestContext, @KeyArg('webhookKey') webhookKey: number): Promise<boolean> {
    return webhooks.deleteWebhook(ctx, webhookKey);
  }

  @GuardedMutation(() => WebhookVO, auth(...WEBHOOK_ADMINS), {
    description: 'A new signing secret, in this answer only; deliveries are signed with the old one too until WEBHOOK_SECRET_GRACE_HOURS have passed.',
  })
  rotateWebhookSecret(@Ctx() ctx: RequestContext, @KeyArg('webhookKey') webhookKey: number): Promise<WebhookVO> {
    return webhooks.rotateWebhookSecret(ctx, webhookKey);
  }

  @GuardedQuery(() => [WebhookFailureVO], auth(...WEBHOOK_ADMINS), {
    description: 'The events this subscription gave up on after WEBHOOK_RETRY_HOURS of retries, oldest first.',
  })
  webhookFailures(
    @Ctx() ctx: RequestContext,
    @KeyArg('webhookKey') webhookKey: number,
    @Arg('after', () => String, { nullable: true, description: "The last failure's cursor of the page before." }) after?: string,
    @Arg('limit', () => Int, { nullable: true, description: `At most this many (1–${MAX_FAILURES_LIMIT}, ${DEFAULT_FAILURES_LIMIT} without).` })
    limit?: number,
  ): Promise<WebhookFailureVO[]> {
    return webhooks.listWebhookFailures(ctx, webhookKey, after, limit);
  }

  @GuardedMutation(() => WebhookVO, auth(...WEBHOOK_ADMINS), {
    description: 'Send every event from the cursor `from` on again, in order (parked failures included); 410 when the feed no longer keeps it.',
  })
  replayWebhook(
    @Ctx() ctx: RequestContext,
    @KeyArg('webhookKey') webhookKey: number,
    @Arg('from', () => String, { nullable: true, description: "A failure's (or any event's) cursor; required." }) from?: string,
  ): Promise<WebhookVO> {
    return webhooks.replayWebhook(ctx, webhookKey, from ?? '');
  }
}

export const webhookResolvers = [WebhookResolver] as const;
