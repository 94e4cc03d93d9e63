import {
  allViews,
  clicksOf,
  type HeadlineFigures,
  headlineFigures,
} from '../../../../contract/visit-figures';
import { STATS_PERIODS, type StatsDay, type StatsPeriod, type VisitStats } from '../../../../contract/visits';
import {
  CLICK_ACTIONS,
  type ClickAction,
  VISIT_SOURCES,
  type VisitSource,
} from '../../../../events/visit/kinds';

export const DEFAULT_PERIOD: StatsPeriod = 7;

/** The period in the address (`/stats?days=30`), so a reload or a shared bookmark keeps it; 7 days otherwise. */
export function readPeriod(search: string): StatsPeriod {
  const asked = Number(new URLSearchParams(search).get('days'));
  return STATS_PERIODS.find((period) => period === asked) ?? DEFAULT_PERIOD;
}

/** How each source's views are named: a tap of a card, a scan of a QR code, an open of the plain link. */
export const SOURCE_LABELS: Record<VisitSource, string> = {
  nfc: 'NFC taps',
  qr: 'QR scans',
  link: 'Link opens',
};

/** The tables' columns: short, so four of them fit a phone's width. */
export const SOURCE_COLUMNS: Record<VisitSource, string> = { nfc: 'NFC', qr: 'QR', link: 'Link' };

export const ACTION_LABELS: Record<ClickAction, string> = {
  save: 'Save My Number',
  call: 'Calls',
  whatsapp: 'WhatsApp',
  email: 'Emails',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
  tiktok: 'TikTok',
};

/**
 * The chart's lines: each colour at least 3:1 against the white chart (WCAG 1.4.11, non-text contrast), and each
 * line drawn differently too (solid, dashed, dotted), so no one needs to tell the colours apart.
 */
export const SOURCE_STYLES: Record<VisitSource, { colour: string; dash: number[] }> = {
  nfc: { colour: '#1d4ed8', dash: [] },
  qr: { colour: '#b45309', dash: [10, 5] },
  link: { colour: '#047857', dash: [2, 4] },
};

/** The figures across the top, in the order a tradesperson asks: how many saw it, how, and what they did. */
export const HEADLINES: Array<{ key: keyof HeadlineFigures; label: string }> = [
  { key: 'views', label: 'Views' },
  { key: 'visitors', label: 'Unique visitors' },
  { key: 'nfc', label: 'NFC taps' },
  { key: 'qr', label: 'QR scans' },
  { key: 'link', label: 'Link opens' },
  { key: 'save', label: 'Save My Number' },
  { key: 'call', label: 'Calls' },
  { key: 'whatsapp', label: 'WhatsApp' },
  { key: 'email', label: 'Emails' },
  { key: 'social', label: 'Social clicks' },
];

export const headlines = (stats: VisitStats) => {
  const figures = headlineFigures(stats.totals);
  return HEADLINES.map(({ key, label }) => ({ key, label, value: figures[key] }));
};

/** A row of the table by source; `null` where a figure is not kept by source (visitors are by any source). */
export type SourceRow = { label: string; cells: Record<VisitSource, number | null>; total: number };

/** The table that says in words what the figures and the chart show: every number, by source. */
export function sourceRows({ totals }: VisitStats): SourceRow[] {
  return [
    { label: 'Views', cells: totals.views, total: allViews(totals.views) },
    { label: 'Unique visitors', cells: { nfc: null, qr: null, link: null }, total: totals.visitors },
    ...CLICK_ACTIONS.map((action) => ({
      label: ACTION_LABELS[action],
      cells: Object.fromEntries(
        VISIT_SOURCES.map((source) => [source, totals.clicks[source][action]]),
      ) as Record<VisitSource, number>,
      total: clicksOf(totals, action),
    })),
  ];
}

export type DayRow = { day: string; views: Record<VisitSource, number>; total: number; visitors: number };

/** The chart's numbers as a table, a row a day, oldest first as the chart draws them. */
export const dayRows = (days: StatsDay[]): DayRow[] =>
  days.map(({ day, views, visitors }) => ({ day, views, total: allViews(views), visitors }));

/** uPlot's data: each day's UTC midnight in Unix seconds, then one series of views per source. */
export function chartData(days: StatsDay[]): [number[], ...number[][]] {
  const xs = days.map(({ day }) => Date.parse(`${day}T00:00:00Z`) / 1000);
  return [xs, ...VISIT_SOURCES.map((source) => days.map(({ views }) => views[source]))];
}

/** '22 Nov': the days are UTC days, so they are named in UTC wherever the browser is. */
export const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

export const count = (n: number) => n.toLocaleString('en-GB');
