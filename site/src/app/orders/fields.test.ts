import { describe, expect, it } from 'vitest';
import { deliveryLine, detailsHref, orderTitle } from './fields';

describe('order fields', () => {
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
