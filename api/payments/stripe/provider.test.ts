import { describe, expect, it } from 'vitest';
import {
  CARD_PRODUCT_NAME,
  SHIPPING_COUNTRIES,
  SUBSCRIPTION_PRODUCT_NAME,
} from '../../../events/order/pricing';
import { checkoutWith, stripeAgainstFake } from '../../../tests/support/api/payments/stripe/against-fake';
import type { CheckoutRequest } from '../provider';
import { createStripeProvider } from './provider';

const context = stripeAgainstFake();

const checkout = (fields: Partial<CheckoutRequest> = {}) => checkoutWith(context, fields);

describe('createCheckout', () => {
  it('creates a monthly subscription session with our ids in the metadata and the idempotency key', async () => {
    const { request, created, sent } = await checkout();

    expect(created.sessionId).toMatch(/^cs_test_/);
    expect(created.url).toBe(`https://checkout.stripe.com/c/pay/${created.sessionId}`);
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.idempotencyKey).toBe(request.idempotencyKey);
    expect(sent.params).toEqual({
      mode: 'subscription',
      client_reference_id: request.orderId,
      customer_email: 'dana@example.com',
      metadata: { orderId: request.orderId, accountId: 'acc_dana', kind: 'subscription', quantity: '1' },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      line_items: [
        {
          price_data: {
            currency: 'gbp',
            unit_amount: '495',
            recurring: { interval: 'month' },
            product_data: { name: SUBSCRIPTION_PRODUCT_NAME },
          },
          quantity: '1',
        },
      ],
      subscription_data: {
        metadata: { orderId: request.orderId, accountId: 'acc_dana' },
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      },
    });
  });

  it('asks for a trial ending at a set time in unix seconds', async () => {
    const { sent } = await checkout({ trial: { endsAt: '2031-02-03T04:05:06.789Z' } });
    expect(sent.params.subscription_data).toMatchObject({
      trial_end: String(Date.UTC(2031, 1, 3, 4, 5, 6) / 1000),
    });
    expect(sent.params.subscription_data).not.toHaveProperty('trial_period_days');
  });

  it('asks for a trial of some days', async () => {
    const { sent } = await checkout({ trial: { days: 14 } });
    expect(sent.params.subscription_data).toMatchObject({ trial_period_days: '14' });
    expect(sent.params.subscription_data).not.toHaveProperty('trial_end');
  });

  it('reuses a known customer instead of sending the email', async () => {
    const customer = context.fake.addCustomer();
    const { sent } = await checkout({ customerId: customer.id });
    expect(sent.params.customer).toBe(customer.id);
    expect(sent.params).not.toHaveProperty('customer_email');
  });

  it('sells cards in payment mode with quantity, shipping countries and a customer for later orders', async () => {
    const { request, sent } = await checkout({ kind: 'card', quantity: 3 });

    expect(sent.params).toMatchObject({
      mode: 'payment',
      customer_creation: 'always',
      metadata: { orderId: request.orderId, accountId: 'acc_dana', kind: 'card', quantity: '3' },
      line_items: [
        {
          price_data: { currency: 'gbp', unit_amount: '2495', product_data: { name: CARD_PRODUCT_NAME } },
          quantity: '3',
        },
      ],
      shipping_address_collection: { allowed_countries: [...SHIPPING_COUNTRIES] },
      payment_intent_data: { metadata: { orderId: request.orderId, accountId: 'acc_dana' } },
    });
    expect(sent.params).not.toHaveProperty('subscription_data');
  });

  it('leaves customer_creation out when the customer already exists, as Stripe requires', async () => {
    const customer = context.fake.addCustomer();
    const { sent } = await checkout({ kind: 'card', quantity: 2, customerId: customer.id });
    expect(sent.params.customer).toBe(customer.id);
    expect(sent.params).not.toHaveProperty('customer_creation');
  });

  it('returns the same session when a request is retried with the same key', async () => {
    const { request, created } = await checkout();
    const again = await context.stripe.createCheckout(request);
    expect(again).toEqual(created);
    expect(
      [...context.fake.store.sessions.values()].filter((s) => s.client_reference_id === request.orderId),
    ).toHaveLength(1);
  });
});

describe('retrieveCheckout', () => {
  it('maps a paid card order with its shipping address', async () => {
    const { request, created } = await checkout({ kind: 'card', quantity: 3 });
    const shipping = {
      name: 'Dana Plumber',
      address: {
        line1: '2 Mill Lane',
        line2: 'Unit 4',
        city: 'York',
        state: null,
        postal_code: 'YO1 7HH',
        country: 'GB',
      },
    };
    context.fake.completeCheckout(created.sessionId, { shipping });

    const facts = await context.stripe.retrieveCheckout(created.sessionId);

    const stored = context.fake.store.sessions.get(created.sessionId);
    expect(facts).toEqual({
      id: created.sessionId,
      mode: 'payment',
      status: 'complete',
      paymentStatus: 'paid',
      orderId: request.orderId,
      accountId: 'acc_dana',
      customerId: stored?.customer,
      customerEmail: 'dana@example.com',
      customerName: 'Dana Plumber',
      amountTotal: 3 * 2495,
      currency: 'gbp',
      quantity: 3,
      subscriptionId: null,
      paymentIntentId: stored?.payment_intent,
      shipping,
    });
    expect(facts?.customerId).toMatch(/^cus_/);
    expect(facts?.paymentIntentId).toMatch(/^pi_/);
  });

  it('maps a subscription started with a trial, which needs no payment yet', async () => {
    const { created } = await checkout({ trial: { days: 14 } });
    context.fake.completeCheckout(created.sessionId);

    const facts = await context.stripe.retrieveCheckout(created.sessionId);

    expect(facts).toMatchObject({
      mode: 'subscription',
      status: 'complete',
      paymentStatus: 'no_payment_required',
    });
    expect(facts?.subscriptionId).toBe(context.fake.store.sessions.get(created.sessionId)?.subscription);
    expect(facts?.subscriptionId).toMatch(/^sub_/);
    expect(facts?.shipping).toBeNull();
  });

  it('answers null for a session Stripe does not know', async () => {
    expect(await context.stripe.retrieveCheckout('cs_test_unknown')).toBeNull();
  });

  it('still throws errors that are not about a missing object', async () => {
    const wrongKey = createStripeProvider({
      secretKey: 'rk_bad',
      webhookSecret: 'w',
      publishableKey: 'p',
      api: context.fake,
    });
    await expect(wrongKey.retrieveCheckout('cs_test_unknown')).rejects.toThrow('Invalid API Key');
  });
});

describe('every write', () => {
  it('carried the caller’s idempotency key', () => {
    const writes = context.fake.requests.filter((request) => request.method !== 'GET');
    expect(writes.length).toBeGreaterThan(5);
    for (const write of writes) expect(write.idempotencyKey).toMatch(/^checkout-/);
  });
});
