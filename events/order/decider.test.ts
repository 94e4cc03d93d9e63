import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/events/decider-spec';
import { fold } from '../decider';
import { DomainError } from '../errors';
import {
  ALREADY_SHIPPED,
  awaitsRefund,
  CANCELLED,
  estimatedDelivery,
  initialState,
  mayCancel,
  NO_CARD_CODES,
  NOT_CANCELLED,
  NOT_PAID,
  type OrderCommand,
  orderDecider,
  QUANTITY_RULE,
} from './decider';
import type { FulfilmentStatus, OrderEvent } from './events';

const now = new Date('2026-11-22T10:00:00Z');
const address = {
  line1: '1 Pipe Lane',
  line2: null,
  city: 'Leeds',
  state: null,
  postal_code: 'LS1 1AA',
  country: 'GB',
};
const start = (quantity = 2): OrderCommand => ({
  type: 'StartCardCheckout',
  orderId: 'o1',
  accountId: 'a1',
  quantity,
  provider: 'local',
  checkoutSessionId: 'cs_1',
  reorderOf: null,
});
const startedFor = (quantity: number, amountTotal: number): OrderEvent => ({
  type: 'CardOrderCheckoutStarted',
  data: {
    orderId: 'o1',
    accountId: 'a1',
    quantity,
    unitAmount: 2495,
    amountTotal,
    currency: 'gbp',
    provider: 'local',
    checkoutSessionId: 'cs_1',
    reorderOf: null,
  },
});
const started = startedFor(2, 4990);
const payment: OrderCommand = {
  type: 'RecordCardPayment',
  amountTotal: 4990,
  currency: 'gbp',
  customerId: 'cus_1',
  customerEmail: 'dana@example.com',
  deliveryName: 'Dana Pipe',
  deliveryAddress: address,
  paymentIntentId: 'pi_1',
};
const paid: OrderEvent = {
  type: 'CardOrderPaid',
  data: {
    orderId: 'o1',
    amountTotal: 4990,
    currency: 'gbp',
    customerId: 'cus_1',
    customerEmail: 'dana@example.com',
    deliveryName: 'Dana Pipe',
    deliveryAddress: address,
    deliveryWindow: '23–26 November 2026',
    paymentIntentId: 'pi_1',
  },
};
const codes: OrderEvent = {
  type: 'CardCodesAssigned',
  data: { orderId: 'o1', codes: ['K7M2Q9XA', 'P3R8T1VW'] },
};

const given = deciderSpec(orderDecider, { now });

describe('order decider', () => {
  it('opens a card checkout priced in pence', () => {
    given().when(start()).then([started]);
  });

  it.each([0, -1, 1.5, 51, Number.NaN])('refuses quantity %s with a clear rule', (quantity) => {
    given().when(start(quantity)).thenThrows(DomainError, QUANTITY_RULE);
  });

  it('accepts 1 and 50', () => {
    given()
      .when(start(1))
      .then([startedFor(1, 2495)]);
    given()
      .when(start(50))
      .then([startedFor(50, 124750)]);
  });

  it('records a payment once, with the delivery estimate of SPEC §9', () => {
    given(started).when(payment).then([paid]);
    given(started, paid).when(payment).thenNothing();
  });

  it('closes only an unpaid checkout', () => {
    const closed: OrderEvent = {
      type: 'CardOrderCheckoutClosed',
      data: { orderId: 'o1', reason: 'expired' },
    };
    given(started).when({ type: 'CloseCardCheckout', reason: 'expired' }).then([closed]);
    given(started, paid).when({ type: 'CloseCardCheckout', reason: 'expired' }).thenNothing();
  });

  it('moves fulfilment in any direction once paid, and refuses before', () => {
    const ship: OrderCommand = {
      type: 'ChangeFulfilmentStatus',
      fulfillmentStatus: 'shipped',
      changedBy: 'admin',
      notify: true,
    };
    given(started).when(ship).thenThrows(DomainError, NOT_PAID);
    const shipped: OrderEvent = {
      type: 'FulfilmentStatusChanged',
      data: { orderId: 'o1', fulfillmentStatus: 'shipped', changedBy: 'admin', notify: true },
    };
    given(started, paid, codes).when(ship).then([shipped]);
    const back = { ...ship, fulfillmentStatus: 'designing_card' as const, notify: false };
    given(started, paid, codes, shipped)
      .when(back)
      .then([
        {
          type: 'FulfilmentStatusChanged',
          data: { orderId: 'o1', fulfillmentStatus: 'designing_card', changedBy: 'admin', notify: false },
        },
      ]);
    given(started, paid, codes, shipped)
      .when({ ...ship, notify: false })
      .thenNothing();
  });

  it('updates tracking, and records nothing when nothing changed and nobody is told', () => {
    const track: OrderCommand = {
      type: 'UpdateTracking',
      trackingUrl: 'https://track.example/1',
      deliveryWindow: '24–25 November 2026',
      changedBy: 'admin',
      notify: false,
    };
    const tracked: OrderEvent = {
      type: 'TrackingUpdated',
      data: {
        orderId: 'o1',
        trackingUrl: 'https://track.example/1',
        deliveryWindow: '24–25 November 2026',
        changedBy: 'admin',
        notify: false,
      },
    };
    given(started, paid).when(track).then([tracked]);
    given(started, paid, tracked).when(track).thenNothing();
  });
});

describe('estimated delivery', () => {
  it('spans 1 to 4 days from today, across months and years', () => {
    expect(estimatedDelivery(new Date('2026-11-22T10:00:00Z'))).toBe('23–26 November 2026');
    expect(estimatedDelivery(new Date('2026-11-28T10:00:00Z'))).toBe('29 November – 2 December 2026');
    expect(estimatedDelivery(new Date('2026-12-30T10:00:00Z'))).toBe('31 December 2026 – 3 January 2027');
  });
});

describe('a paid order whose buyer deleted their account (issue 11, finding 7)', () => {
  const held: OrderEvent = { type: 'CardOrderHeldForShipping', data: { orderId: 'o1' } };
  const status = (fulfillmentStatus: 'packaged' | 'shipped'): OrderCommand => ({
    type: 'ChangeFulfilmentStatus',
    fulfillmentStatus,
    changedBy: 'boss',
    notify: true,
  });
  const changed = (fulfillmentStatus: 'packaged' | 'shipped'): OrderEvent => ({
    type: 'FulfilmentStatusChanged',
    data: { orderId: 'o1', fulfillmentStatus, changedBy: 'boss', notify: true },
  });

  it('is held for shipping only while paid and not yet shipped, once', () => {
    given(started, paid).when({ type: 'HoldForShipping' }).then([held]);
    given(started, paid, held).when({ type: 'HoldForShipping' }).thenNothing();
    given(started).when({ type: 'HoldForShipping' }).thenNothing();
    given(started, paid, changed('shipped')).when({ type: 'HoldForShipping' }).thenNothing();
  });

  it('has its delivery details erased when it ships, not before', () => {
    given(started, paid, held)
      .when(status('packaged'))
      .then([changed('packaged')]);
    given(started, paid, codes, held)
      .when(status('shipped'))
      .then([changed('shipped'), { type: 'CardOrderDeliveryErased', data: { orderId: 'o1' } }]);
    const erased: OrderEvent = { type: 'CardOrderDeliveryErased', data: { orderId: 'o1' } };
    given(started, paid, codes, held, changed('shipped'), erased)
      .when(status('shipped'))
      .then([changed('shipped')]);
  });

  it('of a buyer still here ships as before', () => {
    given(started, paid, codes)
      .when(status('shipped'))
      .then([changed('shipped')]);
  });
});

describe("an order's card codes (issue 16)", () => {
  const assign = (assigned: string[]): OrderCommand => ({ type: 'AssignCardCodes', codes: assigned });
  const ship = (notify = false, fulfillmentStatus: FulfilmentStatus = 'shipped'): OrderCommand => ({
    type: 'ChangeFulfilmentStatus',
    fulfillmentStatus,
    changedBy: 'boss',
    notify,
  });

  it('are assigned once paid, one per card, and never again', () => {
    given(started, paid)
      .when(assign(['K7M2Q9XA', 'P3R8T1VW']))
      .then([codes]);
    given(started, paid, codes)
      .when(assign(['AAAAAAAA', 'BBBBBBBB']))
      .thenNothing();
    given(started, paid, codes).when(assign([])).thenNothing();
    given(started)
      .when(assign(['K7M2Q9XA', 'P3R8T1VW']))
      .thenThrows(DomainError, NOT_PAID);
    given()
      .when(assign(['K7M2Q9XA', 'P3R8T1VW']))
      .thenThrows(DomainError, 'Order not found.');
  });

  it('are exactly as many different codes as cards', () => {
    given(started, paid)
      .when(assign(['K7M2Q9XA']))
      .thenThrows(Error, /2 cards/);
    given(started, paid)
      .when(assign(['K7M2Q9XA', 'K7M2Q9XA']))
      .thenThrows(Error, /2 cards/);
  });

  it('must exist before the order ships', () => {
    given(started, paid).when(ship()).thenThrows(DomainError, NO_CARD_CODES);
    given(started, paid)
      .when(ship(false, 'packaged'))
      .then([
        {
          type: 'FulfilmentStatusChanged',
          data: { orderId: 'o1', fulfillmentStatus: 'packaged', changedBy: 'boss', notify: false },
        },
      ]);
  });

  it('are not asked of an order shipped before cards had codes, told of its shipping again', () => {
    const shipped: OrderEvent = {
      type: 'FulfilmentStatusChanged',
      data: { orderId: 'o1', fulfillmentStatus: 'shipped', changedBy: 'boss', notify: false },
    };
    given(started, paid, shipped)
      .when(ship(true))
      .then([{ ...shipped, data: { ...shipped.data, notify: true } }]);
  });
});

describe('an unshipped order whose buyer deleted their account (issue 28)', () => {
  const cancel: OrderCommand = { type: 'CancelCardOrder', reason: 'account_deleted' };
  const cancelled: OrderEvent = {
    type: 'CardOrderCancelled',
    data: { orderId: 'o1', reason: 'account_deleted' },
  };
  const refund: OrderCommand = { type: 'RecordCardRefund', refundId: 're_1', amount: 4990, currency: 'gbp' };
  const refunded: OrderEvent = {
    type: 'CardOrderRefunded',
    data: { orderId: 'o1', refundId: 're_1', amount: 4990, currency: 'gbp' },
  };
  const status = (fulfillmentStatus: FulfilmentStatus): OrderEvent => ({
    type: 'FulfilmentStatusChanged',
    data: { orderId: 'o1', fulfillmentStatus, changedBy: 'boss', notify: false },
  });
  const stateOf = (...events: OrderEvent[]) => fold(orderDecider, events);

  it('is cancelled while paid and not yet shipped, once, however far it got', () => {
    given(started, paid).when(cancel).then([cancelled]);
    given(started, paid, codes, status('packaged')).when(cancel).then([cancelled]);
    given(started, paid, cancelled).when(cancel).thenNothing();
  });

  it('is not cancelled once shipped, nor before it was paid', () => {
    given(started, paid, codes, status('shipped')).when(cancel).thenThrows(DomainError, ALREADY_SHIPPED);
    given(started).when(cancel).thenThrows(DomainError, NOT_PAID);
    given().when(cancel).thenThrows(DomainError, 'Order not found.');
  });

  it('records the provider’s refund once, and only of a cancelled order', () => {
    given(started, paid, cancelled).when(refund).then([refunded]);
    given(started, paid, cancelled, refunded).when(refund).thenNothing();
    given(started, paid, cancelled, refunded)
      .when({ ...refund, refundId: 're_2' })
      .thenNothing();
    given(started, paid).when(refund).thenThrows(DomainError, NOT_CANCELLED);
  });

  it('owes a refund from its cancellation until the refund is recorded', () => {
    expect(mayCancel(stateOf(started, paid))).toBe(true);
    expect(mayCancel(stateOf(started, paid, codes, status('shipped')))).toBe(false);
    expect(awaitsRefund(stateOf(started, paid))).toBe(false);
    expect(awaitsRefund(stateOf(started, paid, cancelled))).toBe(true);
    expect(awaitsRefund(stateOf(started, paid, cancelled, refunded))).toBe(false);
    expect(stateOf(started, paid)).toMatchObject({ paymentIntentId: 'pi_1', refund: null });
    expect(awaitsRefund(initialState())).toBe(false);
  });

  it('is then neither made nor sent: no status, tracking or codes', () => {
    const ship: OrderCommand = {
      type: 'ChangeFulfilmentStatus',
      fulfillmentStatus: 'shipped',
      changedBy: 'boss',
      notify: true,
    };
    const track: OrderCommand = {
      type: 'UpdateTracking',
      trackingUrl: 'https://track.example/1',
      deliveryWindow: null,
      changedBy: 'boss',
      notify: true,
    };
    const after = [started, paid, codes, cancelled, refunded];
    given(...after)
      .when(ship)
      .thenThrows(DomainError, CANCELLED);
    given(...after)
      .when(track)
      .thenThrows(DomainError, CANCELLED);
    given(started, paid, cancelled)
      .when({ type: 'AssignCardCodes', codes: ['K7M2Q9XA', 'P3R8T1VW'] })
      .thenThrows(DomainError, CANCELLED);
    given(...after)
      .when({ type: 'HoldForShipping' })
      .thenNothing();
  });

  it('is not made paid again by a late delivery of its payment', () => {
    given(started, paid, cancelled, refunded).when(payment).thenNothing();
  });
});
