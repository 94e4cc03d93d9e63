import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach } from 'vitest';
import type { CheckoutRequest, PaymentEvent } from '../../../api/payments/provider';
import { createStripeProvider, type StripeProvider } from '../../../api/payments/stripe/provider';
import { startStripeSimulator } from '../../../stripe-simulator';

export const WEBHOOK_SECRET = 'whsec_simulator_tests';
export const SECRET_KEY = 'sk_test_simulator';
/** A fixed start, so dates on pages and periods are known; the simulator's clock moves on from here. */
export const START = new Date('2026-03-02T09:00:00Z');

type Simulator = Awaited<ReturnType<typeof startStripeSimulator>>;

export type Endpoint = {
  /** Every body posted, in order, as the provider parsed it. */
  received: PaymentEvent[];
  /** Raw deliveries, to check signatures and bodies. */
  raw: { body: string; signature: string | null }[];
  /** While set, the endpoint answers this status without reading the event. */
  failWith: number | null;
};

/**
 * Test support: the real Stripe provider (the official SDK) against a fresh in-memory simulator for each test, its
 * webhooks going straight to the provider's parseWebhook, as the app's endpoint would take them.
 */
export function stripeAgainstSimulator() {
  const context = {} as { simulator: Simulator; stripe: StripeProvider; endpoint: Endpoint };
  beforeEach(async () => {
    const endpoint: Endpoint = { received: [], raw: [], failWith: null };
    context.endpoint = endpoint;
    context.simulator = await startStripeSimulator({
      dbFile: ':memory:',
      webhookUrl: 'http://app.test/api/webhooks/stripe',
      webhookSecret: WEBHOOK_SECRET,
      now: () => START,
      tickMs: 0,
      deliver: async (request) => {
        if (endpoint.failWith !== null) return new Response('down', { status: endpoint.failWith });
        const body = await request.text();
        const signature = request.headers.get('stripe-signature');
        endpoint.raw.push({ body, signature });
        endpoint.received.push(context.stripe.parseWebhook(body, signature ?? undefined));
        return new Response('{"received":true}');
      },
    });
    context.stripe = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_simulator',
      api: context.simulator,
    });
  });
  afterEach(async () => {
    await context.simulator.close();
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
  successUrl: 'https://tradecard.test/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://tradecard.test/order',
  idempotencyKey: `checkout-${randomUUID()}`,
  ...fields,
});

export const SHIPPING_FORM = {
  name: 'Dana Pipe',
  line1: '12 Boiler Row',
  city: 'Leeds',
  postal_code: 'ls1 4ap',
  country: 'GB',
};

/** Posts the hosted checkout form as a browser would. */
export const submitCheckout = (simulator: Simulator, url: string, fields: Record<string, string>) =>
  simulator.app.request(new URL(url).pathname, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

/** The event types received so far, in order. */
export const typesOf = (events: PaymentEvent[]) => events.map((event) => event.type);

export const DAY_SECONDS = 86_400;
