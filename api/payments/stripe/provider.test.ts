import { describe, expect, it } from 'vitest';
import { CARD_PRODUCT_NAME, SUBSCRIPTION_PRODUCT_NAME } from '../../../events/order/pricing';
import {
  checkoutRequest,
  SHIPPING_FORM,
  sdkFor,
  stripeAgainstSimulator,
  submitCheckout,
} from '../../../tests/support/stripe-simulator/against-simulator';
import type { CheckoutRequest } from '../provider';
import { createStripeProvider } from './provider';

const context = stripeAgainstSimulator();

const checkout = async (fields: Partial<CheckoutRequest> = {}) => {
  const request = checkoutRequest(fields);
  const created = await context.stripe.createCheckout(request);
  const session = await sdkFor(context.simulator).checkout.sessions.retrieve(created.sessionId);
  return { request, created, session };
};

describe('createCheckout', () => {
  it('creates a monthly subscription session with our ids in the metadata, at the hosted page', async () => {
    const { request, created, session } = await checkout();

    expect(created.sessionId).toMatch(/^cs_test_/);
    expect(created.url).toBe(`${context.simulator.url}/checkout/${created.sessionId}`);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: request.orderId,
      customer_email: 'dana@example.com',
      metadata: { orderId: request.orderId, accountId: 'acc_dana', kind: 'subscription', quantity: '1' },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      amount_total: 495,
      currency: 'gbp',
    });
    const page = await (await context.simulator.app.request(new URL(created.url).pathname)).text();
    expect(page).toContain(SUBSCRIPTION_PRODUCT_NAME);
  });

  it('starts a trial ending at a set time, or lasting some days, as the subscription shows once paid', async () => {
    const endsAt = '2026-04-03T04:05:06.789Z';
    for (const [trial, trialEnd] of [
      [{ endsAt }, Date.UTC(2026, 3, 3, 4, 5, 6) / 1000],
      [{ days: 14 }, Date.parse('2026-03-16T09:00:00Z') / 1000],
    ] as const) {
      const { created } = await checkout({ trial });
      expect((await submitCheckout(context.simulator, created.url, { card: '4242' })).status).toBe(303);
      const facts = await context.stripe.retrieveCheckout(created.sessionId);
      const subscription = await context.stripe.retrieveSubscription(facts?.subscriptionId ?? '');
      expect(subscription).toMatchObject({
        status: 'trialing',
        trialEnd: new Date(trialEnd * 1000).toISOString(),
      });
    }
  });

  it('reuses a known customer, who keeps one set of cards and invoices', async () => {
    const first = await checkout({ kind: 'card', quantity: 1 });
    await submitCheckout(context.simulator, first.created.url, { ...SHIPPING_FORM, card: '4242' });
    const customerId = (await context.stripe.retrieveCheckout(first.created.sessionId))?.customerId ?? null;
    expect(customerId).toMatch(/^cus_/);

    const { created, session } = await checkout({ kind: 'card', quantity: 2, customerId });
    expect(session.customer).toBe(customerId);
    await submitCheckout(context.simulator, created.url, { ...SHIPPING_FORM, card: '4242' });
    expect((await context.stripe.retrieveCheckout(created.sessionId))?.customerId).toBe(customerId);
  });

  it('sells cards in payment mode with quantity, a shipping address and our ids', async () => {
    const { request, created, session } = await checkout({ kind: 'card', quantity: 3 });

    expect(session).toMatchObject({
      mode: 'payment',
      metadata: { orderId: request.orderId, accountId: 'acc_dana', kind: 'card', quantity: '3' },
      amount_total: 3 * 2495,
    });
    const page = await (await context.simulator.app.request(new URL(created.url).pathname)).text();
    expect(page).toContain(CARD_PRODUCT_NAME);
    expect(page).toContain('Pay £74.85');
    expect(page).toContain('Postcode');
  });

  it('returns the same session when a request is retried with the same key', async () => {
    const { request, created } = await checkout();
    expect(await context.stripe.createCheckout(request)).toEqual(created);
  });
});

describe('retrieveCheckout', () => {
  it('maps a paid card order with its shipping address', async () => {
    const { request, created } = await checkout({ kind: 'card', quantity: 3 });
    await submitCheckout(context.simulator, created.url, { ...SHIPPING_FORM, line2: 'Unit 4', card: '4242' });

    const facts = await context.stripe.retrieveCheckout(created.sessionId);

    expect(facts).toEqual({
      id: created.sessionId,
      mode: 'payment',
      status: 'complete',
      paymentStatus: 'paid',
      orderId: request.orderId,
      accountId: 'acc_dana',
      customerId: expect.stringMatching(/^cus_/),
      customerEmail: 'dana@example.com',
      customerName: 'Dana Pipe',
      amountTotal: 3 * 2495,
      currency: 'gbp',
      quantity: 3,
      subscriptionId: null,
      paymentIntentId: expect.stringMatching(/^pi_/),
      shipping: {
        name: 'Dana Pipe',
        address: {
          line1: '12 Boiler Row',
          line2: 'Unit 4',
          city: 'Leeds',
          state: null,
          postal_code: 'LS1 4AP',
          country: 'GB',
        },
      },
    });
  });

  it('maps a subscription started with a trial, which needs no payment yet', async () => {
    const { created } = await checkout({ trial: { days: 14 } });
    await submitCheckout(context.simulator, created.url, { card: '4242' });

    const facts = await context.stripe.retrieveCheckout(created.sessionId);

    expect(facts).toMatchObject({
      mode: 'subscription',
      status: 'complete',
      paymentStatus: 'no_payment_required',
    });
    expect(facts?.subscriptionId).toMatch(/^sub_/);
    expect(facts?.shipping).toBeNull();
  });

  it('answers null for a session Stripe does not know', async () => {
    expect(await context.stripe.retrieveCheckout('cs_test_unknown')).toBeNull();
  });

  it('still throws errors that are not about a missing object', async () => {
    const wrongKey = createStripeProvider({
      secretKey: 'rk_bad',
      webhookSecret: 'whsec_x',
      publishableKey: null,
      api: context.simulator,
    });
    await expect(wrongKey.retrieveCheckout('cs_test_unknown')).rejects.toThrow('Invalid API Key');
  });
});
