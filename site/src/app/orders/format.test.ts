import { describe, expect, it } from 'vitest';
import {
  deliveryEstimate,
  formatDate,
  formatDateTime,
  formatMoney,
  formatShortDate,
  humanise,
} from './format';

describe('formatMoney', () => {
  it('shows pence as pounds with two decimals', () => {
    expect(formatMoney(4990)).toBe('£49.90');
    expect(formatMoney(495, 'gbp')).toBe('£4.95');
    expect(formatMoney(0)).toBe('£0.00');
  });
  it('defaults a missing amount to nothing and a missing currency to pounds', () => {
    expect(formatMoney(null, null)).toBe('£0.00');
    expect(formatMoney(1000, '')).toBe('£10.00');
  });
  it('falls back to pounds for a currency code it cannot read', () => {
    expect(formatMoney(250, 'not-a-currency')).toBe('£2.50');
  });
});

describe('dates', () => {
  it('reads as a UK date', () => {
    expect(formatDate('2026-03-14T10:00:00Z')).toBe('14 March 2026');
  });
  it('uses UK time, so a late-evening summer order keeps its UK date', () => {
    expect(formatDate('2026-07-01T23:30:00Z')).toBe('2 July 2026');
  });
  it('shows a dash for a missing or broken date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('soon')).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
  });
  it('shortens the month where space is tight', () => {
    expect(formatShortDate('2026-11-22T10:00:00Z')).toBe('22 Nov 2026');
  });
  it('gives the admin the time too', () => {
    expect(formatDateTime('2026-01-05T09:30:00Z')).toBe('5 Jan 2026, 09:30');
  });
});

describe('deliveryEstimate', () => {
  it('prefers the window recorded on the order', () => {
    expect(deliveryEstimate('23–26 November 2026')).toBe('23–26 November 2026');
  });
  it('otherwise counts 1 to 4 days from today', () => {
    expect(deliveryEstimate(null, new Date('2026-03-10T12:00:00Z'))).toBe('11 March 2026 – 14 March 2026');
  });
});

describe('humanise', () => {
  it('turns a status into words', () => {
    expect(humanise('past_due')).toBe('Past due');
    expect(humanise('paid')).toBe('Paid');
    expect(humanise(null)).toBe('—');
  });
});
