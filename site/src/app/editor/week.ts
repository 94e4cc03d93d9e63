import { type OpeningHours, WEEKDAYS, type Weekday } from '../../../../events/card/content';

/** A day ticked open with no earlier open day to copy: a working day as most trades keep it. */
export const USUAL_HOURS = { opens: '09:00', closes: '17:00' };

/**
 * The hours a day takes when it is ticked open: the nearest open day before it, so a week is filled in by ticking
 * each day, else the usual ones.
 */
export function hoursForNewDay(week: readonly OpeningHours[], day: Weekday) {
  const before = WEEKDAYS.slice(0, WEEKDAYS.indexOf(day)).reverse();
  const copied = before.map((earlier) => week.find((entry) => entry.day === earlier)).find(Boolean);
  return copied ? { opens: copied.opens, closes: copied.closes } : USUAL_HOURS;
}

/** The week with `day` open at `hours`, or closed when null; one entry a day, Monday first, as the API keeps them. */
export function withDay(
  week: readonly OpeningHours[],
  day: Weekday,
  hours: { opens: string; closes: string } | null,
): OpeningHours[] {
  const others = week.filter((entry) => entry.day !== day);
  const next = hours ? [...others, { day, ...hours }] : others;
  return next.sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day));
}
