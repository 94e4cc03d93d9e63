import { sql } from 'kysely';
import type { StatsDay, StatsPeriod, VisitStats } from '../../contract/visits';
import type { Tally } from '../../events/visit/events';
import {
  CLICK_ACTIONS,
  type ClickAction,
  VISIT_SOURCES,
  type VisitAction,
  type VisitSource,
} from '../../events/visit/kinds';
import type { Db } from '../../platform/database/db';
import { addDays, utcDay } from './day';

type Clicks = Record<ClickAction, number>;
const noClicks = (): Clicks => Object.fromEntries(CLICK_ACTIONS.map((action) => [action, 0])) as Clicks;
const bySource = <T>(make: () => T): Record<VisitSource, T> => ({ nfc: make(), qr: make(), link: make() });

const emptyDay = (day: string): StatsDay => ({
  day,
  views: bySource(() => 0),
  visitors: 0,
  clicks: bySource(noClicks),
});

function addTally(day: StatsDay, tally: Pick<Tally, 'source' | 'action' | 'hits'>) {
  if (tally.action === 'view') day.views[tally.source] += tally.hits;
  else day.clicks[tally.source][tally.action] += tally.hits;
}

/** One page's days not tallied yet, counted from the raw rows: today so far, and any day the tally has not reached. */
async function untalliedDays(db: Db, accountId: string, from: string) {
  const rows = await db
    .selectFrom('visit_counts')
    .select(['day', 'source', 'action', 'card_code', 'hits'])
    .where('account_id', '=', accountId)
    .where('day', '>=', from)
    .execute();
  const visitors = await db
    .selectFrom('visit_visitors')
    .select(['day', sql<number>`count(*)`.as('visitors')])
    .where('account_id', '=', accountId)
    .where('day', '>=', from)
    .groupBy('day')
    .execute();
  const days = new Map<string, { visitors: number; tallies: Tally[] }>();
  const dayOf = (day: string) => {
    const found = days.get(day) ?? { visitors: 0, tallies: [] };
    days.set(day, found);
    return found;
  };
  for (const row of visitors) dayOf(row.day).visitors = Number(row.visitors);
  for (const row of rows)
    dayOf(row.day).tallies.push({
      source: row.source as VisitSource,
      action: row.action as VisitAction,
      cardCode: row.card_code === '' ? null : row.card_code,
      hits: Number(row.hits),
    });
  return days;
}

/** Every day of one page from `from` on: tallied days from visit_days, the rest from the raw rows. */
async function daysOf(db: Db, accountId: string, from: string) {
  const tallied = await db
    .selectFrom('visit_days')
    .select(['day', 'visitors', 'tallies'])
    .where('account_id', '=', accountId)
    .where('day', '>=', from)
    .execute();
  const days = await untalliedDays(db, accountId, from);
  // A day both tallied and still in the raw rows (between its tally and the rows' delete) is the tally's.
  for (const row of tallied)
    days.set(row.day, { visitors: row.visitors, tallies: JSON.parse(row.tallies) as Tally[] });
  return days;
}

/** GET /api/profile/stats and the weekly mail: every UTC day of the period, oldest first, today last. */
export async function visitStats(
  db: Db,
  accountId: string,
  options: { days: StatsPeriod; now: Date },
): Promise<VisitStats> {
  const today = utcDay(options.now);
  const from = addDays(today, 1 - options.days);
  const found = await daysOf(db, accountId, from);
  const days: StatsDay[] = [];
  const totals = { views: bySource(() => 0), visitors: 0, clicks: bySource(noClicks) };
  for (let day = from; day <= today; day = addDays(day, 1)) {
    const stats = emptyDay(day);
    const counted = found.get(day);
    if (counted) {
      stats.visitors = counted.visitors;
      for (const tally of counted.tallies) addTally(stats, tally);
    }
    days.push(stats);
    totals.visitors += stats.visitors;
    for (const source of VISIT_SOURCES) {
      totals.views[source] += stats.views[source];
      for (const action of CLICK_ACTIONS) totals.clicks[source][action] += stats.clicks[source][action];
    }
  }
  return { days, totals };
}

/** A card's taps (NFC) and scans of the QR code printed on it (`/c/<code>?s=qr`), counted apart (issue 28). */
export type CardTaps = { taps: number; scans: number; firstTappedAt: string | null };

/** Each of the page's cards that has been opened: how often tapped, how often its printed code scanned, since when. */
export async function tapsByCard(db: Db, accountId: string): Promise<Map<string, CardTaps>> {
  const cards = new Map<string, CardTaps>();
  const days = [...(await daysOf(db, accountId, '0000-00-00'))].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [day, { tallies }] of days)
    for (const tally of tallies) {
      if (tally.action !== 'view' || tally.cardCode === null) continue;
      const card = cards.get(tally.cardCode) ?? { taps: 0, scans: 0, firstTappedAt: null };
      if (tally.source === 'qr') card.scans += tally.hits;
      else {
        card.taps += tally.hits;
        card.firstTappedAt ??= day;
      }
      cards.set(tally.cardCode, card);
    }
  return cards;
}
