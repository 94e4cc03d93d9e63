import type { Db } from '../../platform/database/db';
import type { Deps } from '../deps';
import type { OrderRow } from '../orders/orders';
import type { CheckoutFacts, SubscriptionFacts } from './provider';
import { closeCheckout, type Notice, recordCardPayment, recordSubscription } from './record';

type Pulled = { session: CheckoutFacts | null; subscription: SubscriptionFacts | null };

/**
 * Reads an order's state from the provider, for the moments a person is waiting (the success page, sync): a
 * webhook may be seconds behind, or lost. Returns the recording to run, so the network is done before the
 * database transaction starts.
 */
export async function pullOrder(
  deps: Pick<Deps, 'payments'>,
  order: OrderRow,
): Promise<(trx: Db, now: Date) => Promise<Notice[]>> {
  const pulled: Pulled = { session: null, subscription: null };
  if (order.status === 'pending' && order.checkout_session_id)
    pulled.session = await deps.payments.retrieveCheckout(order.checkout_session_id);
  const subscriptionId = order.provider_subscription_id ?? pulled.session?.subscriptionId ?? null;
  if (order.type === 'subscription' && subscriptionId && !order.ended_at)
    pulled.subscription = await deps.payments.retrieveSubscription(subscriptionId);
  return async (trx, now) => {
    const { session, subscription } = pulled;
    if (session?.status === 'expired') {
      await closeCheckout(trx, order, 'expired', now);
      return [];
    }
    if (order.type === 'card')
      return session?.status === 'complete' ? recordCardPayment(trx, order, session, now) : [];
    return subscription ? recordSubscription(trx, order, subscription, now) : [];
  };
}
