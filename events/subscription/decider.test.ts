import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/events/decider-spec';
import { DomainError } from '../errors';
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

const given = deciderSpec(subscriptionDecider, { now });

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
    given().when(command).then([started]);
  });

  it('opens a firm’s plan at the plan price for each member', () => {
    const command: SubscriptionCommand = {
      type: 'StartSubscriptionCheckout',
      orderId: 's1',
      accountId: 'a1',
      provider: 'stripe',
      checkoutSessionId: 'cs_1',
      reorderOf: null,
      firmId: 'f1',
      quantity: 3,
    };
    given()
      .when(command)
      .then([{ ...started, data: { ...started.data, amount: 1485, firmId: 'f1', quantity: 3 } }]);
  });

  it('records a change of quantity, and takes a snapshot from before quantities for one of one', () => {
    const three = { ...trialing, quantity: 3 };
    given(started, updated(three))
      .when(record({ ...three, quantity: 4 }))
      .then([updated({ ...three, quantity: 4 })]);
    given(started, updated(three)).when(record(three)).thenNothing();
    given(started, updated(trialing))
      .when(record({ ...trialing, quantity: 1 }))
      .thenNothing();
    given(started, updated(trialing))
      .when(record({ ...trialing, quantity: 2 }))
      .then([updated({ ...trialing, quantity: 2 })]);
  });

  it('records the provider’s state only when it changed', () => {
    given(started)
      .when(record(trialing))
      .then([updated(trialing)]);
    given(started, updated(trialing)).when(record(trialing)).thenNothing();
  });

  it('ends with the subscription, and a stale read afterwards changes nothing', () => {
    const canceled = { ...trialing, status: 'canceled' as const, endedAt: '2026-12-06T10:00:00.000Z' };
    const ended: SubscriptionEvent = {
      type: 'SubscriptionEnded',
      data: { orderId: 's1', endedAt: '2026-12-06T10:00:00.000Z' },
    };
    given(started, updated(trialing))
      .when(record(canceled))
      .then([updated(canceled), ended]);
    given(started, updated(trialing), updated(canceled), ended).when(record(trialing)).thenNothing();
  });

  it('refuses another subscription’s state', () => {
    given(started, updated(trialing))
      .when(record({ ...trialing, providerSubscriptionId: 'sub_2' }))
      .thenThrows(DomainError, 'another order');
  });

  it('records each invoice outcome once; a paid invoice stays paid', () => {
    const invoice = { invoiceId: 'in_1', invoiceNumber: 'TC-1', amount: 495, currency: 'gbp' };
    const pay = (succeeded: boolean): SubscriptionCommand => ({
      type: 'RecordSubscriptionPayment',
      succeeded,
      ...invoice,
    });
    const failed: SubscriptionEvent = {
      type: 'SubscriptionPaymentFailed',
      data: { orderId: 's1', ...invoice },
    };
    const paid: SubscriptionEvent = {
      type: 'SubscriptionPaymentSucceeded',
      data: { orderId: 's1', ...invoice },
    };
    given(started).when(pay(false)).then([failed]);
    given(started, failed).when(pay(true)).then([paid]);
    given(started, paid).when(pay(false)).thenNothing();
    given(started, paid).when(pay(true)).thenNothing();
  });

  it('closes an abandoned checkout, never a running subscription', () => {
    const close: SubscriptionCommand = { type: 'CloseSubscriptionCheckout', reason: 'expired' };
    given(started)
      .when(close)
      .then([{ type: 'SubscriptionCheckoutClosed', data: { orderId: 's1', reason: 'expired' } }]);
    given(started, updated(trialing)).when(close).thenNothing();
  });
});
