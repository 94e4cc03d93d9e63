import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { readEnv } from '../env';
import { createPayments, startLocalStripe } from './create';
import type { CheckoutRequest } from './provider';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const planRequest = (orderId: string): CheckoutRequest => ({
  kind: 'subscription',
  orderId,
  accountId: 'acc_1',
  email: 'dana@example.com',
  customerId: null,
  quantity: 1,
  trial: { days: 14 },
  successUrl: 'https://tradecard.test/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://tradecard.test/order',
  idempotencyKey: `checkout-${orderId}`,
});

describe('choosing the payment provider', () => {
  it('is the Stripe adapter against the built-in simulator by default, its database in DATA_DIR', async () => {
    const { payments, stripeSimulator } = await createPayments(readEnv({}), t.deps);
    let sessionId = '';
    try {
      expect(payments).toMatchObject({ name: 'simulator', publishableKey: null });
      const started = await payments.createCheckout({
        kind: 'card',
        orderId: 'ord_1',
        accountId: 'acc_1',
        email: 'dana@example.com',
        customerId: null,
        quantity: 2,
        trial: null,
        successUrl: 'https://tradecard.test/success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://tradecard.test/order',
        idempotencyKey: 'checkout-ord_1',
      });
      // The hosted page is the app's to serve, at its own address.
      expect(started.url).toBe(`https://tradecard.test/checkout/test/checkout/${started.sessionId}`);
      sessionId = started.sessionId;
    } finally {
      await stripeSimulator?.close();
    }
    const reopened = await createPayments(readEnv({}), t.deps);
    try {
      // Kept in DATA_DIR/stripe-simulator.db across restarts, as Stripe keeps an account's objects.
      expect(await reopened.payments.retrieveCheckout(sessionId)).toMatchObject({
        orderId: 'ord_1',
        status: 'open',
      });
    } finally {
      await reopened.stripeSimulator?.close();
    }
  });

  it('is Stripe with its keys when PAYMENTS=stripe', async () => {
    const env = readEnv({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
    });
    const { payments, stripeSimulator } = await createPayments(env, t.deps);
    expect(payments).toMatchObject({ name: 'stripe', publishableKey: 'pk_test_abc' });
    expect(stripeSimulator).toBeNull();
  });

  it('refuses PAYMENTS=stripe without its keys, naming them', () => {
    expect(() => readEnv({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('the simulator’s webhooks (PAYMENTS=local)', () => {
  it('wait until the app says where they go, then reach a URL signed for this instance', async () => {
    const received: { body: string; signature: string }[] = [];
    const endpoint = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ body, signature: String(request.headers['stripe-signature']) });
        response.end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const { payments, stripeSimulator } = await startLocalStripe(t.deps, { dbFile: ':memory:', tickMs: 0 });
    try {
      const { sessionId } = await payments.createCheckout(planRequest('ord_2'));
      expect(await stripeSimulator.payCheckout(sessionId, { card: '4242', shipping: null })).toBe(
        'completed',
      );
      // Nowhere to go yet: the events wait in the simulator, to be retried.
      expect(received).toEqual([]);
      expect((await stripeSimulator.events()).map((event) => event.delivery.state)).toContain('pending');

      const { port } = endpoint.address() as AddressInfo;
      stripeSimulator.sendWebhooksTo(`http://127.0.0.1:${port}/api/webhooks/stripe`);
      t.advance(60_000);
      await stripeSimulator.tick();

      expect(received.map(({ body, signature }) => payments.parseWebhook(body, signature).type)).toEqual([
        'checkout.completed',
        'subscription.changed',
        'invoice.paid',
      ]);
    } finally {
      await stripeSimulator.close();
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });
});
