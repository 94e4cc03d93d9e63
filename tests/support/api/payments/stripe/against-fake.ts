import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { CheckoutRequest } from '../../../../../api/payments/provider';
import { createStripeProvider, type StripeProvider } from '../../../../../api/payments/stripe/provider';
import { type FakeStripe, startFakeStripe } from './fake-stripe';

export const WEBHOOK_SECRET = 'whsec_provider_tests';

/**
 * Test support: the real provider, pointed at a fake Stripe started before the file's tests and closed after them.
 * Read `fake` and `stripe` inside tests (they exist once beforeAll has run).
 */
export function stripeAgainstFake() {
  const context = {} as { fake: FakeStripe; stripe: StripeProvider };
  beforeAll(async () => {
    context.fake = await startFakeStripe();
    context.stripe = createStripeProvider({
      secretKey: 'sk_test_provider',
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_provider',
      api: context.fake,
    });
  });
  afterAll(async () => {
    await context.fake.close();
  });
  return context;
}

export const checkoutRequest = (fields: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  kind: 'subscription',
  orderId: `ord_${randomUUID()}`,
  accountId: 'acc_dana',
  email: 'dana@example.com',
  customerId: null,
  quantity: 1,
  trial: null,
  successUrl: 'https://tradecard.test/order/done?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://tradecard.test/order',
  idempotencyKey: `checkout-${randomUUID()}`,
  ...fields,
});

/** The last request the SDK made, as the fake parsed it. */
export const lastRequest = (fake: FakeStripe) => {
  const request = fake.requests.at(-1);
  if (!request) throw new Error('No request reached the fake.');
  return request;
};

export const checkoutWith = async (
  context: { fake: FakeStripe; stripe: StripeProvider },
  fields: Partial<CheckoutRequest> = {},
) => {
  const request = checkoutRequest(fields);
  const created = await context.stripe.createCheckout(request);
  return { request, created, sent: lastRequest(context.fake) };
};
