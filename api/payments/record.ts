import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import type { Db } from '../../events/db';
import { orderDecider } from '../../events/order/decider';
import { orderStreamId } from '../../events/order/events';
import { subscriptionDecider } from '../../events/subscription/decider';
import { ACCESS_STATUSES, subscriptionStreamId } from '../../events/subscription/events';
import type { OrderRow } from '../orders';
import type { CheckoutFacts, InvoiceFacts, SubscriptionFacts } from './provider';

/** What happened that the customer should hear about, sent once the transaction has committed. */
export type Notice = { kind: 'card-paid' | 'subscription-started'; orderId: string };

/**
 * isSubscribed on the account follows from all its subscriptions (a resubscribe is a second one), recorded in the
 * same transaction as the subscription's own change.
 */
async function recordAccess(trx: Db, accountId: string, now: Date) {
  const granting = await trx
    .selectFrom('orders')
    .select(['status', 'trial_end'])
    .where('account_id', '=', accountId)
    .where('type', '=', 'subscription')
    .where('status', 'in', [...ACCESS_STATUSES])
    .execute();
  const trialEnd = granting.find((row) => row.status === 'trialing' && row.trial_end)?.trial_end ?? null;
  await handleCommand(trx, {
    decider: accountDecider,
    streamId: accountStreamId(accountId),
    command: { type: 'RecordSubscriptionAccess', isSubscribed: granting.length > 0, trialEnd },
    now,
  });
}

export async function recordSubscription(
  trx: Db,
  order: OrderRow,
  facts: SubscriptionFacts,
  now: Date,
): Promise<Notice[]> {
  const { id, customerId, status, trialEnd, currentPeriodStart, currentPeriodEnd } = facts;
  const { cancelAtPeriodEnd, canceledAt, endedAt } = facts;
  const { events } = await handleCommand(trx, {
    decider: subscriptionDecider,
    streamId: subscriptionStreamId(order.id),
    command: {
      type: 'RecordSubscriptionState',
      snapshot: {
        providerSubscriptionId: id,
        customerId,
        status,
        trialEnd,
        currentPeriodStart,
        currentPeriodEnd,
        cancelAtPeriodEnd,
        canceledAt,
        endedAt,
      },
    },
    now,
  });
  if (events.length === 0) return [];
  await recordAccess(trx, order.account_id, now);
  const started = order.status === 'pending' && ACCESS_STATUSES.includes(status);
  return started ? [{ kind: 'subscription-started', orderId: order.id }] : [];
}

export async function recordCardPayment(
  trx: Db,
  order: OrderRow,
  session: CheckoutFacts,
  now: Date,
): Promise<Notice[]> {
  if (session.paymentStatus !== 'paid') return [];
  const { events } = await handleCommand(trx, {
    decider: orderDecider,
    streamId: orderStreamId(order.id),
    command: {
      type: 'RecordCardPayment',
      amountTotal: session.amountTotal ?? order.amount_total,
      currency: session.currency ?? order.currency,
      customerId: session.customerId,
      customerEmail: session.customerEmail,
      deliveryName: session.shipping?.name ?? session.customerName,
      deliveryAddress: session.shipping?.address ?? null,
      paymentIntentId: session.paymentIntentId,
    },
    now,
  });
  return events.length > 0 ? [{ kind: 'card-paid', orderId: order.id }] : [];
}

export async function closeCheckout(
  trx: Db,
  order: OrderRow,
  reason: 'expired' | 'payment_failed',
  now: Date,
) {
  if (order.type === 'card') {
    await handleCommand(trx, {
      decider: orderDecider,
      streamId: orderStreamId(order.id),
      command: { type: 'CloseCardCheckout', reason },
      now,
    });
  } else {
    await handleCommand(trx, {
      decider: subscriptionDecider,
      streamId: subscriptionStreamId(order.id),
      command: { type: 'CloseSubscriptionCheckout', reason },
      now,
    });
  }
}

export async function recordInvoice(
  trx: Db,
  order: OrderRow,
  invoice: InvoiceFacts,
  succeeded: boolean,
  now: Date,
) {
  await handleCommand(trx, {
    decider: subscriptionDecider,
    streamId: subscriptionStreamId(order.id),
    command: {
      type: 'RecordSubscriptionPayment',
      succeeded,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      amount: succeeded ? invoice.amountPaid : invoice.amountDue,
      currency: invoice.currency,
    },
    now,
  });
}
