import Stripe from 'stripe';
import type { RefundFacts, RefundRequest } from '../provider';

const factsOf = (refund: Stripe.Refund): RefundFacts => ({
  id: refund.id,
  amount: refund.amount,
  currency: refund.currency,
});

/** A refund that stands (or will): not one that failed or was cancelled, after which the money is still ours. */
const stands = (refund: Stripe.Refund) => refund.status !== 'failed' && refund.status !== 'canceled';

/**
 * Refunds an order's payment once. The idempotency key answers a retry within Stripe's day of keeping keys; after
 * that Stripe refuses a second refund of a payment given back in full, and the refund it made for this order is the
 * answer instead.
 */
export async function refundPayment(stripe: Stripe, request: RefundRequest): Promise<RefundFacts> {
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: request.paymentIntentId,
        amount: request.amount,
        reason: 'requested_by_customer',
        metadata: { orderId: request.orderId },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return factsOf(refund);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'charge_already_refunded')
      throw error;
    const earlier = await stripe.refunds.list({ payment_intent: request.paymentIntentId, limit: 100 });
    const ours = earlier.data.find(
      (refund) => refund.metadata?.orderId === request.orderId && stands(refund),
    );
    if (!ours) throw error;
    return factsOf(ours);
  }
}
