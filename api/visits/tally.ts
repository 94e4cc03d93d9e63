import { sql } from 'kysely';
import { handleCommand } from '../../events/command';
import { visitDecider } from '../../events/visit/decider';
import { type Tally, visitStreamId } from '../../events/visit/events';
import type { VisitAction, VisitSource } from '../../events/visit/kinds';
import type { Db } from '../../platform/database/db';
import { DAY_MS, utcDay } from './day';

/**
 * How long after midnight (UTC) a day is tallied: every instance writes its counts within a second or two, and
 * their clocks may differ by a little more.
 */
export const TALLY_GRACE_MS = 2 * 60 * 1000;

/**
 * Each finished day still in the raw tables becomes one `VisitsTallied` event a page (so a replay rebuilds
 * visit_days), then its raw rows and its salt are deleted: from then on no hash of that day can be tied to anything.
 * A day already tallied is not counted again (the decider refuses), only cleared. Returns how many days were tallied.
 */
export async function tallyFinishedDays(deps: { db: Db; now: () => Date }): Promise<number> {
  const now = deps.now();
  const lastFinished = utcDay(new Date(now.getTime() - TALLY_GRACE_MS - DAY_MS));
  const days = await deps.db
    .selectFrom('visit_counts')
    .select('day')
    .distinct()
    .where('day', '<=', lastFinished)
    .orderBy('day')
    .execute();
  for (const { day } of days) {
    const rows = await deps.db
      .selectFrom('visit_counts')
      .select(['account_id', 'source', 'action', 'card_code', 'hits'])
      .where('day', '=', day)
      .orderBy('account_id')
      .orderBy('source')
      .orderBy('action')
      .orderBy('card_code')
      .execute();
    const visitors = await deps.db
      .selectFrom('visit_visitors')
      .select(['account_id', sql<number>`count(*)`.as('visitors')])
      .where('day', '=', day)
      .groupBy('account_id')
      .execute();
    const visitorsOf = new Map(visitors.map((row) => [row.account_id, Number(row.visitors)]));
    const tallies = new Map<string, Tally[]>();
    for (const row of rows) {
      const list = tallies.get(row.account_id) ?? [];
      list.push({
        source: row.source as VisitSource,
        action: row.action as VisitAction,
        cardCode: row.card_code === '' ? null : row.card_code,
        hits: Number(row.hits),
      });
      tallies.set(row.account_id, list);
    }
    for (const [accountId, list] of tallies)
      await handleCommand(deps.db, {
        decider: visitDecider,
        streamId: visitStreamId(accountId, day),
        command: {
          type: 'TallyVisits',
          accountId,
          day,
          visitors: visitorsOf.get(accountId) ?? 0,
          tallies: list,
        },
        now,
      });
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('visit_counts').where('day', '=', day).execute();
      await trx.deleteFrom('visit_visitors').where('day', '=', day).execute();
      await trx.deleteFrom('visit_allowances').where('day', '=', day).execute();
    });
  }
  // Every finished day's salt, a day with no counted visit included (its views were all of unpublished pages).
  await deps.db.deleteFrom('visit_salts').where('day', '<=', lastFinished).execute();
  return days.length;
}
