import type { Order } from '../../../../contract/order';
import type { User } from '../../../../contract/user';
import { PLAN_PRICE } from '../../lib/prices';

export const TRIAL_LABEL = 'Start your 14-day free trial';
/** After a trial (ADR 009: one per account) the plan is offered at its price, as the checkout then charges it. */
export const SUBSCRIBE_LABEL = `Subscribe – ${PLAN_PRICE}/month`;
export const KEEP_PLAN = 'Keep my plan';
export const PLAN_KEPT = 'Your plan will carry on: it renews as before.';
export const KEEP_FAILED = 'Could not keep your plan. Please try again.';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Issue 14: the editor warns this many days before a trial without a plan ends. */
export const TRIAL_WARNING_DAYS = 3;

const RUNNING = ['trialing', 'active', 'past_due'];

/** The subscription that keeps the page live now, if any. */
export const runningPlan = (orders: readonly Order[]): Order | undefined =>
  orders.find((order) => order.type === 'subscription' && RUNNING.includes(order.status) && !order.endedAt);

/**
 * A plan the provider gave up collecting but kept (Stripe's "mark as unpaid"): the page is offline, and paying its
 * open invoice with a new card brings it back. Another plan would charge twice.
 */
export const unpaidPlan = (orders: readonly Order[]): Order | undefined =>
  orders.find((order) => order.type === 'subscription' && order.status === 'unpaid' && !order.endedAt);

/** When a plan set to cancel stops: the end of the period it has paid for (or of its trial). */
export const planEndsOn = (order: Pick<Order, 'currentPeriodEnd' | 'trialEnd'>) =>
  order.currentPeriodEnd ?? order.trialEnd;

type PlanUser = Pick<User, 'isSubscribed' | 'trialExpires'> | null | undefined;

export type PlanOffer =
  /** Never had a trial (or signed out): the page's own trial call to action. */
  | { kind: 'trial' }
  | { kind: 'subscribe' }
  /** Kept unpaid after its payment failed: a new card, not a new plan. */
  | { kind: 'fix_card' }
  /** Running but set to cancel: it can be kept until it ends. */
  | { kind: 'keep'; orderId: string; endsOn: string | null }
  | { kind: 'active' };

/** What a plan page offers this person: the trial, the plan at its price, keeping a plan set to cancel, or nothing. */
export function planOffer(user: PlanUser, orders: readonly Order[] | undefined): PlanOffer {
  if (user?.isSubscribed) {
    const plan = runningPlan(orders ?? []);
    return plan?.cancel_at_period_end
      ? { kind: 'keep', orderId: plan.id, endsOn: planEndsOn(plan) }
      : { kind: 'active' };
  }
  if (unpaidPlan(orders ?? [])) return { kind: 'fix_card' };
  return user?.trialExpires ? { kind: 'subscribe' } : { kind: 'trial' };
}

/** What a plan page says of the plan besides its button. */
export type PlanPitch = { badge: string; lead: string; summary: string };

export const TRIAL_PITCH: PlanPitch = {
  badge: '14-Day Free Trial',
  lead: 'The first 14 days are free; cancel any time before the trial ends and you pay nothing.',
  summary: 'Free for 14 days, cancel any time.',
};

/** For anyone who has had the trial: true whether their plan runs, is set to cancel, waits for a card or has ended. */
export const PLAN_PITCH: PlanPitch = {
  badge: 'Cancel any time',
  lead: `${PLAN_PRICE} a month, cancel any time: your page stays live for as long as your plan runs.`,
  summary: 'Cancel any time.',
};

/** Issue 28: the free trial is promised only to someone who can still have it, as the plan button offers it. */
export const planPitch = (user: PlanUser): PlanPitch =>
  planOffer(user, undefined).kind === 'trial' ? TRIAL_PITCH : PLAN_PITCH;

export type PlanAlert =
  | { kind: 'cancelling'; orderId: string; endsOn: string | null }
  | { kind: 'past_due' }
  | { kind: 'unpaid' }
  | { kind: 'trial_ending'; endsOn: string; daysLeft: number };

/**
 * Issue 14: what the editor warns about, most urgent first: a plan kept unpaid (the page is offline until a new
 * card pays), a payment that failed (the page goes dark when the retries run out), a plan set to cancel, a trial
 * without a plan that ends within three days.
 */
export function planAlert(user: PlanUser, orders: readonly Order[] | undefined, now: Date): PlanAlert | null {
  if (!user?.isSubscribed && unpaidPlan(orders ?? [])) return { kind: 'unpaid' };
  const plan = runningPlan(orders ?? []);
  if (plan?.status === 'past_due') return { kind: 'past_due' };
  if (plan?.cancel_at_period_end) return { kind: 'cancelling', orderId: plan.id, endsOn: planEndsOn(plan) };
  if (plan || user?.isSubscribed || !user?.trialExpires) return null;
  const left = Date.parse(user.trialExpires) - now.getTime();
  if (!(left > 0 && left <= TRIAL_WARNING_DAYS * DAY_MS)) return null;
  return { kind: 'trial_ending', endsOn: user.trialExpires, daysLeft: Math.ceil(left / DAY_MS) };
}
