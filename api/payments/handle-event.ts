import { paymentWebhooksHandled } from '../../observability/metrics';
import type { Db } from '../../platform/database/db';
import type { Deps } from '../deps';
import { findOrder, findOrderByCheckout, findOrderBySubscription, type OrderRow } from '../orders/orders';
import { queueNotices } from './notices';
import type { PaymentEvent, SubscriptionFacts } from './provider';
import { closeCheckout, type Notice, recordCardPayment, recordInvoice, recordSubscription } from './record';
import { applySavedCard } from './replace-card';

export type HandleOutcome = 'recorded' | 'duplicate';

/** The subscription an event is about, as the provider sees it now: late or reordered deliveries can't rewind it. */
async function currentSubscription(deps: Pick<Deps, 'payments'>, event: PaymentEvent) {
  const id =
    event.type === 'subscription.changed'
      ? event.subscription.id
      : event.type === 'invoice.paid' || event.type === 'invoice.payment_failed'
        ? event.invoice.subscriptionId
        : event.type === 'checkout.completed'
          ? event.session.subscriptionId
          : null;
  if (!id) return null;
  const fresh = await deps.payments.retrieveSubscription(id);
  return fresh ?? (event.type === 'subscription.changed' ? event.subscription : null);
}

async function orderForSubscription(trx: Db, facts: SubscriptionFacts): Promise<OrderRow | undefined> {
  const byMetadata = facts.orderId ? await findOrder(trx, facts.orderId) : undefined;
  const order = byMetadata ?? (await findOrderBySubscription(trx, facts.id));
  return order?.type === 'subscription' ? order : undefined;
}

async function apply(
  trx: Db,
  event: PaymentEvent,
  subscription: SubscriptionFacts | null,
  now: Date,
): Promise<Notice[]> {
  switch (event.type) {
    case 'checkout.completed':
    case 'checkout.expired':
    case 'checkout.payment_failed': {
      const { session } = event;
      const order =
        (session.orderId ? await findOrder(trx, session.orderId) : undefined) ??
        (await findOrderByCheckout(trx, session.id));
      // Sessions we didn't open (another integration on the same account) are none of ours.
      if (!order || order.checkout_session_id !== session.id) return [];
      if (event.type === 'checkout.expired') return closeCheckout(trx, order, 'expired', now).then(() => []);
      if (event.type === 'checkout.payment_failed')
        return closeCheckout(trx, order, 'payment_failed', now).then(() => []);
      if (order.type === 'card') return recordCardPayment(trx, order, session, now);
      return subscription ? recordSubscription(trx, order, subscription, now) : [];
    }
    case 'subscription.changed':
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      if (!subscription) return [];
      const order = await orderForSubscription(trx, subscription);
      if (!order) return [];
      const charged =
        event.type === 'subscription.changed'
          ? []
          : await recordInvoice(trx, order, event.invoice, event.type === 'invoice.paid', now);
      return [...charged, ...(await recordSubscription(trx, order, subscription, now))];
    }
    case 'card.saved':
    case 'ignored':
      return [];
  }
}

/**
 * The one way a provider's news becomes domain events, from Stripe's webhooks or the simulator's. The
 * event id goes into the inbox in the same transaction as its effects, so a repeated delivery changes nothing.
 */
async function recordPaymentEvent(
  deps: Pick<Deps, 'db' | 'payments' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl'>,
  event: PaymentEvent,
): Promise<HandleOutcome> {
  const seen = await deps.db
    .selectFrom('payment_events_seen')
    .select('event_id')
    .where('event_id', '=', event.id)
    .executeTakeFirst();
  if (seen) return 'duplicate';
  // Read the provider before the transaction: a network call must not hold the database.
  const subscription = await currentSubscription(deps, event);
  if (event.type === 'card.saved' && event.customerId)
    await applySavedCard(deps, event.sessionId, event.customerId);
  const now = deps.now();
  const mailed = await deps.db.transaction().execute(async (trx) => {
    // The inbox row first, and nothing if it is there: the same event delivered again meanwhile (Stripe retrying,
    // another instance taking it) waits here until the first commits, then finds it taken, on either database.
    const taken = await trx
      .insertInto('payment_events_seen')
      .values({
        event_id: event.id,
        provider: deps.payments.name,
        type: event.type,
        received_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!taken) return null;
    return queueNotices(trx, deps.publicUrl, await apply(trx, event, subscription, now), now);
  });
  if (mailed === null) return 'duplicate';
  deps.onAppended();
  if (mailed) deps.mailQueued();
  return 'recorded';
}

/** The same, counted in payment_webhooks_handled_total by outcome: a failure is delivered again by the provider. */
export async function handlePaymentEvent(
  deps: Parameters<typeof recordPaymentEvent>[0],
  event: PaymentEvent,
): Promise<HandleOutcome> {
  try {
    const outcome = await recordPaymentEvent(deps, event);
    paymentWebhooksHandled.inc({
      outcome: event.type === 'ignored' && outcome === 'recorded' ? 'ignored' : outcome,
    });
    return outcome;
  } catch (error) {
    paymentWebhooksHandled.inc({ outcome: 'failed' });
    throw error;
  }
}

/**
 * The same recording for a pull (confirm, sync): no provider event id, so nothing goes in the inbox; recording
 * the same state twice is already a no-op in the deciders.
 */
export async function recordPulled(
  deps: Pick<Deps, 'db' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl'>,
  work: (trx: Db, now: Date) => Promise<Notice[]>,
) {
  const now = deps.now();
  const mailed = await deps.db
    .transaction()
    .execute(async (trx) => queueNotices(trx, deps.publicUrl, await work(trx, now), now));
  deps.onAppended();
  if (mailed) deps.mailQueued();
}
