export const DAY = 86_400;

/**
 * `months` calendar months after `anchor` (unix seconds), at the anchor's time of day. A day the month lacks becomes
 * its last day, counted from the anchor each time as Stripe's billing anchor is, so 31 January runs 28 February,
 * 31 March.
 */
export function addMonths(anchor: number, months: number): number {
  const from = new Date(anchor * 1000);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  const time = from.getTime() - Date.UTC(year, from.getUTCMonth(), from.getUTCDate());
  return (Date.UTC(year, month, day) + time) / 1000;
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** '5 December 2026', on the UK calendar the customer reads it in. */
export const formatDate = (unixSeconds: number) => LONG_DATE.format(new Date(unixSeconds * 1000));

/** '£24.95' for 2495 pence: amounts are in minor units, as in Stripe's API. */
export const formatMoney = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
