import { describe, expect, it } from 'vitest';
import {
  deliveryLine,
  deliveryWindowOf,
  detailsHref,
  orderTitle,
  quantityOf,
  subscriptionIdOf,
  trackingUrlOf,
} from './fields';

describe('order fields', () => {
  it('reads values from the order, then its metadata, then the defaults', () => {
    expect(quantityOf({ quantity: 2 })).toBe(2);
    expect(quantityOf({ quantity: null, metadata: { quantity: 3 } })).toBe(3);
    expect(quantityOf({ quantity: null })).toBe(1);
    expect(trackingUrlOf({ trackingUrl: null, metadata: { trackingUrl: 'https://t.example/1' } })).toBe(
      'https://t.example/1',
    );
    expect(trackingUrlOf({ trackingUrl: null })).toBeNull();
    expect(deliveryWindowOf({ deliveryWindow: null, metadata: { estimatedDelivery: '2–5 May 2026' } })).toBe(
      '2–5 May 2026',
    );
    expect(subscriptionIdOf({ stripeSubscriptionId: null, subscriptionId: 'sub_1' })).toBe('sub_1');
  });

  it('joins the delivery name and address', () => {
    expect(
      deliveryLine({ deliveryName: 'Dana Pipe', deliveryAddress: '12 Boiler Row, Leeds, LS1 4AP, GB' }),
    ).toBe('Dana Pipe, 12 Boiler Row, Leeds, LS1 4AP, GB');
    expect(deliveryLine({ deliveryName: null, deliveryAddress: null })).toBe('—');
  });

  it('sends subscriptions and cards to their own details page', () => {
    expect(detailsHref({ id: 'a1', type: 'subscription' })).toBe('/SuccessSubscription?id=a1');
    expect(detailsHref({ id: 'b2', type: 'card' })).toBe('/success?id=b2');
  });

  it('names the order', () => {
    expect(orderTitle({ type: 'card', quantity: 2 })).toBe('2 × NFC card');
    expect(orderTitle({ type: 'card', quantity: 1 })).toBe('NFC card');
    expect(orderTitle({ type: 'subscription', quantity: 1 })).toBe('Profile Plan');
  });
});
