import type { Db } from '../../../events/db';
import { CARD_PRODUCT_NAME, SUBSCRIPTION_PRODUCT_NAME } from '../../../events/order/pricing';
import type { PostalAddress } from '../provider';
import { cardPays, saveCard, type TestCard } from './customers';
import { checkoutFacts, invoiceFacts, subscriptionFacts } from './facts';
import { newId } from './ids';
import { createInvoice } from './invoices';
import { enqueue, type NewPaymentEvent } from './outbox';
import type { SessionRow } from './rows';
import { findSession, trialEndOf } from './sessions';
import { insertSubscription } from './subscriptions';
import { addMonths } from './time';

export type Completion = {
  sessionId: string;
  card: TestCard;
  shipping: { name: string; address: PostalAddress } | null;
  at: string;
  publicUrl: string;
};

export type CompletionResult = 'completed' | 'declined' | 'not-open';

/**
 * Pays (or starts the trial of) an open session in one transaction and queues the events in the order Stripe
 * sends them. A session already completed or expired is left alone, so a second submit completes nothing.
 */
export function completeCheckout(db: Db, input: Completion): Promise<CompletionResult> {
  return db.transaction().execute(async (trx) => {
    const session = await findSession(trx, input.sessionId);
    if (session?.status !== 'open' || session.expires_at <= input.at) return 'not-open';
    const trialEnd = session.kind === 'subscription' ? trialEndOf(session, input.at) : null;
    // Saving a declining card works (Stripe attaches it); only a charge due now fails at checkout.
    if (trialEnd === null && !cardPays(input.card)) return 'declined';
    const customerId = await saveCard(trx, {
      customerId: session.customer_id,
      email: session.email,
      card: input.card,
      at: input.at,
    });
    const events =
      session.kind === 'card'
        ? await completeCardOrder(trx, session, customerId, input)
        : await startSubscription(trx, session, customerId, trialEnd, input);
    await enqueue(trx, events, input.at);
    return 'completed';
  });
}

async function markComplete(db: Db, session: SessionRow, changes: Partial<SessionRow>): Promise<SessionRow> {
  const completed: SessionRow = { ...session, ...changes, status: 'complete' };
  await db.updateTable('local_checkout_sessions').set(completed).where('id', '=', session.id).execute();
  return completed;
}

async function completeCardOrder(
  db: Db,
  session: SessionRow,
  customerId: string,
  input: Completion,
): Promise<NewPaymentEvent[]> {
  await createInvoice(db, {
    customerId,
    customerEmail: session.email,
    subscriptionId: null,
    checkoutSessionId: session.id,
    description: CARD_PRODUCT_NAME,
    quantity: session.quantity,
    unitAmount: session.unit_amount,
    paid: true,
    periodStart: null,
    periodEnd: null,
    at: input.at,
  });
  const completed = await markComplete(db, session, {
    payment_status: 'paid',
    customer_id: customerId,
    customer_name: input.shipping?.name ?? null,
    shipping_address: input.shipping ? JSON.stringify(input.shipping.address) : null,
    payment_intent_id: newId('pi'),
    completed_at: input.at,
  });
  return [{ type: 'checkout.completed', session: checkoutFacts(completed) }];
}

async function startSubscription(
  db: Db,
  session: SessionRow,
  customerId: string,
  trialEnd: string | null,
  input: Completion,
): Promise<NewPaymentEvent[]> {
  const { at } = input;
  const subscription = await insertSubscription(db, {
    id: newId('sub'),
    customer_id: customerId,
    checkout_session_id: session.id,
    order_id: session.order_id,
    account_id: session.account_id,
    status: trialEnd ? 'trialing' : 'active',
    amount: session.unit_amount,
    currency: session.currency,
    trial_end: trialEnd,
    billing_anchor: trialEnd ?? at,
    periods_billed: trialEnd ? 0 : 1,
    current_period_start: at,
    current_period_end: trialEnd ?? addMonths(at, 1),
    cancel_at_period_end: 0,
    canceled_at: null,
    ended_at: null,
    failed_attempts: 0,
    next_attempt_at: null,
    created_at: at,
    updated_at: at,
  });
  // A trial opens with a £0 paid invoice, as Stripe's does, so the customer's history starts at sign-up.
  const invoice = await createInvoice(db, {
    customerId,
    customerEmail: session.email,
    subscriptionId: subscription.id,
    checkoutSessionId: session.id,
    description: trialEnd ? `Free trial – ${SUBSCRIPTION_PRODUCT_NAME}` : SUBSCRIPTION_PRODUCT_NAME,
    quantity: 1,
    unitAmount: trialEnd ? 0 : session.unit_amount,
    paid: true,
    periodStart: subscription.current_period_start,
    periodEnd: subscription.current_period_end,
    at,
  });
  const completed = await markComplete(db, session, {
    payment_status: trialEnd ? 'no_payment_required' : 'paid',
    amount_total: invoice.amount_due,
    customer_id: customerId,
    subscription_id: subscription.id,
    completed_at: at,
  });
  return [
    { type: 'checkout.completed', session: checkoutFacts(completed) },
    { type: 'subscription.changed', subscription: subscriptionFacts(subscription) },
    { type: 'invoice.paid', invoice: invoiceFacts(invoice, input.publicUrl) },
  ];
}
