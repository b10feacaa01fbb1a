import { GATEWAY_ADMINS } from '../admin/policy';
import { hasAnyRole, requireCaller, type RequestContext } from '../domain/context';
import { forbidden, notFound } from '../domain/errors';
import type { OrganisationRole } from '../domain/roles';
import { canManageOrganisation } from '../organisations/policy';
import { subscriptionByKey, type SubscriptionRow } from './repository';

/** Administrators manage webhook subscriptions (the role check of the resolvers). */
export const WEBHOOK_ADMINS: OrganisationRole[] = GATEWAY_ADMINS;

/** System administrators see and manage every subscription; an administrator their own. */
const ALL_SUBSCRIPTIONS: OrganisationRole[] = ['sysadmin'];

export const canManageWebhook = (ctx: RequestContext, subscription: SubscriptionRow) =>
  subscription.ownerKey === requireCaller(ctx).key || hasAnyRole(ctx.caller, ALL_SUBSCRIPTIONS);

/** The subscriptions a list shows: every one (null) or the caller's. */
export const listedOwner = (ctx: RequestContext) => (hasAnyRole(requireCaller(ctx), ALL_SUBSCRIPTIONS) ? null : requireCaller(ctx).key);

export async function requireWebhook(ctx: RequestContext, key: number): Promise<SubscriptionRow> {
  const subscription = await subscriptionByKey(ctx.em, key);
  if (!subscription) throw notFound('webhook');
  if (!canManageWebhook(ctx, subscription)) throw forbidden("the webhook is another administrator's (system administrators manage every one)");
  return subscription;
}

/** A subscription's organisation scope: one the caller administers (else an administrator of one organisation could listen to another's). */
export async function requireScopeManager(ctx: RequestContext, organisationKey: number): Promise<void> {
  if (!(await canManageOrganisation(ctx, organisationKey)))
    throw forbidden('needs the administrator or sysadmin role in the organisation the webhook is limited to');
}
