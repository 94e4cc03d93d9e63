import { describe, expect, it } from 'vitest';
import { domainProgress, shareAddress } from './own-domain';

const waiting = { status: 'waiting' as const, checkedAt: null, liveSince: null, brokenSince: null };

describe('the owner’s own domain in settings and the share modal', () => {
  it('says where it has got to', () => {
    expect(domainProgress(waiting)).toBe('Checking…');
    expect(domainProgress({ ...waiting, checkedAt: '2026-11-29T10:00:00Z' })).toBe('Waiting for DNS');
    expect(domainProgress({ ...waiting, status: 'live', liveSince: '2026-11-29T10:00:00Z' })).toBe(
      'Live since 29 November 2026',
    );
    expect(domainProgress({ ...waiting, status: 'broken', brokenSince: '2026-12-02T10:00:00Z' })).toBe(
      'Broken since 2 December 2026: your page is at its TradeCard address meanwhile',
    );
  });

  it('shares the domain only while it is live', () => {
    const domain = {
      ...waiting,
      domain: 'card.taylor.co.uk',
      connectedAt: '2026-11-29T10:00:00Z',
      problem: null,
      records: [],
    };
    expect(shareAddress('https://cards.example.com', 'taylor', null)).toBe(
      'https://cards.example.com/u/taylor',
    );
    expect(shareAddress('https://cards.example.com', 'taylor', domain)).toBe(
      'https://cards.example.com/u/taylor',
    );
    expect(shareAddress('https://cards.example.com', 'taylor', { ...domain, status: 'live' })).toBe(
      'https://card.taylor.co.uk/',
    );
  });
});
