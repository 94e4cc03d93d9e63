import { describe, expect, it } from 'vitest';
import { addMonths } from './time';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('addMonths: a billing day as Stripe keeps it', () => {
  it('keeps a month-end billing day through short months, counted from the anchor each time', () => {
    const anchor = at('2027-01-31T09:00:00Z');
    expect([1, 2, 3, 13].map((months) => iso(addMonths(anchor, months)))).toEqual([
      '2027-02-28T09:00:00.000Z',
      '2027-03-31T09:00:00.000Z',
      '2027-04-30T09:00:00.000Z',
      '2028-02-29T09:00:00.000Z',
    ]);
  });

  it('moves across a year end at the same time of day', () => {
    expect(iso(addMonths(at('2026-12-16T09:00:00Z'), 1))).toBe('2027-01-16T09:00:00.000Z');
  });
});
