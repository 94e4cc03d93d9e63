import type { Order } from '../../../../contract/order';
import { SUBSCRIPTION_AMOUNT } from '../../../../events/order/pricing';
import { formatDate, formatMoney } from './format';
import type { Tone } from './fulfilment';

/** SPEC §4: checkouts that never became a subscription are not shown. */
export const HIDDEN_STATUSES = ['pending', 'incomplete', 'incomplete_expired'];
/** A subscription that still runs; while one does, a cancelled one can't be restarted. */
export const ACTIVE_LIKE = ['active', 'trialing', 'past_due', 'unpaid'];
export const PLAN_TITLE = 'Profile Plan';

type Sub = Pick<
  Order,
  'status' | 'cancel_at_period_end' | 'trialEnd' | 'currentPeriodStart' | 'currentPeriodEnd' | 'amountTotal'
> &
  Partial<Pick<Order, 'currency' | 'metadata' | 'type'>>;

export const subscriptionStatus = (order: Pick<Order, 'status'>) => order.status || 'inactive';

export const isHiddenOrder = (order: Pick<Order, 'type' | 'status'>) =>
  order.type === 'subscription' && HIDDEN_STATUSES.includes(subscriptionStatus(order));

export const isActiveLike = (order: Pick<Order, 'status'>) => ACTIVE_LIKE.includes(subscriptionStatus(order));

const cancelling = (order: Sub) =>
  order.cancel_at_period_end && ['active', 'trialing'].includes(subscriptionStatus(order));

const LABELS: Record<string, string> = {
  active: 'Subscription active',
  trialing: 'Trial active',
  canceled: 'Subscription canceled',
  past_due: 'Payment overdue',
  unpaid: 'Payment failed',
  paused: 'Subscription paused',
  inactive: 'Subscription inactive',
};

export function subscriptionLabel(order: Sub): string {
  if (cancelling(order)) return 'Cancels at end of period';
  return LABELS[subscriptionStatus(order)] ?? 'Subscription inactive';
}

export function subscriptionTone(order: Sub): Tone {
  if (cancelling(order)) return 'orange';
  const status = subscriptionStatus(order);
  if (status === 'active' || status === 'trialing') return 'green';
  if (status === 'past_due' || status === 'unpaid') return 'red';
  return 'grey';
}

const time = (value: string | null | undefined) => (value ? Date.parse(value) : Number.NaN);

/** A trial end still to come means nothing has been charged yet. */
export const isFreeTrial = (order: Sub, now = new Date()) => time(order.trialEnd) > now.getTime();

/** A trial checkout records £0; the plan itself still costs its price (SPEC §9: when the order carries no amount). */
export const planPrice = (order: Sub) =>
  formatMoney(
    order.amountTotal && order.amountTotal > 0 ? order.amountTotal : SUBSCRIPTION_AMOUNT,
    order.currency ?? 'gbp',
  );

export const amountPaidToday = (order: Sub, now = new Date()) =>
  formatMoney(
    isFreeTrial(order, now) ? 0 : (order.amountTotal ?? SUBSCRIPTION_AMOUNT),
    order.currency ?? 'gbp',
  );

export function subscriptionCaption(order: Sub, now = new Date()): string {
  const status = subscriptionStatus(order);
  if (status === 'canceled') {
    const at = order.metadata?.cancelledAt;
    return at ? `Cancelled on ${formatDate(at)}` : 'This subscription has ended.';
  }
  if (cancelling(order))
    return `Ends on ${formatDate(order.currentPeriodEnd ?? order.trialEnd)} · no further charges`;
  if (isFreeTrial(order, now))
    return `Free trial — ends ${formatDate(order.trialEnd)} · ${planPrice(order)}/month after`;
  if (order.currentPeriodEnd)
    return `Next charge on ${formatDate(order.currentPeriodEnd)} · ${planPrice(order)}`;
  return `${planPrice(order)}/month`;
}

/** The time gone, in percent, between the period's start (or a month before its end) and its end. */
export function subscriptionProgress(order: Sub, now = new Date()): number {
  const end = time(isFreeTrial(order, now) ? order.trialEnd : order.currentPeriodEnd);
  if (Number.isNaN(end)) return 0;
  let start = time(order.currentPeriodStart);
  if (Number.isNaN(start) || start >= end) {
    const monthBefore = new Date(end);
    monthBefore.setUTCMonth(monthBefore.getUTCMonth() - 1);
    start = monthBefore.getTime();
  }
  const share = (now.getTime() - start) / (end - start);
  return Math.round(Math.min(1, Math.max(0, share)) * 100);
}

/**
 * A cancelled subscription offers 'Resubscribe now', unless another one still runs: then a disabled 'Cancelled'.
 * Anything else gets neither.
 */
export function restartAction(
  order: Pick<Order, 'status'>,
  all: Pick<Order, 'status' | 'type'>[],
): 'resubscribe' | 'cancelled' | null {
  if (subscriptionStatus(order) !== 'canceled') return null;
  return all.some((other) => other.type === 'subscription' && isActiveLike(other))
    ? 'cancelled'
    : 'resubscribe';
}

/** Running and not already set to stop. */
export const canCancel = (order: Sub) => isActiveLike(order) && !order.cancel_at_period_end;

/** Running and set to stop at the period's end: 'Keep my plan' undoes that (issue 14). */
export const canKeep = (order: Sub & Pick<Order, 'endedAt'>) =>
  isActiveLike(order) && order.cancel_at_period_end && !order.endedAt;

/**
 * The success page's second tile: SPEC §2 names 'Free trial active until' and 'Next charge on'; a plan set to stop
 * or already stopped will not be charged again, so it says when it ends instead.
 */
export function chargeTile(order: Sub, now = new Date()): { label: string; date: string | null } {
  if (isFreeTrial(order, now)) return { label: 'Free trial active until', date: order.trialEnd };
  if (subscriptionStatus(order) === 'canceled')
    return { label: 'Ended on', date: order.metadata?.cancelledAt ?? order.currentPeriodEnd };
  if (order.cancel_at_period_end) return { label: 'Active until', date: order.currentPeriodEnd };
  return { label: 'Next charge on', date: order.currentPeriodEnd };
}
