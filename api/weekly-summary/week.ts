import { addDays, DAY_MS, utcDay } from '../visits/day';

/**
 * Summaries go out on Mondays (UTC) from this hour: a British morning, and long after the last of Sunday's visits
 * were saved. A Monday the service spends down entirely is a week without a summary, not a late one on Tuesday.
 */
export const SEND_FROM_UTC_HOUR = 6;

/** The week whose summaries are due at `now` (its Monday, YYYY-MM-DD), or null outside Monday's sending hours. */
export function dueSummaryWeek(now: Date): string | null {
  const monday = now.getUTCDay() === 1;
  return monday && now.getUTCHours() >= SEND_FROM_UTC_HOUR ? utcDay(now) : null;
}

/**
 * The seven days a summary sent in `week` covers, Monday to Sunday of the week before, as the `now` that
 * visitStats reads its period back from (its last day), and the first and last day's dates.
 */
export function summarisedDays(week: string) {
  return {
    asOf: new Date(Date.parse(`${week}T00:00:00Z`) - DAY_MS / 2),
    from: addDays(week, -7),
    to: addDays(week, -1),
  };
}
