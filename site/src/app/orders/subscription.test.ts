import { describe, expect, it } from 'vitest';
import {
  amountPaidToday,
  canCancel,
  canKeep,
  chargeTile,
  isHiddenOrder,
  restartAction,
  subscriptionCaption,
  subscriptionLabel,
  subscriptionProgress,
  subscriptionTone,
} from './subscription';

const NOW = new Date('2026-03-10T12:00:00Z');
const sub = (overrides: Record<string, unknown> = {}) => ({
  type: 'subscription' as const,
  status: 'active',
  cancel_at_period_end: false,
  trialEnd: null as string | null,
  currentPeriodStart: '2026-03-01T12:00:00Z',
  currentPeriodEnd: '2026-04-01T12:00:00Z',
  amountTotal: 495,
  currency: 'gbp',
  ...overrides,
});

describe('labels', () => {
  it('names each state as SPEC §4 does', () => {
    expect(subscriptionLabel(sub())).toBe('Subscription active');
    expect(subscriptionLabel(sub({ status: 'trialing' }))).toBe('Trial active');
    expect(subscriptionLabel(sub({ status: 'canceled' }))).toBe('Subscription canceled');
    expect(subscriptionLabel(sub({ cancel_at_period_end: true }))).toBe('Cancels at end of period');
    expect(subscriptionLabel(sub({ status: 'trialing', cancel_at_period_end: true }))).toBe(
      'Cancels at end of period',
    );
  });
  it('treats a missing status as inactive', () => {
    expect(subscriptionLabel(sub({ status: null }))).toBe('Subscription inactive');
    expect(subscriptionTone(sub({ status: null }))).toBe('grey');
  });
  it('only says "cancels" while the subscription still runs', () => {
    expect(subscriptionLabel(sub({ status: 'canceled', cancel_at_period_end: true }))).toBe(
      'Subscription canceled',
    );
  });
});

describe('hidden statuses', () => {
  it('hides checkouts that never became subscriptions, never card orders', () => {
    for (const status of ['pending', 'incomplete', 'incomplete_expired'])
      expect(isHiddenOrder({ type: 'subscription', status })).toBe(true);
    expect(isHiddenOrder({ type: 'subscription', status: 'canceled' })).toBe(false);
    expect(isHiddenOrder({ type: 'card', status: 'pending' })).toBe(false);
  });
});

describe('free trial and next charge', () => {
  const trial = sub({ status: 'trialing', amountTotal: 0, trialEnd: '2026-03-20T12:00:00Z' });
  it('a future trial end means no charge today and the trial end is the next charge', () => {
    expect(amountPaidToday(trial, NOW)).toBe('£0.00');
    expect(subscriptionCaption(trial, NOW)).toBe('Free trial — ends 20 March 2026 · £4.95/month after');
  });
  it('otherwise the period end is the next charge', () => {
    const paid = sub({ trialEnd: '2026-02-20T12:00:00Z' });
    expect(amountPaidToday(paid, NOW)).toBe('£4.95');
    expect(subscriptionCaption(paid, NOW)).toBe('Next charge on 1 April 2026 · £4.95');
  });
  it('a missing amount counts as £4.95', () => {
    expect(amountPaidToday(sub({ amountTotal: null }), NOW)).toBe('£4.95');
  });
  it('a cancelling or cancelled subscription promises no further charge', () => {
    expect(subscriptionCaption(sub({ cancel_at_period_end: true }), NOW)).toBe(
      'Ends on 1 April 2026 · no further charges',
    );
    expect(
      subscriptionCaption(
        sub({ status: 'canceled', metadata: { cancelledAt: '2026-03-02T10:00:00Z' } }),
        NOW,
      ),
    ).toBe('Cancelled on 2 March 2026');
  });
});

describe('progress', () => {
  it('is the share of the period gone', () => {
    // 9 of 31 days.
    expect(subscriptionProgress(sub(), NOW)).toBe(29);
  });
  it('runs to the trial end during a free trial', () => {
    const trial = sub({
      status: 'trialing',
      currentPeriodStart: '2026-03-06T12:00:00Z',
      currentPeriodEnd: '2026-03-20T12:00:00Z',
      trialEnd: '2026-03-20T12:00:00Z',
    });
    expect(subscriptionProgress(trial, NOW)).toBe(29);
  });
  // 18 of the 28 days from 20 February.
  it('starts a month before the end when the start is unknown', () => {
    expect(
      subscriptionProgress(sub({ currentPeriodStart: null, currentPeriodEnd: '2026-03-20T12:00:00Z' }), NOW),
    ).toBe(64);
  });
  it('stays between 0 and 100, and is 0 without an end', () => {
    expect(subscriptionProgress(sub({ currentPeriodStart: '2026-03-15T12:00:00Z' }), NOW)).toBe(0);
    expect(
      subscriptionProgress(
        sub({ currentPeriodStart: '2026-02-01T00:00:00Z', currentPeriodEnd: '2026-03-01T00:00:00Z' }),
        NOW,
      ),
    ).toBe(100);
    expect(subscriptionProgress(sub({ currentPeriodEnd: null }), NOW)).toBe(0);
  });
});

describe('actions', () => {
  const canceled = sub({ status: 'canceled' });
  it('offers Resubscribe now for a cancelled plan when nothing else runs', () => {
    expect(restartAction(canceled, [canceled, { type: 'card', status: 'paid' }])).toBe('resubscribe');
  });
  it('shows a disabled Cancelled while another subscription runs', () => {
    for (const status of ['active', 'trialing', 'past_due', 'unpaid'])
      expect(restartAction(canceled, [canceled, sub({ status })])).toBe('cancelled');
  });
  it('offers neither for a running plan', () => {
    expect(restartAction(sub(), [sub()])).toBeNull();
  });
  it('cancels only a running plan not already set to stop', () => {
    expect(canCancel(sub())).toBe(true);
    expect(canCancel(sub({ status: 'past_due' }))).toBe(true);
    expect(canCancel(sub({ cancel_at_period_end: true }))).toBe(false);
    expect(canCancel(canceled)).toBe(false);
  });
});

describe('chargeTile', () => {
  it('shows the trial end during a free trial, else the next charge', () => {
    expect(chargeTile(sub({ status: 'trialing', trialEnd: '2026-03-20T12:00:00Z' }), NOW)).toEqual({
      label: 'Free trial active until',
      date: '2026-03-20T12:00:00Z',
    });
    expect(chargeTile(sub(), NOW)).toEqual({ label: 'Next charge on', date: '2026-04-01T12:00:00Z' });
  });
  it('promises no charge for a plan that is stopping or stopped', () => {
    expect(chargeTile(sub({ cancel_at_period_end: true }), NOW).label).toBe('Active until');
    expect(chargeTile(sub({ status: 'canceled' }), NOW).label).toBe('Ended on');
  });
});

describe('Keep my plan', () => {
  it('is offered for a running plan set to cancel, and for nothing else', () => {
    expect(canKeep({ ...sub({ cancel_at_period_end: true }), endedAt: null })).toBe(true);
    expect(canKeep({ ...sub({ status: 'trialing', cancel_at_period_end: true }), endedAt: null })).toBe(true);
    expect(canKeep({ ...sub(), endedAt: null })).toBe(false);
    expect(canKeep({ ...sub({ status: 'canceled', cancel_at_period_end: true }), endedAt: null })).toBe(
      false,
    );
    expect(canKeep({ ...sub({ cancel_at_period_end: true }), endedAt: '2026-04-01T12:00:00Z' })).toBe(false);
  });
});
