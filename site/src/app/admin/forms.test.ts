import { describe, expect, it } from 'vitest';
import { adminQuery } from './api';
import { cancellationNote, customerEmail, customerName, shippingLines, trackingPayload } from './forms';

describe('trackingPayload', () => {
  it('notifies only when the box is ticked and a link is given', () => {
    expect(
      trackingPayload({ trackingUrl: ' https://t.example/1 ', deliveryWindow: '', notify: true }),
    ).toEqual({
      trackingUrl: 'https://t.example/1',
      deliveryWindow: null,
      notify: true,
    });
    expect(trackingPayload({ trackingUrl: '  ', deliveryWindow: '2–4 May', notify: true })).toEqual({
      trackingUrl: null,
      deliveryWindow: '2–4 May',
      notify: false,
    });
    expect(
      trackingPayload({ trackingUrl: 'https://t.example/1', deliveryWindow: '', notify: false }).notify,
    ).toBe(false);
  });
});

describe('admin order display', () => {
  const address = {
    line1: '12 Boiler Row',
    line2: null,
    city: 'Leeds',
    state: ' ',
    postal_code: 'LS1 4AP',
    country: 'GB',
  };
  it('lists the shipping address a line at a time', () => {
    expect(shippingLines({ shipping: { name: 'Dana', address }, deliveryAddress: null })).toEqual([
      '12 Boiler Row',
      'Leeds',
      'LS1 4AP',
      'GB',
    ]);
    expect(shippingLines({ shipping: null, deliveryAddress: '1 Pipe Lane, Leeds' })).toEqual([
      '1 Pipe Lane, Leeds',
    ]);
    expect(shippingLines({ shipping: null, deliveryAddress: null })).toEqual([]);
  });
  it('finds who bought it', () => {
    const user = { _id: 'u1', email: 'dana@example.com', name: 'Dana Pipe', username: 'dana' };
    expect(customerName({ customerName: null, shipping: null, user })).toBe('Dana Pipe');
    expect(customerEmail({ customerEmail: null, userEmail: null, user })).toBe('dana@example.com');
    expect(customerEmail({ customerEmail: 'c@example.com', userEmail: 'u@example.com', user })).toBe(
      'c@example.com',
    );
    expect(customerName({ customerName: null, shipping: null, user: null })).toBe('Unnamed customer');
  });
  it('always asks for card orders', () => {
    expect(adminQuery({ q: ' dana ', fulfillmentStatus: 'shipped' })).toBe(
      'type=card&q=dana&fulfillmentStatus=shipped',
    );
  });
});

describe('a cancelled order (issue 28)', () => {
  const order = (status: string) => ({
    status,
    amountTotal: 4990,
    currency: 'gbp',
    metadata: {
      quantity: 2,
      estimatedDelivery: null,
      trackingUrl: null,
      cancelledAt: '2026-11-22T09:00:00Z',
    },
  });

  it('says it was cancelled and refunded, with nothing to make or send', () => {
    expect(cancellationNote(order('refunded'))).toBe(
      'Cancelled on 22 November 2026 and £49.90 refunded: the customer deleted their account before it shipped. There is nothing to make or send.',
    );
    expect(cancellationNote(order('cancelled'))).toMatch(
      /^Cancelled on 22 November 2026: .* The refund of £49\.90 is still owed/,
    );
  });

  it('says nothing of an order still to ship', () => {
    expect(cancellationNote(order('paid'))).toBeNull();
  });
});
