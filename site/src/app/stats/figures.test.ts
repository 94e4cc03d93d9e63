import { describe, expect, it } from 'vitest';
import type { StatsDay, VisitStats } from '../../../../contract/visits';
import { CLICK_ACTIONS, VISIT_SOURCES } from '../../../../events/visit/kinds';
import { NO_CLICKS as none } from '../../../../tests/support/visits/stats';
import {
  ACTION_LABELS,
  chartData,
  dayLabel,
  dayRows,
  headlines,
  readPeriod,
  SOURCE_STYLES,
  sourceRows,
} from './figures';

const day = (date: string, views: StatsDay['views'], visitors: number): StatsDay => ({
  day: date,
  views,
  visitors,
  clicks: { nfc: none, qr: none, link: none },
});

const stats: VisitStats = {
  days: [day('2026-11-21', { nfc: 2, qr: 0, link: 1 }, 2), day('2026-11-22', { nfc: 0, qr: 3, link: 4 }, 5)],
  totals: {
    views: { nfc: 2, qr: 3, link: 5 },
    visitors: 7,
    clicks: {
      nfc: { ...none, save: 2, call: 1 },
      qr: { ...none, whatsapp: 1, instagram: 2 },
      link: { ...none, save: 1, email: 1, tiktok: 1, x: 1 },
    },
  },
};

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the dashboard’s figures', () => {
  it('reads the period from the address, and is 7 days for anything else', () => {
    expect(readPeriod('?days=30')).toBe(30);
    expect(readPeriod('?days=90&x=1')).toBe(90);
    expect(readPeriod('?days=7')).toBe(7);
    for (const search of ['', '?days=14', '?days=abc', '?days=', '?days=30.5'])
      expect(readPeriod(search)).toBe(7);
  });

  it('sums the headline figures across sources, social links together', () => {
    expect(Object.fromEntries(headlines(stats).map(({ label, value }) => [label, value]))).toEqual({
      Views: 10,
      'Unique visitors': 7,
      'NFC taps': 2,
      'QR scans': 3,
      'Link opens': 5,
      'Save My Number': 3,
      Calls: 1,
      WhatsApp: 1,
      Emails: 1,
      'Social clicks': 4,
    });
  });

  it('tables every number by source, with a total, visitors not split by source', () => {
    const rows = sourceRows(stats);
    expect(rows.map((row) => row.label)).toEqual([
      'Views',
      'Unique visitors',
      ...CLICK_ACTIONS.map((action) => ACTION_LABELS[action]),
    ]);
    expect(rows[0]).toEqual({ label: 'Views', cells: { nfc: 2, qr: 3, link: 5 }, total: 10 });
    expect(rows[1]).toEqual({
      label: 'Unique visitors',
      cells: { nfc: null, qr: null, link: null },
      total: 7,
    });
    expect(rows.find((row) => row.label === 'Save My Number')).toEqual({
      label: 'Save My Number',
      cells: { nfc: 2, qr: 0, link: 1 },
      total: 3,
    });
    for (const row of rows.slice(2))
      expect(row.total).toBe(VISIT_SOURCES.reduce((sum, source) => sum + (row.cells[source] ?? 0), 0));
  });

  it('gives the chart each UTC day in seconds and a series a source, and the same as a table', () => {
    expect(chartData(stats.days)).toEqual([
      [Date.UTC(2026, 10, 21) / 1000, Date.UTC(2026, 10, 22) / 1000],
      [2, 0],
      [0, 3],
      [1, 4],
    ]);
    expect(dayRows(stats.days)).toEqual([
      { day: '2026-11-21', views: { nfc: 2, qr: 0, link: 1 }, total: 3, visitors: 2 },
      { day: '2026-11-22', views: { nfc: 0, qr: 3, link: 4 }, total: 7, visitors: 5 },
    ]);
    expect(dayLabel('2026-11-22')).toBe('22 Nov');
    expect(dayLabel('2027-01-01')).toBe('1 Jan');
  });

  it('draws each source in a colour of at least 3:1 on the white chart, and each line differently', () => {
    for (const source of VISIT_SOURCES)
      expect(contrast(SOURCE_STYLES[source].colour, '#ffffff'), source).toBeGreaterThanOrEqual(3);
    const dashes = VISIT_SOURCES.map((source) => JSON.stringify(SOURCE_STYLES[source].dash));
    expect(new Set(dashes).size).toBe(VISIT_SOURCES.length);
  });
});
