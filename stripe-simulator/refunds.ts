import type { SimulatorDb } from './db';
import { invalid, missing } from './errors';
import { type Refund, refundObject, type Session } from './objects';
import { insertObject, objectsNaming } from './store';

/** Stripe's reasons; anything else is refused, as Stripe refuses it. */
const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

/** The card checkout a payment intent belongs to: the one payment the simulator's PaymentIntents stand for. */
const paymentOf = async (db: SimulatorDb, paymentIntent: string) =>
  (await objectsNaming<Session>(db, 'checkout.session', 'payment_intent', paymentIntent, 1)).data[0];

/** A payment's refunds, newest first, as Stripe lists them. */
export const refundsOf = (db: SimulatorDb, paymentIntent: string, limit: number) =>
  objectsNaming<Refund>(db, 'refund', 'payment_intent', paymentIntent, limit);

export type RefundParams = {
  paymentIntent: string;
  /** Pence; null refunds whatever is left of the payment. */
  amount: number | null;
  reason: string | null;
  metadata: Record<string, string>;
};

/**
 * Gives back some or all of a card payment, never more than is left of it; a payment refunded in full refuses
 * another (`charge_already_refunded`), as Stripe does once an idempotency key's day has passed.
 */
export async function createRefund(db: SimulatorDb, params: RefundParams, at: number): Promise<Refund> {
  const { paymentIntent, amount, reason } = params;
  if (reason !== null && !REASONS.includes(reason))
    throw invalid(`Invalid reason: must be one of ${REASONS.join(', ')}`);
  if (amount !== null && (!Number.isInteger(amount) || amount < 1))
    throw invalid('Invalid positive integer: amount', 'parameter_invalid_integer');
  const payment = await paymentOf(db, paymentIntent);
  if (!payment) throw missing('payment_intent', paymentIntent);
  const paid = payment.payment_status === 'paid' ? (payment.amount_total ?? 0) : 0;
  const earlier = await refundsOf(db, paymentIntent, 100);
  const left = paid - earlier.data.reduce((sum, refund) => sum + refund.amount, 0);
  if (paid > 0 && left <= 0)
    throw invalid(`The payment ${paymentIntent} has already been refunded.`, 'charge_already_refunded');
  if (left <= 0)
    throw invalid(`The payment ${paymentIntent} has nothing to refund.`, 'charge_not_refundable');
  if (amount !== null && amount > left)
    throw invalid(
      `Refund amount (${amount}) is greater than what is left of the payment (${left}).`,
      'amount_too_large',
    );
  const refund = refundObject({
    paymentIntent,
    amount: amount ?? left,
    currency: payment.currency ?? 'gbp',
    reason,
    metadata: params.metadata,
    created: at,
  });
  const customer = typeof payment.customer === 'string' ? payment.customer : null;
  return insertObject(db, { type: 'refund', data: refund, customer });
}
