import type { Db } from '../../platform/database/db';
import type { Deps } from '../deps';
import { ordersOfAccount } from '../orders/orders';

/** The account's plans still running at this provider: the ones a new card must be charged for. */
export async function runningPlans(db: Db, accountId: string, provider: string) {
  return (await ordersOfAccount(db, accountId)).filter(
    (order) =>
      order.type === 'subscription' &&
      order.provider === provider &&
      order.provider_subscription_id !== null &&
      order.ended_at === null,
  );
}

/**
 * Issue 14: a setup checkout completed, reported by the provider's webhook (the person may never come back to the
 * billing page). Its card becomes the one the customer's plans charge; the billing page's confirm does the same with
 * the same idempotency keys, so whichever comes second changes nothing.
 */
export async function applySavedCard(
  deps: Pick<Deps, 'db' | 'payments'>,
  sessionId: string,
  customerId: string,
) {
  const owner = await deps.db
    .selectFrom('orders')
    .select('account_id')
    .where('provider', '=', deps.payments.name)
    .where('provider_customer_id', '=', customerId)
    .executeTakeFirst();
  // A customer none of our orders name belongs to another integration on the same account.
  if (!owner) return;
  const plans = await runningPlans(deps.db, owner.account_id, deps.payments.name);
  const ids = plans.flatMap((order) => order.provider_subscription_id ?? []);
  await deps.payments.applySetupCard(sessionId, customerId, ids);
}
