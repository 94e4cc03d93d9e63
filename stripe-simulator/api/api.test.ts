import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  checkoutRequest,
  SECRET_KEY,
  stripeAgainstSimulator,
  submitCheckout,
} from '../../tests/support/stripe-simulator/against-simulator';

describe("Stripe's API conventions", () => {
  const t = stripeAgainstSimulator();
  const sdk = (key = SECRET_KEY) =>
    new Stripe(key, {
      host: t.simulator.host,
      port: t.simulator.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });

  it('accepts any test secret key and answers others 401, as Stripe does', async () => {
    await expect(sdk('sk_live_123456789').customers.retrieve('cus_x')).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
      message: 'Invalid API Key provided: sk_live_*********',
    });
    const anonymous = await t.simulator.app.request('/v1/customers/cus_x');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    await expect(sdk('sk_test_another').customers.retrieve('cus_x')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('answers the same Idempotency-Key with the first reply, and refuses it with other parameters', async () => {
    const request = checkoutRequest({ kind: 'card' });
    const first = await t.stripe.createCheckout(request);
    expect(await t.stripe.createCheckout(request)).toEqual(first);
    await expect(t.stripe.createCheckout({ ...request, quantity: 3 })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it("answers a route it lacks with Stripe's 404, and a wrong request with Stripe's 400", async () => {
    await expect(sdk().coupons.create({ percent_off: 10 })).rejects.toMatchObject({
      statusCode: 404,
      message: expect.stringMatching(/^Unrecognized request URL \(POST: \/v1\/coupons\)/),
    });
    await expect(
      sdk().checkout.sessions.create({
        mode: 'payment',
        success_url: 'https://x.test/',
        customer: 'cus_gone',
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await t.stripe.retrieveCheckout('cs_test_unknown')).toBeNull();
    expect(await t.stripe.retrieveSubscription('sub_unknown')).toBeNull();
  });

  it('expands the default payment method, lists cards and invoices newest first, and expires sessions', async () => {
    const { sessionId, url } = await t.stripe.createCheckout(checkoutRequest({ trial: { days: 14 } }));
    await submitCheckout(t.simulator, url, { card: '4242' });
    const customerId = (await t.stripe.retrieveCheckout(sessionId))?.customerId ?? '';
    const customer = await sdk().customers.retrieve(customerId, {
      expand: ['invoice_settings.default_payment_method'],
    });
    expect(customer).toMatchObject({ id: customerId, email: 'dana@example.com' });
    const cards = await sdk().paymentMethods.list({ customer: customerId, type: 'card', limit: 1 });
    expect(cards.data[0]?.card?.last4).toBe('4242');
    const invoices = await sdk().invoices.list({ customer: customerId, limit: 24 });
    expect(invoices).toMatchObject({ object: 'list', has_more: false });
    expect(invoices.data[0]?.hosted_invoice_url).toMatch(new RegExp(`^${t.simulator.url}/receipts/`));

    // A second order reuses the customer, as the app asks.
    const reorder = await t.stripe.createCheckout(checkoutRequest({ kind: 'card', customerId }));
    const expired = await sdk().checkout.sessions.expire(reorder.sessionId);
    expect(expired).toMatchObject({ status: 'expired', customer: customerId, url: null });
    await expect(sdk().checkout.sessions.expire(reorder.sessionId)).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('completes a setup-mode session by saving the card, without a charge', async () => {
    const setup = await sdk().checkout.sessions.create({
      mode: 'setup',
      currency: 'gbp',
      success_url: 'https://tradecard.test/card-saved',
    });
    const page = await t.simulator.app.request(new URL(setup.url ?? '').pathname);
    expect(await page.text()).toContain('Save card');
    expect((await submitCheckout(t.simulator, setup.url ?? '', { card: '0341' })).status).toBe(303);
    const saved = await sdk().checkout.sessions.retrieve(setup.id);
    expect(saved).toMatchObject({ status: 'complete', mode: 'setup', payment_status: 'no_payment_required' });
    expect(saved.setup_intent).toMatch(/^seti_/);
    // The SetupIntent names the saved card, and the webhook reports it as saved, not made anyone's default.
    const intent = await sdk().setupIntents.retrieve(String(saved.setup_intent));
    expect(intent).toMatchObject({ status: 'succeeded', customer: saved.customer });
    const cards = await sdk().paymentMethods.list({ customer: String(saved.customer), type: 'card' });
    expect(cards.data.map((card) => [card.id, card.card?.last4])).toEqual([[intent.payment_method, '0341']]);
    expect(t.endpoint.received).toEqual([
      expect.objectContaining({ type: 'card.saved', sessionId: setup.id, customerId: saved.customer }),
    ]);
  });
});
