import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../contract/order';
import { PLAN_PITCH, planAlert, planOffer, planPitch, SUBSCRIBE_LABEL, TRIAL_PITCH } from './plan-state';

const NOW = new Date('2026-12-01T09:00:00Z');
const plan = (overrides: Partial<Order> = {}) =>
  ({
    id: 'plan-1',
    type: 'subscription',
    status: 'active',
    cancel_at_period_end: false,
    trialEnd: null,
    currentPeriodEnd: '2027-01-06T09:00:00.000Z',
    endedAt: null,
    ...overrides,
  }) as Order;
const card = {
  id: 'card-1',
  type: 'card',
  status: 'paid',
  cancel_at_period_end: false,
  endedAt: null,
} as Order;
const subscribed = { isSubscribed: true, trialExpires: '2026-11-20T09:00:00.000Z' };

describe('planOffer: what a plan page offers', () => {
  it('offers the trial to someone who never had one, or who is signed out', () => {
    expect(planOffer({ isSubscribed: false, trialExpires: null }, [])).toEqual({ kind: 'trial' });
    expect(planOffer(null, undefined)).toEqual({ kind: 'trial' });
  });

  it('offers the plan at its price once a trial has been had, never the trial again', () => {
    expect(planOffer({ isSubscribed: false, trialExpires: '2026-11-20T09:00:00.000Z' }, [])).toEqual({
      kind: 'subscribe',
    });
    expect(SUBSCRIBE_LABEL).toBe('Subscribe – £4.95/month');
  });

  it('offers to keep a running plan set to cancel, with the day it ends', () => {
    expect(planOffer(subscribed, [card, plan({ cancel_at_period_end: true })])).toEqual({
      kind: 'keep',
      orderId: 'plan-1',
      endsOn: '2027-01-06T09:00:00.000Z',
    });
  });

  it('offers a new card, not a second plan, when a plan is kept unpaid after its payment failed', () => {
    const lapsed = { isSubscribed: false, trialExpires: '2026-11-20T09:00:00.000Z' };
    expect(planOffer(lapsed, [card, plan({ status: 'unpaid' })])).toEqual({ kind: 'fix_card' });
    // Once the provider ends it, it is history: the plan is offered again.
    expect(planOffer(lapsed, [plan({ status: 'unpaid', endedAt: '2026-11-30T09:00:00.000Z' })])).toEqual({
      kind: 'subscribe',
    });
  });

  it('offers nothing more to a plan that runs on, or whose orders are still loading', () => {
    expect(planOffer(subscribed, [plan()])).toEqual({ kind: 'active' });
    expect(planOffer(subscribed, undefined)).toEqual({ kind: 'active' });
    // An ended plan set to cancel is history, not something to keep.
    expect(planOffer(subscribed, [plan({ status: 'canceled', cancel_at_period_end: true })])).toEqual({
      kind: 'active',
    });
  });
});

describe('planAlert: the editor’s banner', () => {
  it('warns of a failed payment first', () => {
    expect(planAlert(subscribed, [plan({ status: 'past_due', cancel_at_period_end: true })], NOW)).toEqual({
      kind: 'past_due',
    });
  });

  it('says the page is offline while a plan is kept unpaid, unless another plan keeps it live', () => {
    const lapsed = { isSubscribed: false, trialExpires: '2026-11-20T09:00:00.000Z' };
    expect(planAlert(lapsed, [plan({ status: 'unpaid' })], NOW)).toEqual({ kind: 'unpaid' });
    expect(planAlert(subscribed, [plan({ status: 'unpaid' }), plan({ id: 'plan-2' })], NOW)).toBeNull();
  });

  it('says when a plan set to cancel ends', () => {
    expect(planAlert(subscribed, [plan({ cancel_at_period_end: true })], NOW)).toEqual({
      kind: 'cancelling',
      orderId: 'plan-1',
      endsOn: '2027-01-06T09:00:00.000Z',
    });
  });

  it('warns within 3 days of the end of a trial without a plan, not before and not after', () => {
    const trial = (hours: number) => ({
      isSubscribed: false,
      trialExpires: new Date(NOW.getTime() + hours * 3_600_000).toISOString(),
    });
    expect(planAlert(trial(72), [], NOW)).toEqual({
      kind: 'trial_ending',
      endsOn: '2026-12-04T09:00:00.000Z',
      daysLeft: 3,
    });
    expect(planAlert(trial(5), [], NOW)).toMatchObject({ kind: 'trial_ending', daysLeft: 1 });
    expect(planAlert(trial(73), [], NOW)).toBeNull();
    expect(planAlert(trial(-1), [], NOW)).toBeNull();
  });

  it('stays quiet for a plan in good standing, including one still in its trial', () => {
    expect(planAlert(subscribed, [plan()], NOW)).toBeNull();
    expect(
      planAlert(
        { isSubscribed: true, trialExpires: '2026-12-02T09:00:00.000Z' },
        [plan({ status: 'trialing' })],
        NOW,
      ),
    ).toBeNull();
  });
});

describe('planPitch: what a plan page says besides its button (issue 28)', () => {
  const promisesTrial = (text: string) => /free|trial|14 days|14-day/i.test(text);

  it('promises the free trial, badge and words, to someone who can still have it, or who is signed out', () => {
    expect(planPitch({ isSubscribed: false, trialExpires: null })).toBe(TRIAL_PITCH);
    expect(planPitch(null)).toBe(TRIAL_PITCH);
    expect(TRIAL_PITCH.badge).toBe('14-Day Free Trial');
  });

  it('promises no trial once one has been had: ended, running, or with a plan', () => {
    for (const user of [
      { isSubscribed: false, trialExpires: '2026-11-20T09:00:00.000Z' },
      { isSubscribed: false, trialExpires: '2026-12-20T09:00:00.000Z' },
      subscribed,
    ])
      expect(planPitch(user)).toBe(PLAN_PITCH);
    expect(Object.values(PLAN_PITCH).filter(promisesTrial)).toEqual([]);
  });
});
