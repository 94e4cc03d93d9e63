import type { SimulatorContext } from './context';
import { attachCard, chargeSucceeds, customerFor, type TestCard } from './customers';
import type { SimulatorDb } from './db';
import { newId } from './ids';
import { wholeLine } from './invoice-object';
import { createInvoice } from './invoices';
import {
  type Customer,
  type Session,
  type ShippingDetails,
  setupIntentObject,
  subscriptionObject,
} from './objects';
import type { SessionInternal } from './sessions';
import { findObject, insertObject, saveObject } from './store';
import { dueAt, type SubscriptionInternal } from './subscriptions';
import { addMonths, DAY } from './time';
import { recordEvent } from './webhooks';

export type Payment = { card: TestCard; shipping: ShippingDetails | null };
export type PaymentResult = 'completed' | 'declined' | 'not-open';

/** Thrown inside the transaction so a declined payment rolls it back: no customer, card or invoice is kept. */
class Declined extends Error {}

/** When the trial of a session completed at `at` ends; null when the first payment is due at once. */
const trialEndOf = (internal: SessionInternal, at: number): number | null => {
  const { trial } = internal;
  if (trial === null) return null;
  return 'days' in trial ? at + trial.days * DAY : trial.end > at ? trial.end : null;
};

/**
 * The customer completes a session on the hosted page: pays (or starts the trial, or saves the card) in one
 * transaction, and the events queue in the order Stripe usually sends them. A session no longer open is left alone,
 * so a second submit completes nothing.
 */
export function payCheckout(
  ctx: SimulatorContext,
  sessionId: string,
  payment: Payment,
): Promise<PaymentResult> {
  return ctx.db
    .transaction()
    .execute(async (db) => {
      const at = ctx.now();
      const stored = await findObject<Session, SessionInternal>(db, 'checkout.session', sessionId);
      if (stored?.data.status !== 'open' || stored.data.expires_at <= at) return 'not-open';
      const { data: session, internal } = stored;
      const trialEnd = session.mode === 'subscription' ? trialEndOf(internal, at) : null;
      const customer = await customerFor(db, {
        customerId: typeof session.customer === 'string' ? session.customer : null,
        email: session.customer_email ?? null,
        name: payment.shipping?.name ?? null,
        at,
      });
      const card = await attachCard(db, customer.id, payment.card, at);
      // Saving a declining card works (Stripe attaches it); only a charge due now fails, and then nothing is kept.
      if (session.mode !== 'setup' && trialEnd === null && !(await chargeSucceeds(db, card.id))) {
        throw new Declined();
      }
      const completed: Session = {
        ...session,
        status: 'complete',
        url: null,
        customer: customer.id,
        customer_details: {
          address: payment.shipping?.address ?? null,
          business_name: null,
          email: customer.email,
          individual_name: null,
          name: payment.shipping?.name ?? customer.name ?? null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        },
        collected_information: payment.shipping
          ? { business_name: null, individual_name: null, shipping_details: payment.shipping }
          : null,
      };
      if (session.mode === 'setup') {
        const intent = setupIntentObject({ customer: customer.id, paymentMethod: card.id, created: at });
        await insertObject(db, { type: 'setup_intent', data: intent, customer: customer.id });
        await complete(db, { ...completed, setup_intent: intent.id }, customer, at);
      } else if (session.mode === 'subscription') {
        await startSubscription(ctx, db, {
          completed,
          internal,
          customer,
          paymentMethod: card.id,
          trialEnd,
          at,
        });
      } else {
        const invoice = await createInvoice(ctx, db, {
          customer: customer.id,
          customerEmail: customer.email,
          currency: session.currency ?? 'gbp',
          lines: [
            wholeLine({
              description: internal.productName,
              quantity: internal.quantity,
              unitAmount: internal.unitAmount,
              period: null,
            }),
          ],
          subscription: null,
          billingReason: 'manual',
          paid: true,
          at,
        });
        const paid = {
          ...completed,
          payment_status: 'paid' as const,
          payment_intent: newId('pi'),
          invoice: invoice.id,
        };
        await complete(db, paid, customer, at);
      }
      return 'completed';
    })
    .catch((error: unknown) => {
      if (error instanceof Declined) return 'declined';
      throw error;
    });
}

async function complete(db: SimulatorDb, session: Session, customer: Customer, at: number) {
  await saveObject(db, session, { dueAt: null, customer: customer.id });
  await recordEvent(db, 'checkout.session.completed', session, at);
}

async function startSubscription(
  ctx: SimulatorContext,
  db: SimulatorDb,
  input: {
    completed: Session;
    internal: SessionInternal;
    customer: Customer;
    paymentMethod: string;
    trialEnd: number | null;
    at: number;
  },
) {
  const { completed, internal, customer, trialEnd, at } = input;
  const currency = completed.currency ?? 'gbp';
  const subscription = subscriptionObject({
    customer: customer.id,
    paymentMethod: input.paymentMethod,
    price: { unit_amount: internal.unitAmount, currency, product: newId('prod') },
    quantity: internal.quantity,
    created: at,
    trialEnd,
    periodEnd: trialEnd ?? addMonths(at, 1),
    metadata: internal.subscriptionMetadata,
  });
  // A trial opens with a £0 paid invoice, as Stripe's does, so the customer's history starts at sign-up.
  const invoice = await createInvoice(ctx, db, {
    customer: customer.id,
    customerEmail: customer.email,
    currency,
    lines: [
      wholeLine({
        description: trialEnd ? `Free trial – ${internal.productName}` : internal.productName,
        quantity: internal.quantity,
        unitAmount: trialEnd ? 0 : internal.unitAmount,
        period: { start: at, end: trialEnd ?? addMonths(at, 1) },
        subscriptionItem: subscription.items.data[0]?.id ?? null,
      }),
    ],
    subscription,
    billingReason: 'subscription_create',
    paid: true,
    at,
  });
  const started = { ...subscription, latest_invoice: invoice.id };
  const billing: SubscriptionInternal = {
    description: internal.productName,
    anchor: trialEnd ?? at,
    periodsBilled: trialEnd ? 0 : 1,
    failedAttempts: 0,
    nextAttemptAt: null,
  };
  await insertObject(db, {
    type: 'subscription',
    data: started,
    internal: billing,
    customer: customer.id,
    dueAt: dueAt(started, billing),
  });
  const session: Session = {
    ...completed,
    payment_status: trialEnd ? 'no_payment_required' : 'paid',
    amount_total: invoice.amount_due,
    subscription: started.id,
    invoice: invoice.id,
  };
  await complete(db, session, customer, at);
  await recordEvent(db, 'customer.subscription.created', started, at);
  await recordEvent(db, 'invoice.paid', invoice, at);
}
