import { headlineFigures } from '../../contract/visit-figures';
import type { VisitStats } from '../../contract/visits';
import { compose, type Details } from './compose';

const count = (n: number) => n.toLocaleString('en-GB');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

const dayParts = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    date.toLocaleDateString('en-GB', { ...options, timeZone: 'UTC' });
  return { day: part({ day: 'numeric' }), month: part({ month: 'long' }), year: part({ year: 'numeric' }) };
};

/** '16–22 November 2026', '30 November – 6 December 2026', '29 December 2025 – 4 January 2026': UTC days. */
export function dayRange(from: string, to: string): string {
  const a = dayParts(from);
  const b = dayParts(to);
  const last = `${b.day} ${b.month} ${b.year}`;
  if (a.year !== b.year) return `${a.day} ${a.month} ${a.year} – ${last}`;
  if (a.month !== b.month) return `${a.day} ${a.month} – ${last}`;
  return `${a.day}–${last}`;
}

/** Said wherever the figures are: what a count of visitors and of presses does and does not cover. */
export const COUNTING_NOTE =
  'Unique visitors are counted per day. Calls, WhatsApp, emails and social links are counted only in browsers that report link clicks: Chrome, Edge, Safari, Samsung Internet and Opera do, Firefox and Brave do not. Save My Number is counted in every browser.';

/**
 * Issue 16: Monday's summary of the week before (Monday to Sunday, UTC days), with the way to the dashboard and
 * the one-click way to stop it. A quiet week says how to share the page instead of a table of noughts alone.
 */
export function weeklySummaryMail(facts: {
  name: string;
  from: string;
  to: string;
  totals: VisitStats['totals'];
  /** Review links sent and reviews received that week (issue 30). */
  reviews: { requested: number; received: number };
  pageUrl: string;
  statsUrl: string;
  offUrl: string;
}) {
  const { name, from, to, totals, reviews, pageUrl, statsUrl, offUrl } = facts;
  const figures = headlineFigures(totals);
  const week = dayRange(from, to);
  const details: Details = [
    ['Views', count(figures.views)],
    ['NFC taps', count(figures.nfc)],
    ['QR scans', count(figures.qr)],
    ['Link opens', count(figures.link)],
    ['Unique visitors', count(figures.visitors)],
    ['Save My Number', count(figures.save)],
    ['Calls', count(figures.call)],
    ['WhatsApp', count(figures.whatsapp)],
    ['Emails', count(figures.email)],
    ['Reviews asked for', count(reviews.requested)],
    ['Reviews received', count(reviews.received)],
  ];
  const opening =
    figures.views > 0
      ? `Your page had ${plural(figures.views, 'view')} from ${week}. Here is where they came from and what your visitors did.`
      : `Nobody opened your page from ${week}. Share it and the visits will show here: tap your NFC card on a customer’s phone, let them scan your QR code, or send them your link, ${pageUrl}.`;
  return compose({
    subject: `Your TradeCard week: ${plural(figures.views, 'view')} (${week})`,
    name,
    lines: [opening, COUNTING_NOTE],
    details,
    link: ['See your statistics', statsUrl],
    footnote: { text: 'You get this summary every Monday.', link: ['Turn it off', offUrl] },
  });
}
