import { DomainError } from '../../events/errors';
import { ENDED_STATUSES } from '../../events/subscription/events';
import { log } from '../../observability/log';
import type { Deps } from '../deps';
import { recordPulled } from './handle-event';
import { recordSubscription } from './record';

/**
 * Before an account is erased, every subscription it still has is ended at the provider (nobody is billed for a
 * page that no longer exists), then the provider forgets the customer. If the provider can't be reached, the
 * deletion stops here, with nothing of ours erased.
 */
export async function endSubscriptionsOf(
  deps: Pick<Deps, 'db' | 'payments' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl'>,
  accountId: string,
) {
  const running = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('type', '=', 'subscription')
    .where('provider_subscription_id', 'is not', null)
    .where('ended_at', 'is', null)
    .execute();
  for (const order of running) {
    const subscriptionId = order.provider_subscription_id as string;
    try {
      const facts = await deps.payments
        .cancelNow(subscriptionId, `end-${order.id}`)
        // Already ended at the provider (a webhook we missed): cancelling again is refused, and not needed.
        .catch(async (error: unknown) => {
          const current = await deps.payments.retrieveSubscription(subscriptionId);
          if (current && ENDED_STATUSES.includes(current.status)) return current;
          throw error;
        });
      await recordPulled(deps, (trx, now) => recordSubscription(trx, order, facts, now));
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
