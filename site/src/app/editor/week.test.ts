import { describe, expect, it } from 'vitest';
import { hoursForNewDay, USUAL_HOURS, withDay } from './week';

const week = [
  { day: 'monday' as const, opens: '08:00', closes: '18:00' },
  { day: 'thursday' as const, opens: '07:00', closes: '15:00' },
];

describe('opening a day', () => {
  it('copies the nearest open day before it, else takes the usual hours', () => {
    expect(hoursForNewDay(week, 'wednesday')).toEqual({ opens: '08:00', closes: '18:00' });
    expect(hoursForNewDay(week, 'saturday')).toEqual({ opens: '07:00', closes: '15:00' });
    expect(hoursForNewDay(week, 'monday')).toEqual(USUAL_HOURS);
    expect(hoursForNewDay([], 'friday')).toEqual(USUAL_HOURS);
  });
});

describe('withDay', () => {
  it('keeps one entry a day, Monday first', () => {
    const opened = withDay(week, 'tuesday', { opens: '09:00', closes: '12:00' });
    expect(opened.map((entry) => entry.day)).toEqual(['monday', 'tuesday', 'thursday']);
    const changed = withDay(opened, 'monday', { opens: '10:00', closes: '18:00' });
    expect(changed).toHaveLength(3);
    expect(changed[0]).toEqual({ day: 'monday', opens: '10:00', closes: '18:00' });
  });

  it('closes a day by leaving it out', () => {
    expect(withDay(week, 'monday', null)).toEqual([week[1]]);
    expect(withDay(week, 'sunday', null)).toEqual(week);
  });
});
