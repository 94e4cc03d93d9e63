import { describe, expect, it } from 'vitest';
import { prorationLines, shortDate } from './prorations';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('prorations as Stripe writes them', () => {
  it('dates them as Stripe does, on the UK calendar, with September as Sep', () => {
    expect(shortDate(at('2026-09-05T12:00:00Z'))).toBe('5 Sep 2026');
    // 23:30 UTC in summer is already the next day in London.
    expect(shortDate(at('2026-06-30T23:30:00Z'))).toBe('1 Jul 2026');
  });

  const change = {
    productName: 'Plan',
    unitAmount: 495,
    subscriptionItem: 'si_1',
    period: { start: at('2026-03-02T09:00:00Z'), end: at('2026-04-02T09:00:00Z') },
  };

  it('credits the old quantity and charges the new one for the time left, to the second', () => {
    const lines = prorationLines({ ...change, from: 4, to: 2, at: at('2026-03-17T21:00:00Z') });
    // 15.5 of 31 days left: half the period.
    expect(lines.map(({ description, quantity, amount }) => ({ description, quantity, amount }))).toEqual([
      { description: 'Unused time on 4 × Plan after 17 Mar 2026', quantity: 4, amount: -990 },
      { description: 'Remaining time on 2 × Plan after 17 Mar 2026', quantity: 2, amount: 495 },
    ]);
    expect(lines[0]?.period).toEqual({ start: at('2026-03-17T21:00:00Z'), end: change.period.end });
  });

  it('has nothing to prorate for an unchanged quantity or a period already over', () => {
    expect(prorationLines({ ...change, from: 3, to: 3, at: at('2026-03-10T09:00:00Z') })).toEqual([]);
    expect(prorationLines({ ...change, from: 3, to: 4, at: change.period.end })).toEqual([]);
  });
});
