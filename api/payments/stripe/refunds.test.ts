import { describe, expect, it } from 'vitest';
import {
  checkoutRequest,
  SHIPPING_FORM,
  sdkFor,
  stripeAgainstSimulator,
  submitCheckout,
} from '../../../tests/support/stripe-simulator/against-simulator';

describe('the adapter’s refund (issue 28)', () => {
  const t = stripeAgainstSimulator();

  async function paidOrder() {
    const request = checkoutRequest({ kind: 'card', quantity: 2 });
    const { sessionId, url } = await t.stripe.createCheckout(request);
    await submitCheckout(t.simulator, url, { ...SHIPPING_FORM, card: '4242' });
    const paymentIntentId = (await t.stripe.retrieveCheckout(sessionId))?.paymentIntentId ?? '';
    return { orderId: request.orderId, paymentIntentId, amount: 4990 };
  }

  it('refunds a payment once, whether asked again with its key or, after the key’s day, with another', async () => {
    const order = await paidOrder();
    const refund = await t.stripe.refund({ ...order, idempotencyKey: `refund-${order.orderId}` });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), amount: 4990, currency: 'gbp' });
    expect(await t.stripe.refund({ ...order, idempotencyKey: `refund-${order.orderId}` })).toEqual(refund);
    // Stripe forgets a key after 24 hours; the payment then refuses a second refund, and ours is the answer.
    expect(await t.stripe.refund({ ...order, idempotencyKey: 'a-day-later' })).toEqual(refund);
    const listed = await sdkFor(t.simulator).refunds.list({ payment_intent: order.paymentIntentId });
    expect(listed.data).toMatchObject([{ id: refund.id, metadata: { orderId: order.orderId } }]);
  });

  it('does not pass off someone else’s refund as the order’s', async () => {
    const order = await paidOrder();
    await sdkFor(t.simulator).refunds.create({ payment_intent: order.paymentIntentId });
    await expect(t.stripe.refund({ ...order, idempotencyKey: 'refund-x' })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });
});
