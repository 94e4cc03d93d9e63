/** SPEC §9: amounts are integer minor units, divided by 100, two decimals; the currency defaults to gbp. */
export function formatMoney(minor: number | null | undefined, currency: string | null = 'gbp'): string {
  const amount = (minor ?? 0) / 100;
  try {
    return new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: (currency || 'gbp').toUpperCase(),
    }).format(amount);
  } catch {
    return `£${amount.toFixed(2)}`;
  }
}

/**
 * UK customers and a UK business: dates read the same whichever machine shows them. Each formatter is built on first
 * use: building one loads ICU's time-zone data, tens of milliseconds on a phone, and the editor imports this file
 * for a banner that rarely shows a date (Lighthouse on /myprofile, issue 12).
 */
function londonDates(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (date) => {
    formatter ??= new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Europe/London' });
    return formatter.format(date);
  };
}
const longDate = londonDates({ day: 'numeric', month: 'long', year: 'numeric' });
const shortDate = londonDates({ day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = londonDates({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const parse = (value: string | Date | null | undefined): Date | null => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** '14 March 2026', or '—' when there is no date to show. */
export const formatDate = (value: string | Date | null | undefined) => {
  const date = parse(value);
  return date ? longDate(date) : '—';
};

/** '14 Mar 2026', where a table column is narrow. */
export const formatShortDate = (value: string | Date | null | undefined) => {
  const date = parse(value);
  return date ? shortDate(date) : '—';
};

/** '14 Mar 2026, 09:30', for the admin's order times. */
export const formatDateTime = (value: string | Date | null | undefined) => {
  const date = parse(value);
  return date ? dateTime(date) : '—';
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The delivery estimate: the window recorded on the order when it was paid, else SPEC §9's "1 to 4 days from
 * today".
 */
export function deliveryEstimate(window: string | null | undefined, now = new Date()): string {
  if (window?.trim()) return window;
  return `${formatDate(new Date(now.getTime() + DAY_MS))} – ${formatDate(new Date(now.getTime() + 4 * DAY_MS))}`;
}

/** 'paid' → 'Paid', 'past_due' → 'Past due'. */
export const humanise = (value: string | null | undefined) => {
  const text = (value ?? '').replace(/_/g, ' ').trim();
  return text ? text[0]?.toUpperCase() + text.slice(1) : '—';
};
