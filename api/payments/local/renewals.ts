import type { Db } from '../../../events/db';
import { SUBSCRIPTION_PRODUCT_NAME } from '../../../events/order/pricing';
import { cardPays, findCustomer } from './customers';
import { invoiceFacts, subscriptionFacts } from './facts';
import { createInvoice, openInvoiceOf, recordAttempt } from './invoices';
import { enqueue, type NewPaymentEvent } from './outbox';
import type { SubscriptionRow } from './rows';
import { findSubscription, updateSubscription } from './subscriptions';
import { addDays, addMonths } from './time';

/** Stripe's default recovery: after a failed charge, retry every few days; cancel when the fourth try fails. */
export const RETRY_EVERY_DAYS = 3;
export const MAX_ATTEMPTS = 4;

/**
 * Does what fell due for one subscription at its due time (not the clock's now), so a clock that jumped months
 * bills each month in turn. Run in a transaction; does nothing if another run got there first.
 */
export async function runSubscriptionStep(db: Db, id: string, now: string, publicUrl: string): Promise<void> {
  const subscription = await findSubscription(db, id);
  if (!subscription?.due_at || subscription.due_at > now) return;
  const at = subscription.due_at;
  const events =
    subscription.cancel_at_period_end === 1 && subscription.current_period_end <= at
      ? await endAtPeriodEnd(db, subscription)
      : subscription.status === 'past_due'
        ? await retryPayment(db, subscription, at, publicUrl)
        : await renew(db, subscription, at, publicUrl);
  await enqueue(db, events, now);
}

async function endAtPeriodEnd(db: Db, subscription: SubscriptionRow): Promise<NewPaymentEvent[]> {
  const at = subscription.current_period_end;
  const ended = await updateSubscription(db, subscription, {
    status: 'canceled',
    ended_at: at,
    updated_at: at,
  });
  return [{ type: 'subscription.changed', subscription: subscriptionFacts(ended) }];
}

async function customerCardPays(db: Db, customerId: string) {
  return cardPays((await findCustomer(db, customerId))?.card_last4);
}

/** A trial's end or a period's end: a new month starts whether or not its invoice is paid, as in Stripe. */
async function renew(db: Db, subscription: SubscriptionRow, at: string, publicUrl: string) {
  const periods = subscription.periods_billed + 1;
  const start = subscription.current_period_end;
  const end = addMonths(subscription.billing_anchor, periods);
  const customer = await findCustomer(db, subscription.customer_id);
  const paid = cardPays(customer?.card_last4);
  const invoice = await createInvoice(db, {
    customerId: subscription.customer_id,
    customerEmail: customer?.email ?? '',
    subscriptionId: subscription.id,
    checkoutSessionId: null,
    description: SUBSCRIPTION_PRODUCT_NAME,
    quantity: 1,
    unitAmount: subscription.amount,
    paid,
    periodStart: start,
    periodEnd: end,
    at,
  });
  const renewed = await updateSubscription(db, subscription, {
    status: paid ? 'active' : 'past_due',
    periods_billed: periods,
    current_period_start: start,
    current_period_end: end,
    failed_attempts: paid ? 0 : 1,
    next_attempt_at: paid ? null : addDays(at, RETRY_EVERY_DAYS),
    updated_at: at,
  });
  const facts = invoiceFacts(invoice, publicUrl);
  return [
    paid ? { type: 'invoice.paid', invoice: facts } : { type: 'invoice.payment_failed', invoice: facts },
    { type: 'subscription.changed', subscription: subscriptionFacts(renewed) },
  ] satisfies NewPaymentEvent[];
}

async function retryPayment(
  db: Db,
  subscription: SubscriptionRow,
  at: string,
  publicUrl: string,
): Promise<NewPaymentEvent[]> {
  const open = await openInvoiceOf(db, subscription.id);
  const paid = await customerCardPays(db, subscription.customer_id);
  const invoice = open ? await recordAttempt(db, open, paid, at) : null;
  if (paid || !invoice) {
    const recovered = await updateSubscription(db, subscription, {
      status: 'active',
      failed_attempts: 0,
      next_attempt_at: null,
      updated_at: at,
    });
    const changed = { type: 'subscription.changed', subscription: subscriptionFacts(recovered) } as const;
    return invoice
      ? [{ type: 'invoice.paid', invoice: invoiceFacts(invoice, publicUrl) }, changed]
      : [changed];
  }
  const failed: NewPaymentEvent = {
    type: 'invoice.payment_failed',
    invoice: invoiceFacts(invoice, publicUrl),
  };
  const attempts = subscription.failed_attempts + 1;
  if (attempts < MAX_ATTEMPTS) {
    const next = addDays(at, RETRY_EVERY_DAYS);
    await updateSubscription(db, subscription, {
      failed_attempts: attempts,
      next_attempt_at: next,
      updated_at: at,
    });
    return [failed];
  }
  const canceled = await updateSubscription(db, subscription, {
    status: 'canceled',
    failed_attempts: attempts,
    next_attempt_at: null,
    canceled_at: at,
    ended_at: at,
    updated_at: at,
  });
  return [failed, { type: 'subscription.changed', subscription: subscriptionFacts(canceled) }];
}
