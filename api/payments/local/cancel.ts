import type { Db } from '../../../events/db';
import { subscriptionFacts } from './facts';
import { enqueue } from './outbox';
import type { SubscriptionRow } from './rows';
import { findSubscription, updateSubscription } from './subscriptions';

type Cancel = (db: Db, subscription: SubscriptionRow, at: string) => Promise<SubscriptionRow | null>;

/** A change that is already in place returns the subscription as it is and sends nothing, so retries are safe. */
function cancelWith(change: Cancel) {
  return (db: Db, id: string, at: string): Promise<SubscriptionRow> =>
    db.transaction().execute(async (trx) => {
      const subscription = await findSubscription(trx, id);
      if (!subscription) throw new Error(`No such local subscription: ${id}`);
      const changed = await change(trx, subscription, at);
      if (!changed) return subscription;
      await enqueue(trx, [{ type: 'subscription.changed', subscription: subscriptionFacts(changed) }], at);
      return changed;
    });
}

export const scheduleCancel = cancelWith((db, subscription, at) =>
  subscription.status === 'canceled' || subscription.cancel_at_period_end === 1
    ? Promise.resolve(null)
    : updateSubscription(db, subscription, { cancel_at_period_end: 1, canceled_at: at, updated_at: at }),
);

export const cancelImmediately = cancelWith((db, subscription, at) =>
  subscription.status === 'canceled'
    ? Promise.resolve(null)
    : updateSubscription(db, subscription, {
        status: 'canceled',
        canceled_at: at,
        ended_at: at,
        updated_at: at,
      }),
);
