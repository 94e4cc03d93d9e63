const DAY_MS = 86_400_000;

export const addDays = (at: string, days: number) => new Date(Date.parse(at) + days * DAY_MS).toISOString();

/**
 * `months` calendar months after `anchor`, at the anchor's time of day. A day the month lacks becomes its last
 * day, counted from the anchor each time (as Stripe's billing anchor is), so 31 January runs 28 February, 31 March.
 */
export function addMonths(anchor: string, months: number): string {
  const from = new Date(anchor);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  const time = from.getTime() - Date.UTC(year, from.getUTCMonth(), from.getUTCDate());
  return new Date(Date.UTC(year, month, day) + time).toISOString();
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** '5 December 2026', on the UK calendar the customer reads it in. */
export const formatDate = (at: string) => LONG_DATE.format(new Date(at));
