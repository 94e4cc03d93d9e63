import { isDeepStrictEqual } from 'node:util';
import type { SimulatorDb } from './db';
import { invalid } from './errors';
import type { PaymentMethod, Subscription } from './objects';
import { prorationLines } from './prorations';
import { findObject } from './store';
import { changed, findSubscription, periodOf, type SubscriptionInternal } from './subscriptions';

/** What `POST /v1/subscriptions/:id` may change here; null leaves it as it is. */
export type SubscriptionChanges = {
  /** true cancels at the period's end, false resumes. */
  cancelAtPeriodEnd: boolean | null;
  /** The card it charges from now on: one of its customer's. */
  defaultPaymentMethod: string | null;
  /** A new quantity for its item (`items[0]`), named by id as Stripe requires. */
  item: { id: string; quantity: number } | null;
  prorationBehavior: 'create_prorations' | 'none';
};

const CANCELED_REFUSAL = 'A canceled subscription can only update its cancellation_details and metadata.';

async function withCard(db: SimulatorDb, subscription: Subscription, paymentMethod: string) {
  const method = await findObject<PaymentMethod>(db, 'payment_method', paymentMethod);
  if (!method || method.data.customer !== subscription.customer)
    throw invalid(`No such PaymentMethod: '${paymentMethod}'`, 'resource_missing');
  return { ...subscription, default_payment_method: paymentMethod };
}

type Stored = { data: Subscription; internal: SubscriptionInternal };

/**
 * The item's new quantity. With create_prorations (Stripe's default) the change is billed for what is left of the
 * period on the next renewal; a trial charges nothing, so there is nothing to prorate.
 */
function withQuantity(
  { data, internal }: Stored,
  change: { id: string; quantity: number },
  prorationBehavior: SubscriptionChanges['prorationBehavior'],
  at: number,
): Stored {
  const [item, ...rest] = data.items.data;
  if (!item || item.id !== change.id)
    throw invalid(`No such subscription item: '${change.id}'`, 'resource_missing');
  const prorations =
    prorationBehavior === 'create_prorations' && data.status !== 'trialing'
      ? prorationLines({
          productName: internal.description,
          unitAmount: item.price.unit_amount ?? 0,
          subscriptionItem: item.id,
          from: item.quantity ?? 1,
          to: change.quantity,
          period: { start: item.current_period_start, end: item.current_period_end },
          at,
        })
      : [];
  const items = { ...data.items, data: [{ ...item, quantity: change.quantity }, ...rest] };
  return {
    data: { ...data, items },
    internal: { ...internal, pendingItems: [...(internal.pendingItems ?? []), ...prorations] },
  };
}

const withCancelAtPeriodEnd = (subscription: Subscription, atPeriodEnd: boolean, at: number) =>
  subscription.cancel_at_period_end === atPeriodEnd
    ? subscription
    : {
        ...subscription,
        cancel_at_period_end: atPeriodEnd,
        cancel_at: atPeriodEnd ? periodOf(subscription).current_period_end : null,
        canceled_at: atPeriodEnd ? at : null,
      };

/**
 * Applies a request's changes together and sends one `customer.subscription.updated`, as Stripe does; changes
 * already in place send nothing.
 */
export async function updateSubscription(
  db: SimulatorDb,
  id: string,
  changes: SubscriptionChanges,
  at: number,
): Promise<Subscription> {
  const stored = await findSubscription(db, id);
  const { data } = stored;
  // Stripe refuses any change to a canceled subscription; the simulator has always let the card through.
  if (data.status === 'canceled' && (changes.cancelAtPeriodEnd !== null || changes.item !== null))
    throw invalid(CANCELED_REFUSAL);
  let update: Stored = { data, internal: stored.internal };
  if (changes.defaultPaymentMethod !== null)
    update = { ...update, data: await withCard(db, update.data, changes.defaultPaymentMethod) };
  if (changes.item !== null) update = withQuantity(update, changes.item, changes.prorationBehavior, at);
  if (changes.cancelAtPeriodEnd !== null)
    update = { ...update, data: withCancelAtPeriodEnd(update.data, changes.cancelAtPeriodEnd, at) };
  if (isDeepStrictEqual(update.data, data)) return data;
  return changed(db, update.data, update.internal, at);
}
