import { describe, expect, it } from 'vitest';
import { reviewProgress, reviewShareLinks, reviewsTally } from './reviews';

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

describe('where each review asked for has got to', () => {
  const asked = {
    id: 'r1',
    customerName: 'Pat Customer',
    status: 'requested' as const,
    job: null,
    enquiryId: null,
    requestedAt: '2026-03-02T10:00:00.000Z',
    expiresAt: '2026-04-01T10:00:00.000Z',
    rating: null,
    text: null,
    displayName: null,
    receivedAt: null,
    reply: null,
    reportedAt: null,
    removedAt: null,
    removedReason: null,
  };

  it('counts requests sent and reviews received', () => {
    expect(reviewsTally([])).toBe('0 asked for · 0 received');
    expect(reviewsTally([asked, { status: 'received' }, { status: 'removed' }])).toBe(
      '3 asked for · 2 received',
    );
  });

  it('says until when a link works, that it expired, when it came, and why support removed it', () => {
    expect(reviewProgress(asked, new Date('2026-03-10T00:00:00Z'))).toBe(
      'Asked 2 March 2026 · the link works until 1 April 2026',
    );
    expect(reviewProgress(asked, new Date('2026-04-02T00:00:00Z'))).toBe(
      'Asked 2 March 2026 · the link expired 1 April 2026',
    );
    expect(reviewProgress({ ...asked, status: 'received', receivedAt: '2026-03-05T12:00:00Z' })).toBe(
      'Received 5 March 2026',
    );
    expect(
      reviewProgress({
        ...asked,
        status: 'removed',
        removedAt: '2026-03-09T12:00:00Z',
        removedReason: 'Not a customer',
      }),
    ).toBe('Removed by support 9 March 2026: Not a customer');
  });
});
