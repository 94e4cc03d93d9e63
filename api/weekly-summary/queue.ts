import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { accountLiveInSql } from '../../events/account/liveness';
import { handleCommand } from '../../events/command';
import { reviewWeek } from '../../events/review/on-the-page';
import { log } from '../../observability/log';
import type { Db } from '../../platform/database/db';
import { findUserById } from '../accounts/users';
import type { Deps } from '../deps';
import { enqueueMail } from '../mail/queue';
import { siteLinks } from '../mail/site-links';
import { weeklySummaryMail } from '../mail/summary-templates';
import { visitStats } from '../visits/stats';
import { weeklySummaryOffToken } from './token';
import { dueSummaryWeek, summarisedDays } from './week';

type SummaryDeps = Pick<Deps, 'db' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl' | 'secret'>;

/**
 * Owners taken a tick: the scheduler's next tick (trials ending, every 15 s) waits for this one, so many owners'
 * summaries go out over several ticks rather than in one long one.
 */
export const SUMMARIES_PER_TICK = 100;

/** The one-click address: List-Unsubscribe, and the mail's own "Turn it off" link (which opens a page first). */
export const weeklySummaryOffUrl = (publicUrl: string, secret: string, accountId: string) =>
  `${publicUrl}/api/weekly-summary/off/${weeklySummaryOffToken(secret, accountId)}`;

/**
 * Owners still due `week`'s summary: the mail on, none yet this week, a published page that is live (subscribed,
 * or in a trial the scheduler has not ended: events/account/liveness.ts). A deleted account has no `users` row.
 */
const dueOwners = (db: Db, week: string) =>
  db
    .selectFrom('weekly_summaries as w')
    .innerJoin('users as u', 'u.id', 'w.account_id')
    .innerJoin('cards as c', 'c.account_id', 'w.account_id')
    .select('w.account_id as id')
    .where('w.enabled', '=', 1)
    .where((eb) => eb.or([eb('w.last_week', 'is', null), eb('w.last_week', '<', week)]))
    .where(accountLiveInSql('u'))
    .orderBy('w.account_id')
    .limit(SUMMARIES_PER_TICK)
    .execute();

/**
 * One owner's summary: `WeeklySummaryQueued` and its mail in one transaction, so the mail goes once with the event
 * however many instances or restarts ask (the decider appends it once a week), and a replay sends nothing.
 * The week's figures are read first, outside the append's lock: that week is over, so they no longer change.
 */
async function queueSummary(deps: SummaryDeps, accountId: string, week: string, now: Date) {
  const days = summarisedDays(week);
  const stats = await visitStats(deps.db, accountId, { days: 7, now: days.asOf });
  const reviews = await reviewWeek(deps.db, accountId, `${days.from}T00:00:00.000Z`, `${week}T00:00:00.000Z`);
  const links = siteLinks(deps.publicUrl);
  const { events } = await handleCommand(deps.db, {
    decider: accountDecider,
    streamId: accountStreamId(accountId),
    command: { type: 'QueueWeeklySummary', week },
    now,
    alsoInTransaction: async (trx, outcome) => {
      if (outcome.events.length === 0) return;
      const user = await findUserById(trx, accountId);
      if (!user) return;
      const offUrl = weeklySummaryOffUrl(deps.publicUrl, deps.secret, accountId);
      const mail = weeklySummaryMail({
        name: user.name,
        from: days.from,
        to: days.to,
        totals: stats.totals,
        reviews,
        pageUrl: links.page(user.username),
        statsUrl: links.stats,
        offUrl,
      });
      await enqueueMail(trx, { to: user.email, ...mail, listUnsubscribe: offUrl }, now);
    },
  });
  return events.length > 0;
}

/**
 * Monday's summaries (from SEND_FROM_UTC_HOUR, UTC), up to SUMMARIES_PER_TICK owners a call; the scheduler calls
 * it every tick, and a Monday's later ticks take whoever is left. One owner's failure is logged and left for the
 * next tick, and does not hold up the others. Returns how many were queued.
 */
export async function queueWeeklySummaries(deps: SummaryDeps): Promise<number> {
  const now = deps.now();
  const week = dueSummaryWeek(now);
  if (!week) return 0;
  let queued = 0;
  for (const { id } of await dueOwners(deps.db, week)) {
    try {
      if (await queueSummary(deps, id, week, now)) queued += 1;
    } catch (error) {
      log.error({ err: error, accountId: id, week }, 'Queuing a weekly summary failed; will retry');
    }
  }
  if (queued > 0) {
    deps.onAppended();
    deps.mailQueued();
  }
  return queued;
}
