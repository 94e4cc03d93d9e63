import { describe, expect, it } from 'vitest';
import {
  estimatedDelivery,
  NO_CARD_CODES,
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
const started: OrderEvent = {
  type: 'CardOrderCheckoutStarted',
  data: {
    orderId: 'o1',
    accountId: 'a1',
    quantity: 2,
    unitAmount: 2495,
    amountTotal: 4990,
    currency: 'gbp',
    provider: 'local',
    checkoutSessionId: 'cs_1',
    reorderOf: null,
  },
};
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

function given(...events: OrderEvent[]) {
  const state = events.reduce(orderDecider.evolve, orderDecider.initialState());
  return { when: (command: OrderCommand) => () => orderDecider.decide(command, state, now) };
}

describe('order decider', () => {
  it('opens a card checkout priced in pence', () => {
    expect(given().when(start())()).toEqual([started]);
  });

  it.each([0, -1, 1.5, 51, Number.NaN])('refuses quantity %s with a clear rule', (quantity) => {
    expect(given().when(start(quantity))).toThrow(QUANTITY_RULE);
  });

  it('accepts 1 and 50', () => {
    expect(given().when(start(1))()[0]).toMatchObject({ data: { amountTotal: 2495 } });
    expect(given().when(start(50))()[0]).toMatchObject({ data: { amountTotal: 124750 } });
  });

  it('records a payment once, with the delivery estimate of SPEC §9', () => {
    expect(given(started).when(payment)()).toEqual([paid]);
    expect(given(started, paid).when(payment)()).toEqual([]);
  });

  it('closes only an unpaid checkout', () => {
    const closed: OrderEvent = {
      type: 'CardOrderCheckoutClosed',
      data: { orderId: 'o1', reason: 'expired' },
    };
    expect(given(started).when({ type: 'CloseCardCheckout', reason: 'expired' })()).toEqual([closed]);
    expect(given(started, paid).when({ type: 'CloseCardCheckout', reason: 'expired' })()).toEqual([]);
  });

  it('moves fulfilment in any direction once paid, and refuses before', () => {
    const ship: OrderCommand = {
      type: 'ChangeFulfilmentStatus',
      fulfillmentStatus: 'shipped',
      changedBy: 'admin',
      notify: true,
    };
    expect(given(started).when(ship)).toThrow(NOT_PAID);
    const shipped: OrderEvent = {
      type: 'FulfilmentStatusChanged',
      data: { orderId: 'o1', fulfillmentStatus: 'shipped', changedBy: 'admin', notify: true },
    };
    expect(given(started, paid, codes).when(ship)()).toEqual([shipped]);
    const back = { ...ship, fulfillmentStatus: 'designing_card' as const, notify: false };
    expect(given(started, paid, codes, shipped).when(back)()).toHaveLength(1);
    expect(given(started, paid, codes, shipped).when({ ...ship, notify: false })()).toEqual([]);
  });

  it('updates tracking, and records nothing when nothing changed and nobody is told', () => {
    const track: OrderCommand = {
      type: 'UpdateTracking',
      trackingUrl: 'https://track.example/1',
      deliveryWindow: '24–25 November 2026',
      changedBy: 'admin',
      notify: false,
    };
    const [tracked] = given(started, paid).when(track)();
    expect(tracked).toEqual({
      type: 'TrackingUpdated',
      data: {
        orderId: 'o1',
        trackingUrl: 'https://track.example/1',
        deliveryWindow: '24–25 November 2026',
        changedBy: 'admin',
        notify: false,
      },
    });
    expect(given(started, paid, tracked as OrderEvent).when(track)()).toEqual([]);
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
    expect(given(started, paid).when({ type: 'HoldForShipping' })()).toEqual([held]);
    expect(given(started, paid, held).when({ type: 'HoldForShipping' })()).toEqual([]);
    expect(given(started).when({ type: 'HoldForShipping' })()).toEqual([]);
    expect(given(started, paid, changed('shipped')).when({ type: 'HoldForShipping' })()).toEqual([]);
  });

  it('has its delivery details erased when it ships, not before', () => {
    expect(given(started, paid, held).when(status('packaged'))()).toEqual([changed('packaged')]);
    expect(given(started, paid, codes, held).when(status('shipped'))()).toEqual([
      changed('shipped'),
      { type: 'CardOrderDeliveryErased', data: { orderId: 'o1' } },
    ]);
    const erased: OrderEvent = { type: 'CardOrderDeliveryErased', data: { orderId: 'o1' } };
    expect(given(started, paid, codes, held, changed('shipped'), erased).when(status('shipped'))()).toEqual([
      changed('shipped'),
    ]);
  });

  it('of a buyer still here ships as before', () => {
    expect(given(started, paid, codes).when(status('shipped'))()).toEqual([changed('shipped')]);
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
    expect(given(started, paid).when(assign(['K7M2Q9XA', 'P3R8T1VW']))()).toEqual([codes]);
    expect(given(started, paid, codes).when(assign(['AAAAAAAA', 'BBBBBBBB']))()).toEqual([]);
    expect(given(started, paid, codes).when(assign([]))()).toEqual([]);
    expect(given(started).when(assign(['K7M2Q9XA', 'P3R8T1VW']))).toThrow(NOT_PAID);
    expect(given().when(assign(['K7M2Q9XA', 'P3R8T1VW']))).toThrow('Order not found.');
  });

  it('are exactly as many different codes as cards', () => {
    expect(given(started, paid).when(assign(['K7M2Q9XA']))).toThrow(/2 cards/);
    expect(given(started, paid).when(assign(['K7M2Q9XA', 'K7M2Q9XA']))).toThrow(/2 cards/);
  });

  it('must exist before the order ships', () => {
    expect(given(started, paid).when(ship())).toThrow(NO_CARD_CODES);
    expect(given(started, paid).when(ship(false, 'packaged'))()).toHaveLength(1);
  });

  it('are not asked of an order shipped before cards had codes, told of its shipping again', () => {
    const shipped: OrderEvent = {
      type: 'FulfilmentStatusChanged',
      data: { orderId: 'o1', fulfillmentStatus: 'shipped', changedBy: 'boss', notify: false },
    };
    expect(given(started, paid, shipped).when(ship(true))()).toEqual([
      { ...shipped, data: { ...shipped.data, notify: true } },
    ]);
  });
});
