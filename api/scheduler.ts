import { accountDecider } from '../events/account/decider';
import { accountStreamId } from '../events/account/events';
import { handleCommand } from '../events/command';
import { log } from '../observability/log';
import type { Deps } from './deps';
import { endRetiredSubscriptions } from './payments/end-subscriptions';
import { startRepeating } from './repeating';

/**
 * Time as an event (design §2): a trial that has run out gets a `TrialEnded` appended, which takes the page down.
 * Checked every 15 seconds, so a page goes down within a minute of its trial ending, as the marketing promises.
 */
export async function endDueTrials(deps: Pick<Deps, 'db' | 'now' | 'onAppended'>): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .selectFrom('users')
    .select('id')
    .where('trial_ended', '=', 0)
    .where('trial_expires', 'is not', null)
    .where('trial_expires', '<=', now.toISOString())
    .execute();
  let ended = 0;
  for (const { id } of due) {
    const { events } = await handleCommand(deps.db, {
      decider: accountDecider,
      streamId: accountStreamId(id),
      command: { type: 'EndTrial' },
      now,
    });
    ended += events.length;
  }
  if (ended > 0) deps.onAppended();
  return ended;
}

export const SCHEDULER_TICK_MS = 15_000;

/**
 * The server's clock tick: ends due trials, and the retired built-in provider's subscriptions whose paid time is
 * up. Payments keep their own clock: Stripe's, or the simulator's timer (PAYMENTS=local), and what falls due there
 * arrives as webhooks.
 */
export function startScheduler(
  deps: Pick<Deps, 'db' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl'>,
  everyMs = SCHEDULER_TICK_MS,
) {
  const tick = async () => {
    await endDueTrials(deps).catch((error: unknown) =>
      log.error({ err: error }, 'Ending due trials failed; will retry'),
    );
    await endRetiredSubscriptions(deps).catch((error: unknown) =>
      log.error({ err: error }, 'Ending the retired provider’s subscriptions failed; will retry'),
    );
  };
  // One tick at a time: a slow one is not joined by the next.
  return startRepeating(tick, everyMs);
}
