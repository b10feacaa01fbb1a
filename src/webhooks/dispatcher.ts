import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Webhook } from 'standardwebhooks';
import { canAuthenticate, principalByKey, toCaller } from '../auth/principal';
import { readableChanges } from '../changes/policy';
import { changesAfter, horizon, isBefore, type ChangeRow, type Cursor } from '../changes/repository';
import type { ChangeSignal } from '../changes/signal';
import type { RequestContext } from '../domain/context';
import type { Logger } from '../ops/logger';
import type { GatewaySettings } from '../settings/settings';
import * as webhooks from './repository';
import type { SubscriptionRow } from './repository';
import { eventsInOrganisation } from './scope';
import { post, type WebhookTargetRules } from './targets';

export interface DispatcherOptions {
  rules: WebhookTargetRules;
  /** How long an event is retried before it is parked (`WEBHOOK_RETRY_HOURS`). */
  retrySeconds: number;
  /** The longest wait between two attempts (`WEBHOOK_MAX_BACKOFF_SECONDS`); the first retry comes after a second, each next one after twice as long. */
  maxBackoffSeconds: number;
  /** Subscriptions this instance delivers at once (`WEBHOOK_CONCURRENCY`). */
  concurrency: number;
  /** The JSON of an event, as the change feed writes it. */
  encode: (event: ChangeRow) => string;
  settings: () => GatewaySettings;
  signal: ChangeSignal;
  logger: Logger;
}

/** Events read for a subscription at a time. */
const BATCH = 100;
/** The type of the failure that stands for events the retention deleted before a subscription got them. */
export const EXPIRED = 'changes.expired';
/** An idle instance claims at most this often (a commit wakes it sooner than its second's poll). */
const IDLE_CLAIM_MS = 100;
/** How often, at most, delivery stores how far it has come (and extends its lease). */
const PERSIST_MS = 200;

/** The body a receiver gets (Standard Webhooks: type, timestamp, data); `data` is the event as GET /restapi/changes shows it. */
export const payloadOf = (event: ChangeRow, encode: (event: ChangeRow) => string) =>
  `{"type":${JSON.stringify(event.type)},"timestamp":${JSON.stringify(new Date(event.at).toISOString())},"data":${encode(event)}}`;

/** The Standard Webhooks headers of one delivery: signed with the secret, and with the previous one during its grace period. */
export function signedHeaders(
  subscription: Pick<SubscriptionRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>,
  id: string,
  body: string,
  now = new Date(),
) {
  const secrets = [subscription.secret];
  if (subscription.previousSecret && subscription.previousSecretUntil && new Date(subscription.previousSecretUntil) > now)
    secrets.push(subscription.previousSecret);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, now, body)).join(' '),
  };
}

const cursorOf = (event: ChangeRow): Cursor => {
  const [xid, id] = event.cursor.split('-');
  return { xid, id };
};

/**
 * Sends the change feed to the webhook subscriptions, on every instance that runs one (`WEBHOOK_DELIVERY`). Each
 * instance claims due subscriptions with a lease (row locks with SKIP LOCKED in a short transaction, see
 * `claimDue`): one instance delivers a subscription at a time, in the feed's order, so each event goes out once in
 * normal running and in order per object. An instance that dies holding a lease leaves the cursor where it last stored
 * it (PERSIST_MS before at most): once the lease runs out another instance (or the restarted one) sends on from there,
 * so events may go out twice after a crash, never not at all. Receivers tell repeats by `webhook-id`.
 */
export class WebhookDispatcher {
  private readonly holder = randomUUID();
  private running = false;
  private loop?: Promise<void>;
  private readonly leaseSeconds: number;

  constructor(
    private readonly em: EntityManager,
    private readonly options: DispatcherOptions,
  ) {
    // Long enough for one delivery to time out and the cursor to be stored; extended at each store.
    this.leaseSeconds = Math.max(3, options.rules.timeoutSeconds * 3);
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let sent = 0;
      try {
        const due = await webhooks.claimDue(this.em.fork(), this.holder, this.leaseSeconds, this.options.concurrency);
        sent = (await Promise.all(due.map((subscription) => this.deliver(subscription)))).reduce((sum, count) => sum + count, 0);
      } catch (error) {
        this.options.logger.error({ err: error }, 'webhook delivery failed');
      }
      if (!sent && this.running) {
        // Idle: until the next commit of an event (NOTIFY), or a second, when retries fall due; a burst of commits
        // wakes it once per IDLE_CLAIM_MS, not once per commit.
        const idleSince = Date.now();
        await this.options.signal.next(1000);
        const soon = IDLE_CLAIM_MS - (Date.now() - idleSince);
        if (soon > 0 && this.running) await new Promise((resolve) => setTimeout(resolve, soon));
      }
    }
  }

  /** The readers' policy as the subscription's owner, within its organisation if it has one. */
  private async readable(em: EntityManager, subscription: SubscriptionRow, owner: RequestContext, events: ChangeRow[]): Promise<ChangeRow[]> {
    const readable = await readableChanges(owner, events);
    return subscription.organisationKey == null ? readable : eventsInOrganisation(em, subscription.organisationKey, readable);
  }

  /** Delivers what is due of one subscription, up to a batch; answers how many events it moved past. */
  private async deliver(claimed: SubscriptionRow): Promise<number> {
    let subscription = claimed;
    const em = this.em.fork();
    const { key } = subscription;
    const principal = await principalByKey(em, subscription.ownerKey);
    if (!principal || !canAuthenticate(principal)) {
      await webhooks.stop(em, key, this.holder, 'the owner no longer exists or may not log in');
      return 0;
    }
    const owner: RequestContext = { em, caller: toCaller(principal, principal.login), transport: 'rest', settings: this.options.settings() };
    const cursor = { xid: subscription.cursorXid, id: subscription.cursorId };
    // Switched off for longer than the feed keeps events: what was deleted is a failure of its own, not a silent gap.
    const deletedThrough = await horizon(em);
    if (deletedThrough && isBefore(cursor, deletedThrough)) {
      const gap = `the events after ${cursor.xid}-${cursor.id} up to ${deletedThrough.xid}-${deletedThrough.id} were deleted (CHANGES_RETENTION_DAYS) before they were delivered`;
      if (await webhooks.park(em, key, this.holder, deletedThrough, EXPIRED, gap, this.leaseSeconds)) await webhooks.release(em, key, this.holder);
      return 1;
    }
    const events = await changesAfter(em, cursor, subscription.types.length ? subscription.types : null, BATCH);
    if (!events.length) {
      await webhooks.release(em, key, this.holder);
      return 0;
    }
    const deliverable = new Set(await this.readable(em, subscription, owner, events));
    // The cursor is stored at most every PERSIST_MS (and before anything else is stored): a crash sends the events
    // since then again, a commit per event would cost more than the delivery itself.
    let passed = 0;
    let unsaved: { cursor: Cursor; delivered: boolean } | undefined;
    let savedAt = Date.now();
    const save = async () => {
      if (!unsaved) return true;
      const kept = await webhooks.advance(em, key, this.holder, unsaved.cursor, unsaved.delivered, this.leaseSeconds);
      unsaved = undefined;
      savedAt = Date.now();
      return kept;
    };
    for (const event of events) {
      if (!this.running) break;
      if (deliverable.has(event)) {
        const failure = await this.send(subscription, event);
        if (failure) {
          if (await save()) await this.failed(em, subscription, event, failure);
          return passed;
        }
      }
      unsaved = { cursor: cursorOf(event), delivered: deliverable.has(event) || !!unsaved?.delivered };
      passed++;
      // Moving on starts the count of failures again (as `advance` stores it).
      subscription = { ...subscription, attempts: 0, failingSince: null };
      if (Date.now() - savedAt >= PERSIST_MS && !(await save())) return passed;
    }
    if (await save()) await webhooks.release(em, key, this.holder);
    return passed;
  }

  /** Sends one event; answers why it failed, or undefined when the receiver took it (2xx). */
  private async send(subscription: SubscriptionRow, event: ChangeRow): Promise<string | undefined> {
    const body = payloadOf(event, this.options.encode);
    try {
      const answer = await post(this.options.rules, subscription.url, signedHeaders(subscription, event.cursor, body), body);
      if (answer.status >= 200 && answer.status < 300) return undefined;
      return `HTTP ${answer.status}${answer.body ? `: ${answer.body.slice(0, 200)}` : ''}`;
    } catch (error) {
      return (error as Error).message || String(error);
    }
  }

  /** Tries again later with a longer wait each time, or, once the retry period is over, parks the event and goes on. */
  private async failed(em: EntityManager, subscription: SubscriptionRow, event: ChangeRow, why: string): Promise<void> {
    const failingSince = subscription.failingSince ? new Date(subscription.failingSince).getTime() : Date.now();
    if (Date.now() - failingSince >= this.options.retrySeconds * 1000) {
      await webhooks.park(em, subscription.key, this.holder, cursorOf(event), event.type, why, this.leaseSeconds);
      await webhooks.release(em, subscription.key, this.holder);
      return;
    }
    const backoff = Math.min(this.options.maxBackoffSeconds, 2 ** Math.min(subscription.attempts, 30));
    await webhooks.noteFailure(em, subscription.key, this.holder, why, backoff * (0.8 + Math.random() * 0.4));
  }
}
