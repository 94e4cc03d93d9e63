import { sql } from 'kysely';
import { type AccountCommand, accountDecider } from '../../events/account/decider';
import { accountStreamId, TRIAL_WARNING_DAYS } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import { log } from '../../observability/log';
import type { Db } from '../../platform/database/db';
import type { Deps } from '../deps';
import { endRetiredSubscriptions } from '../payments/end-subscriptions';
import { startRepeating } from '../process/repeating';
import { queueWeeklySummaries } from '../weekly-summary/queue';
import { queueTrialEndedMail, queueTrialEndingMail } from './trial-notices';

const DAY_MS = 24 * 60 * 60 * 1000;

type SchedulerDeps = Pick<Deps, 'db' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl'>;

/**
 * Runs one account command for each account, queuing its mail in the same transaction as the events: the mail goes
 * with the event, once, and a replay (which runs no commands) sends nothing. Returns how many events were appended.
 */
async function appendForEach(
  deps: SchedulerDeps,
  accountIds: string[],
  command: AccountCommand,
  queueMail: (trx: Db, publicUrl: string, accountId: string, now: Date) => Promise<boolean>,
) {
  const now = deps.now();
  let appended = 0;
  let mailed = false;
  for (const id of accountIds) {
    const { events } = await handleCommand(deps.db, {
      decider: accountDecider,
      streamId: accountStreamId(id),
      command,
      now,
      alsoInTransaction: async (trx, outcome) => {
        if (outcome.events.length > 0 && (await queueMail(trx, deps.publicUrl, id, now))) mailed = true;
      },
    });
    appended += events.length;
  }
  if (appended > 0) deps.onAppended();
  if (mailed) deps.mailQueued();
  return appended;
}

/**
 * Time as an event (design §2): a trial that has run out gets a `TrialEnded` appended, which takes the page down,
 * and its mail. Checked every 15 seconds, so a page goes down within a minute of its trial ending, as the marketing
 * promises.
 */
export async function endDueTrials(deps: SchedulerDeps): Promise<number> {
  const due = await deps.db
    .selectFrom('users')
    .select('id')
    .where('trial_ended', '=', 0)
    .where('trial_expires', 'is not', null)
    .where('trial_expires', '<=', deps.now().toISOString())
    // In the order the trials ran out, on either database (PostgreSQL returns rows in no order of its own).
    .orderBy('trial_expires')
    .orderBy('id')
    .execute();
  return appendForEach(
    deps,
    due.map(({ id }) => id),
    { type: 'EndTrial' },
    queueTrialEndedMail,
  );
}

/**
 * TRIAL_WARNING_DAYS before a trial ends, a `TrialEndingSoon` and its mail. Accounts already told are found in the
 * log itself, so no command runs for them again; the decider would refuse a second warning anyway.
 */
export async function warnEndingTrials(deps: SchedulerDeps): Promise<number> {
  const now = deps.now();
  const soon = new Date(now.getTime() + TRIAL_WARNING_DAYS * DAY_MS);
  const due = await deps.db
    .selectFrom('users')
    .select('id')
    .where('trial_ended', '=', 0)
    .where('trial_expires', '>', now.toISOString())
    .where('trial_expires', '<=', soon.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('events')
            .select('global_position')
            .where('stream_id', '=', sql<string>`${accountStreamId('')} || users.id`)
            .where('type', '=', 'TrialEndingSoon'),
        ),
      ),
    )
    .orderBy('trial_expires')
    .orderBy('id')
    .execute();
  return appendForEach(
    deps,
    due.map(({ id }) => id),
    { type: 'WarnTrialEnding' },
    queueTrialEndingMail,
  );
}

/** One pass of the account trials' clock: the warnings first, so one tick never ends a trial it just warned of. */
export async function runTrialClock(deps: SchedulerDeps) {
  return { warned: await warnEndingTrials(deps), ended: await endDueTrials(deps) };
}

export const SCHEDULER_TICK_MS = 15_000;

/**
 * The server's clock tick: warns of trials ending soon and ends due ones, and the retired built-in provider's subscriptions whose paid time is
 * up, then queues Monday's weekly summaries (issue 16). Payments keep their own clock: Stripe's, or the
 * simulator's timer (PAYMENTS=local), and what falls due there arrives as webhooks.
 */
export function startScheduler(
  deps: Pick<Deps, 'db' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl' | 'secret'>,
  everyMs = SCHEDULER_TICK_MS,
) {
  const tick = async () => {
    await runTrialClock(deps).catch((error: unknown) =>
      log.error({ err: error }, 'Warning of or ending due trials failed; will retry'),
    );
    await endRetiredSubscriptions(deps).catch((error: unknown) =>
      log.error({ err: error }, 'Ending the retired provider’s subscriptions failed; will retry'),
    );
    await queueWeeklySummaries(deps).catch((error: unknown) =>
      log.error({ err: error }, 'Queuing the weekly summaries failed; will retry'),
    );
  };
  // One tick at a time: a slow one is not joined by the next.
  return startRepeating(tick, everyMs);
}
