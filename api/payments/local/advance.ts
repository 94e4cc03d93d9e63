import type { Db } from '../../../events/db';
import { runSubscriptionStep } from './renewals';
import { expireSession, nextExpiringSession } from './sessions';
import { nextDueSubscription } from './subscriptions';

/** Far beyond any real backlog (a year of monthly renewals is 12 steps); stops a fault from spinning forever. */
const MAX_STEPS = 10_000;

/**
 * Runs everything due by `now`, earliest first across sessions and subscriptions, one transaction per step, until
 * nothing is left: the events then queue in the order they would have happened.
 */
export async function runDueWork(db: Db, now: string, publicUrl: string): Promise<number> {
  for (let steps = 0; steps < MAX_STEPS; steps += 1) {
    const session = await nextExpiringSession(db, now);
    const subscription = await nextDueSubscription(db, now);
    if (session && (!subscription?.due_at || session.expires_at <= subscription.due_at)) {
      await db.transaction().execute((trx) => expireSession(trx, session.id, now));
    } else if (subscription) {
      await db.transaction().execute((trx) => runSubscriptionStep(trx, subscription.id, now, publicUrl));
    } else {
      return steps;
    }
  }
  throw new Error(`Local payments: more than ${MAX_STEPS} steps due at once.`);
}
