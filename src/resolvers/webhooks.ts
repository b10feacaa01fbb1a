import { Arg, Ctx, Directive, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { auth } from '../schema/directives';
import { LongScalar } from '../schema/scalars';
import { WebhookFailureVO, WebhookVO, WebhookVOInput } from '../schema/webhooks';
import { WEBHOOK_ADMINS } from '../webhooks/policy';
import * as webhooks from '../webhooks/service';
import { DEFAULT_FAILURES_LIMIT, MAX_FAILURES_LIMIT } from '../webhooks/service';

/** Webhook subscriptions (beyond OpenOLAT): administrators manage their own, system administrators every one. */
@Resolver()
export class WebhookResolver {
  @Query(() => [WebhookVO], { description: "The caller's webhook subscriptions (a system administrator's: every one)." })
  @Directive(auth(...WEBHOOK_ADMINS))
  webhooks(@Ctx() ctx: RequestContext): Promise<WebhookVO[]> {
    return webhooks.listWebhooks(ctx);
  }

  @Query(() => WebhookVO)
  @Directive(auth(...WEBHOOK_ADMINS))
  webhook(@Ctx() ctx: RequestContext, @Arg('webhookKey', () => LongScalar) webhookKey: number): Promise<WebhookVO> {
    return webhooks.getWebhook(ctx, webhookKey);
  }

  @Mutation(() => WebhookVO, { description: 'Subscribe a URL to the events that commit from now on; the answer holds the signing secret, once.' })
  @Directive(auth(...WEBHOOK_ADMINS))
  createWebhook(@Ctx() ctx: RequestContext, @Arg('webhook', () => WebhookVOInput) webhook: WebhookVOInput): Promise<WebhookVO> {
    return webhooks.createWebhook(ctx, webhook);
  }

  @Mutation(() => WebhookVO, { description: 'Change what the body names (URL, types, organisation, active); the rest stays.' })
  @Directive(auth(...WEBHOOK_ADMINS))
  updateWebhook(
    @Ctx() ctx: RequestContext,
    @Arg('webhookKey', () => LongScalar) webhookKey: number,
    @Arg('webhook', () => WebhookVOInput) webhook: WebhookVOInput,
  ): Promise<WebhookVO> {
    return webhooks.updateWebhook(ctx, webhookKey, webhook);
  }

  @Mutation(() => Boolean, { description: 'Delete a subscription and its parked failures; nothing more is sent.' })
  @Directive(auth(...WEBHOOK_ADMINS))
  deleteWebhook(@Ctx() ctx: RequestContext, @Arg('webhookKey', () => LongScalar) webhookKey: number): Promise<boolean> {
    return webhooks.deleteWebhook(ctx, webhookKey);
  }

  @Mutation(() => WebhookVO, {
    description: 'A new signing secret, in this answer only; deliveries are signed with the old one too until WEBHOOK_SECRET_GRACE_HOURS have passed.',
  })
  @Directive(auth(...WEBHOOK_ADMINS))
  rotateWebhookSecret(@Ctx() ctx: RequestContext, @Arg('webhookKey', () => LongScalar) webhookKey: number): Promise<WebhookVO> {
    return webhooks.rotateWebhookSecret(ctx, webhookKey);
  }

  @Query(() => [WebhookFailureVO], { description: 'The events this subscription gave up on after WEBHOOK_RETRY_HOURS of retries, oldest first.' })
  @Directive(auth(...WEBHOOK_ADMINS))
  webhookFailures(
    @Ctx() ctx: RequestContext,
    @Arg('webhookKey', () => LongScalar) webhookKey: number,
    @Arg('after', () => String, { nullable: true, description: "The last failure's cursor of the page before." }) after?: string,
    @Arg('limit', () => Int, { nullable: true, description: `At most this many (1–${MAX_FAILURES_LIMIT}, ${DEFAULT_FAILURES_LIMIT} without).` })
    limit?: number,
  ): Promise<WebhookFailureVO[]> {
    return webhooks.listWebhookFailures(ctx, webhookKey, after, limit);
  }

  @Mutation(() => WebhookVO, {
    description: 'Send every event from the cursor `from` on again, in order (parked failures included); 410 when the feed no longer keeps it.',
  })
  @Directive(auth(...WEBHOOK_ADMINS))
  replayWebhook(
    @Ctx() ctx: RequestContext,
    @Arg('webhookKey', () => LongScalar) webhookKey: number,
    @Arg('from', () => String, { nullable: true, description: "A failure's (or any event's) cursor; required." }) from?: string,
  ): Promise<WebhookVO> {
    return webhooks.replayWebhook(ctx, webhookKey, from ?? '');
  }
}

export const webhookResolvers = [WebhookResolver] as const;
