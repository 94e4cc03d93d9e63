import { describe, expect, it } from 'vitest';
import { type SubscriptionCommand, subscriptionDecider } from './decider';
import type { SubscriptionEvent, SubscriptionSnapshot } from './events';

const now = new Date('2026-11-22T10:00:00Z');
const started: SubscriptionEvent = {
  type: 'SubscriptionCheckoutStarted',
  data: {
    orderId: 's1',
    accountId: 'a1',
    amount: 495,
    currency: 'gbp',
    provider: 'stripe',
    checkoutSessionId: 'cs_1',
    reorderOf: null,
  },
};
const trialing: SubscriptionSnapshot = {
  providerSubscriptionId: 'sub_1',
  customerId: 'cus_1',
  status: 'trialing',
  trialEnd: '2026-12-06T10:00:00.000Z',
  currentPeriodStart: '2026-11-22T10:00:00.000Z',
  currentPeriodEnd: '2026-12-06T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  canceledAt: null,
  endedAt: null,
};
const record = (snapshot: SubscriptionSnapshot): SubscriptionCommand => ({
  type: 'RecordSubscriptionState',
  snapshot,
});
const updated = (snapshot: SubscriptionSnapshot): SubscriptionEvent => ({
  type: 'SubscriptionUpdated',
  data: { orderId: 's1', ...snapshot },
});

function given(...events: SubscriptionEvent[]) {
  const state = events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
  return { when: (command: SubscriptionCommand) => () => subscriptionDecider.decide(command, state, now) };
}

describe('subscription decider', () => {
  it('opens a checkout at the plan price', () => {
    const command: SubscriptionCommand = {
      type: 'StartSubscriptionCheckout',
      orderId: 's1',
      accountId: 'a1',
      provider: 'stripe',
      checkoutSessionId: 'cs_1',
      reorderOf: null,
    };
    expect(given().when(command)()).toEqual([started]);
  });

  it('records the provider’s state only when it changed', () => {
    expect(given(started).when(record(trialing))()).toEqual([updated(trialing)]);
    expect(given(started, updated(trialing)).when(record(trialing))()).toEqual([]);
  });

  it('ends with the subscription, and a stale read afterwards changes nothing', () => {
    const canceled = { ...trialing, status: 'canceled' as const, endedAt: '2026-12-06T10:00:00.000Z' };
    const ended: SubscriptionEvent = {
      type: 'SubscriptionEnded',
      data: { orderId: 's1', endedAt: '2026-12-06T10:00:00.000Z' },
    };
    expect(given(started, updated(trialing)).when(record(canceled))()).toEqual([updated(canceled), ended]);
    expect(given(started, updated(trialing), updated(canceled), ended).when(record(trialing))()).toEqual([]);
  });

  it('refuses another subscription’s state', () => {
    expect(
      given(started, updated(trialing)).when(record({ ...trialing, providerSubscriptionId: 'sub_2' })),
    ).toThrow('another order');
  });

  it('records each invoice outcome once; a paid invoice stays paid', () => {
    const pay = (succeeded: boolean): SubscriptionCommand => ({
      type: 'RecordSubscriptionPayment',
      succeeded,
      invoiceId: 'in_1',
      invoiceNumber: 'TC-1',
      amount: 495,
      currency: 'gbp',
    });
    const [failed] = given(started).when(pay(false))();
    expect(failed?.type).toBe('SubscriptionPaymentFailed');
    const [paid] = given(started, failed as SubscriptionEvent).when(pay(true))();
    expect(paid?.type).toBe('SubscriptionPaymentSucceeded');
    expect(given(started, paid as SubscriptionEvent).when(pay(false))()).toEqual([]);
    expect(given(started, paid as SubscriptionEvent).when(pay(true))()).toEqual([]);
  });

  it('closes an abandoned checkout, never a running subscription', () => {
    const close: SubscriptionCommand = { type: 'CloseSubscriptionCheckout', reason: 'expired' };
    expect(given(started).when(close)()).toEqual([
      { type: 'SubscriptionCheckoutClosed', data: { orderId: 's1', reason: 'expired' } },
    ]);
    expect(given(started, updated(trialing)).when(close)()).toEqual([]);
  });
});
