import { describe, expect, it } from 'vitest';
import { dueSummaryWeek, summarisedDays } from './week';

describe('the weekly summary’s week', () => {
  it('is due on Mondays (UTC) from 06:00 to midnight, and never on another day', () => {
    expect(dueSummaryWeek(new Date('2026-11-30T05:59:59Z'))).toBeNull();
    expect(dueSummaryWeek(new Date('2026-11-30T06:00:00Z'))).toBe('2026-11-30');
    expect(dueSummaryWeek(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-30');
    expect(dueSummaryWeek(new Date('2026-12-01T06:00:00Z'))).toBeNull();
    expect(dueSummaryWeek(new Date('2026-11-29T12:00:00Z'))).toBeNull();
  });

  it('covers Monday to Sunday of the week before, across a month and a year', () => {
    expect(summarisedDays('2026-11-30')).toEqual({
      asOf: new Date('2026-11-29T12:00:00Z'),
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(summarisedDays('2026-12-07')).toMatchObject({ from: '2026-11-30', to: '2026-12-06' });
    expect(summarisedDays('2027-01-04')).toMatchObject({ from: '2026-12-28', to: '2027-01-03' });
  });
});
