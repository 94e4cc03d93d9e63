import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
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

/** The official SDK straight at the simulator: to read objects as Stripe holds them, past the adapter's facts. */
export const sdkFor = (simulator: Simulator) =>
  new Stripe(SECRET_KEY, { host: simulator.host, port: simulator.port, protocol: simulator.protocol });

/** The bodies delivered so far, as Stripe events. */
export const deliveredEvents = (endpoint: Endpoint) =>
  endpoint.raw.map(({ body }) => JSON.parse(body) as Stripe.Event);

/** The first delivered event of a type; throws when there is none. */
export const deliveredOf = (endpoint: Endpoint, type: string) => {
  const event = deliveredEvents(endpoint).find((candidate) => candidate.type === type);
  if (!event) throw new Error(`No ${type} event was delivered.`);
  return event;
};

/** An event of a type the simulator never sends, around one of its objects, as Stripe would post it. */
export const eventAround = (type: string, object: unknown): Stripe.Event =>
  ({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  }) as unknown as Stripe.Event;

/** Signs a body as Stripe does (the SDK's own test helper), with another secret or time when a test asks. */
export const signedBody = (
  event: Stripe.Event | string,
  options: { secret?: string; timestamp?: number } = {},
) => {
  const body = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { body, signature };
};
