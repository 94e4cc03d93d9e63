import { describe, expect, it } from 'vitest';
import { reviewShareLinks } from './reviews';

describe('the ways to send a review link', () => {
  it('opens WhatsApp and a text to the customer’s number with the message written', () => {
    expect(reviewShareLinks('tel:+447700900456', 'Hi Pat & co: https://x.test/u/d/review/t')).toEqual({
      whatsapp:
        'https://wa.me/447700900456?text=Hi%20Pat%20%26%20co%3A%20https%3A%2F%2Fx.test%2Fu%2Fd%2Freview%2Ft',
      sms: 'sms:+447700900456?&body=Hi%20Pat%20%26%20co%3A%20https%3A%2F%2Fx.test%2Fu%2Fd%2Freview%2Ft',
    });
  });

  it('leaves the contact to pick without a number', () => {
    const picked = { whatsapp: 'https://wa.me/?text=Hi%20there', sms: 'sms:?&body=Hi%20there' };
    expect(reviewShareLinks(null, 'Hi there')).toEqual(picked);
    expect(reviewShareLinks('tel:', 'Hi there')).toEqual(picked);
  });
});
