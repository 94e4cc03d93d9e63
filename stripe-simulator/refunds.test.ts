import { describe, expect, it } from 'vitest';
import {
  checkoutRequest,
  SHIPPING_FORM,
  sdkFor,
  stripeAgainstSimulator,
  submitCheckout,
} from '../tests/support/stripe-simulator/against-simulator';

describe('refunds of card payments (issue 28)', () => {
  const t = stripeAgainstSimulator();

  /** A paid order of two cards (£49.90): its payment intent. */
  async function paidCards() {
    const { sessionId, url } = await t.stripe.createCheckout(checkoutRequest({ kind: 'card', quantity: 2 }));
    await submitCheckout(t.simulator, url, { ...SHIPPING_FORM, card: '4242' });
    const session = await t.stripe.retrieveCheckout(sessionId);
    return session?.paymentIntentId ?? '';
  }

  it('gives back part or all of a payment, lists them newest first, and never more than was paid', async () => {
    const stripe = sdkFor(t.simulator);
    const intent = await paidCards();
    expect(intent).toMatch(/^pi_/);
    const part = await stripe.refunds.create({
      payment_intent: intent,
      amount: 2495,
      metadata: { orderId: 'o1' },
    });
    expect(part).toMatchObject({
      object: 'refund',
      amount: 2495,
      currency: 'gbp',
      payment_intent: intent,
      status: 'succeeded',
      metadata: { orderId: 'o1' },
    });
    await expect(stripe.refunds.create({ payment_intent: intent, amount: 2496 })).rejects.toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
    });
    const rest = await stripe.refunds.create({ payment_intent: intent, reason: 'requested_by_customer' });
    expect(rest).toMatchObject({ amount: 2495, reason: 'requested_by_customer' });
    await expect(stripe.refunds.create({ payment_intent: intent })).rejects.toMatchObject({
      statusCode: 400,
      code: 'charge_already_refunded',
    });
    const listed = await stripe.refunds.list({ payment_intent: intent });
    expect(listed.data.map((refund) => refund.id)).toEqual([rest.id, part.id]);
    // Refunds are not among the events the app's endpoint takes (what the simulator sends).
    expect(t.endpoint.received.map((event) => event.type)).toEqual(['checkout.completed']);
  });

  it('answers an idempotency key with the first refund, and refuses unknown or unpaid payments', async () => {
    const stripe = sdkFor(t.simulator);
    const intent = await paidCards();
    const once = await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: 'refund-o1' });
    const again = await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: 'refund-o1' });
    expect(again.id).toBe(once.id);
    expect((await stripe.refunds.list({ payment_intent: intent })).data).toHaveLength(1);
    await expect(stripe.refunds.create({ payment_intent: 'pi_unknown' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(stripe.refunds.create({ payment_intent: intent, amount: -1 })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});
