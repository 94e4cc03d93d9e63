import { DomainError } from '../../events/errors';
import { ENDED_STATUSES } from '../../events/subscription/events';
import { log } from '../../observability/log';
import type { Db } from '../../platform/database/db';
import type { Deps } from '../deps';
import type { OrderRow } from '../orders/orders';
import { recordPulled } from './handle-event';
import type { SubscriptionFacts } from './provider';
import { recordSubscription } from './record';

/**
 * The built-in provider that `PAYMENTS=local` used before the Stripe simulator (ADR 022). Migration 0012 dropped its
 * books, so no provider bills its subscriptions any more, and none can be asked to end them.
 */
export const RETIRED_PROVIDER = 'local';

/** A retired provider's subscription, ended in our records alone: there is no one else to tell. */
function endedHere(order: OrderRow, now: Date): SubscriptionFacts {
  const at = now.toISOString();
  return {
    id: order.provider_subscription_id as string,
    customerId: order.provider_customer_id as string,
    status: 'canceled',
    // The retired provider sold one plan a subscription, before firms paid for their members.
    quantity: 1,
    trialEnd: order.trial_end,
    currentPeriodStart: order.current_period_start,
    currentPeriodEnd: order.current_period_end,
    cancelAtPeriodEnd: false,
    canceledAt: at,
    endedAt: at,
    orderId: order.id,
    accountId: order.account_id,
  };
}

/** Subscription orders a provider took that have not ended. */
const runningSubscriptions = (db: Db) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where('type', '=', 'subscription')
    .where('provider_subscription_id', 'is not', null)
    .where('ended_at', 'is', null);

/**
 * A retired provider's subscriptions are billed by no one: each ends once the period it was paid for (or its trial)
 * has run out, as a cancellation at period end would, rather than keeping its page live for nothing. Run by the
 * scheduler; returns how many it ended.
 */
export async function endRetiredSubscriptions(
  deps: Pick<Deps, 'db' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl'>,
): Promise<number> {
  const now = deps.now().toISOString();
  const due = await runningSubscriptions(deps.db)
    .where('provider', '=', RETIRED_PROVIDER)
    .where((eb) => eb.fn.coalesce('current_period_end', 'trial_end'), '<=', now)
    // Oldest first on either database (PostgreSQL returns rows in no order of its own).
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const order of due)
    await recordPulled(deps, (trx, at) => recordSubscription(trx, order, endedHere(order, at), at));
  return due.length;
}

/** The person is deleting their account: the plan ends because they asked, and a mail about it would outlive it. */
const endedUnmailed = async (trx: Db, order: OrderRow, facts: SubscriptionFacts, now: Date) =>
  (await recordSubscription(trx, order, facts, now)).filter((notice) => notice.kind !== 'plan-ended');

/**
 * Before an account is erased, every subscription it still has is ended at the provider (nobody is billed for a
 * page that no longer exists), then the provider forgets the customer. If the provider can't be reached, the
 * deletion stops here, with nothing of ours erased.
 */
export async function endSubscriptionsOf(
  deps: Pick<Deps, 'db' | 'payments' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl'>,
  accountId: string,
) {
  const running = await runningSubscriptions(deps.db).where('account_id', '=', accountId).execute();
  for (const order of running) {
    const subscriptionId = order.provider_subscription_id as string;
    if (order.provider === RETIRED_PROVIDER) {
      await recordPulled(deps, (trx, now) => endedUnmailed(trx, order, endedHere(order, now), now));
      continue;
    }
    try {
      const facts = await deps.payments
        .cancelNow(subscriptionId, `end-${order.id}`)
        // Already ended at the provider (a webhook we missed): cancelling again is refused, and not needed.
        .catch(async (error: unknown) => {
          const current = await deps.payments.retrieveSubscription(subscriptionId);
          if (current && ENDED_STATUSES.includes(current.status)) return current;
          throw error;
        });
      await recordPulled(deps, (trx, now) => endedUnmailed(trx, order, facts, now));
    } catch (error) {
      log.error({ err: error, orderId: order.id }, 'Ending a subscription before account deletion failed');
      throw new DomainError(
        'conflict',
        'We couldn’t cancel your subscription, so your account has not been deleted. Please try again in a minute.',
      );
    }
  }
  const customers = await deps.db
    .selectFrom('orders')
    .select('provider_customer_id')
    .distinct()
    .where('account_id', '=', accountId)
    .where('provider', '=', deps.payments.name)
    .where('provider_customer_id', 'is not', null)
    .execute();
  for (const { provider_customer_id } of customers) {
    try {
      await deps.payments.forgetCustomer(provider_customer_id as string);
    } catch (error) {
      log.error(
        { err: error, customerId: provider_customer_id },
        'Erasing a customer at the payment provider failed',
      );
      throw new DomainError(
        'conflict',
        'We couldn’t reach our payment provider, so your account has not been deleted. Please try again in a minute.',
      );
    }
  }
}
