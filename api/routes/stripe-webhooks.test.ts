import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { signUpAdmin } from '../../tests/support/api/payments/flows';
import { type FakeStripe, startFakeStripe } from '../../tests/support/api/payments/stripe/fake-stripe';
import { createStripeProvider } from '../payments/stripe/provider';

const WEBHOOK_SECRET = 'whsec_test_secret';
let stripe: FakeStripe;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeEach(async () => {
  stripe = await startFakeStripe();
  const payments = createStripeProvider({
    secretKey: 'sk_test_123',
    webhookSecret: WEBHOOK_SECRET,
    publishableKey: 'pk_test_123',
    api: stripe,
  });
  t = await createTestApp({ payments });
});
afterEach(async () => {
  await t.close();
  await stripe.close();
});

async function deliver(event: Stripe.Event, secret = WEBHOOK_SECRET) {
  const { body, signature } = stripe.signedRequest(event, secret);
  const response = await t.app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const eventCount = async () => (await t.db.selectFrom('events').select('global_position').execute()).length;
const orderRow = (id: string) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function subscribe(token: string) {
  const started = await t.call('POST', '/api/subscribe', {}, token);
  expect(started.status).toBe(200);
  return { orderId: started.body.orderId as string, sessionId: started.body.sessionId as string };
}

describe('Stripe webhooks', () => {
  it('opens a subscription checkout with a trial and an idempotency key, and records what Stripe reports', async () => {
    const token = await t.signUp();
    const { orderId, sessionId } = await subscribe(token);
    const created = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(created?.idempotencyKey).toBe(`checkout-${orderId}`);
    expect(created?.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: orderId,
      subscription_data: { trial_period_days: '14' },
    });

    for (const event of stripe.completeCheckout(sessionId)) expect((await deliver(event)).status).toBe(200);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'trialing', cancel_at_period_end: 0 });
    expect(order.provider_subscription_id).toMatch(/^sub_/);
    expect((await t.call('GET', '/api/profile', undefined, token)).body.data.isSubscribed).toBe(true);
    expect((await t.lastMailTo('dana@example.com')).subject).toBe('Your TradeCard free trial has started');
    expect((await t.call('GET', '/api/stripe-pk')).body).toMatchObject({ publishableKey: 'pk_test_123' });
  });

  it('changes nothing on a duplicate delivery', async () => {
    const token = await t.signUp();
    const { sessionId } = await subscribe(token);
    const events = stripe.completeCheckout(sessionId);
    for (const event of events) await deliver(event);
    const before = await eventCount();
    const mails = (await t.outbox()).length;
    for (const event of events)
      expect((await deliver(event)).body).toEqual({ received: true, duplicate: true });
    expect(await eventCount()).toBe(before);
    expect((await t.outbox()).length).toBe(mails);
  });

  it('ends in Stripe’s latest state whatever order the deliveries come in', async () => {
    const token = await t.signUp();
    const { orderId, sessionId } = await subscribe(token);
    for (const event of stripe.completeCheckout(sessionId).reverse())
      expect((await deliver(event)).status).toBe(200);
    const subscriptionId = (await orderRow(orderId)).provider_subscription_id as string;
    const active = stripe.updateSubscription(subscriptionId, { status: 'active', trial_end: null });
    const pastDue = stripe.updateSubscription(subscriptionId, { status: 'past_due' });
    await deliver(pastDue);
    await deliver(active);
    expect(await orderRow(orderId)).toMatchObject({ status: 'past_due', trial_end: null });
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const token = await t.signUp();
    const { orderId, sessionId } = await subscribe(token);
    const [completed] = stripe.completeCheckout(sessionId);
    const before = await eventCount();
    expect(await deliver(completed as Stripe.Event, 'whsec_wrong')).toEqual({
      status: 400,
      body: { error: 'Invalid webhook signature.' },
    });
    const { body, signature } = stripe.signedRequest(completed as Stripe.Event, WEBHOOK_SECRET);
    const tampered = body.replace('"complete"', '"open"');
    for (const headers of [{ 'stripe-signature': signature }, {}] as Record<string, string>[]) {
      const response = await t.app.request('/api/webhooks/stripe', {
        method: 'POST',
        headers,
        body: tampered,
      });
      expect(response.status).toBe(400);
    }
    expect(await eventCount()).toBe(before);
    expect(await t.db.selectFrom('payment_events_seen').selectAll().execute()).toEqual([]);
    expect((await orderRow(orderId)).status).toBe('pending');
  });

  it('cancels at period end through the SDK, then ends on customer.subscription.deleted', async () => {
    const token = await t.signUp();
    const { orderId, sessionId } = await subscribe(token);
    for (const event of stripe.completeCheckout(sessionId)) await deliver(event);
    const cancelled = await t.call('POST', '/api/cancel-subscription', { id: orderId }, token);
    expect(cancelled.body.data).toMatchObject({ cancel_at_period_end: true });
    const update = stripe.requests.find(
      (r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/'),
    );
    expect(update).toMatchObject({
      params: { cancel_at_period_end: 'true' },
      idempotencyKey: `cancel-${orderId}`,
    });
    const subscriptionId = (await orderRow(orderId)).provider_subscription_id as string;
    await deliver(
      stripe.updateSubscription(subscriptionId, {
        status: 'canceled',
        ended_at: Math.floor(Date.now() / 1000),
      }),
    );
    expect(await orderRow(orderId)).toMatchObject({ status: 'canceled' });
    expect((await t.call('GET', '/api/profile', undefined, token)).body.data.isSubscribed).toBe(false);
  });

  it('records a failed payment and goes past_due', async () => {
    const token = await t.signUp();
    const { orderId, sessionId } = await subscribe(token);
    for (const event of stripe.completeCheckout(sessionId)) await deliver(event);
    const subscriptionId = (await orderRow(orderId)).provider_subscription_id as string;
    const subscription = stripe.store.subscriptions.get(subscriptionId) as Stripe.Subscription;
    const invoice = stripe.addInvoice(subscription.customer as string, {
      subscription,
      amount: 495,
      status: 'open',
    });
    stripe.updateSubscription(subscriptionId, { status: 'past_due', trial_end: null });
    await deliver(stripe.eventFor('invoice.payment_failed', invoice));
    expect(await orderRow(orderId)).toMatchObject({ status: 'past_due' });
    const failed = await t.db
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'SubscriptionPaymentFailed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(failed.data)).toMatchObject({ orderId, invoiceId: invoice.id, amount: 495 });
  });

  it('records a card order with its shipping address; the admin ships it', async () => {
    const token = await t.signUp();
    const started = await t.call('POST', '/api/checkout/create-checkout-session', { quantity: 2 }, token);
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(created?.params).toMatchObject({ mode: 'payment', line_items: [{ quantity: '2' }] });
    for (const event of stripe.completeCheckout(started.body.sessionId)) await deliver(event);
    const order = await orderRow(started.body.orderId);
    expect(order).toMatchObject({ status: 'paid', amount_total: 4990, quantity: 2 });
    expect(JSON.parse(order.delivery_address as string)).toMatchObject({ country: 'GB' });
    const admin = await signUpAdmin(t);
    const shipped = await t.call(
      'PATCH',
      `/api/admin/orders/${order.id}/status`,
      { fulfillmentStatus: 'shipped', notify: true },
      admin,
    );
    expect(shipped.body.data.fulfillmentStatus).toBe('shipped');
    expect((await t.lastMailTo('dana@example.com')).subject).toBe('Your TradeCard order: Shipped');
  });

  it('deletes an account whose subscription Stripe had already ended unseen', async () => {
    const token = await t.signUp();
    const { orderId, sessionId } = await subscribe(token);
    for (const event of stripe.completeCheckout(sessionId)) await deliver(event);
    const subscriptionId = (await orderRow(orderId)).provider_subscription_id as string;
    stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'canceled' });
    // Stripe forgets the customer too (erasure); a second deletion would find it gone and not mind.
    const customerId = (await orderRow(orderId)).provider_customer_id as string;
    expect(stripe.store.customers.get(customerId)?.deleted).toBe(true);
    expect(
      stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/customers/${customerId}`),
    ).toBe(true);
  });

  it('keeps the account when Stripe can’t be reached to end its subscription', async () => {
    const token = await t.signUp();
    const { sessionId } = await subscribe(token);
    for (const event of stripe.completeCheckout(sessionId)) await deliver(event);
    await stripe.close();
    const refused = await t.call('DELETE', '/api/profile', undefined, token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^We couldn’t cancel your subscription/);
    expect((await t.call('GET', '/api/profile', undefined, token)).status).toBe(200);
    stripe = await startFakeStripe();
  }, 30_000);

  it('acknowledges event types it doesn’t use, once', async () => {
    const customer = stripe.addCustomer({ email: 'x@example.com' });
    const event = stripe.eventFor('customer.updated', customer);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
  });
});

describe('Stripe webhooks without Stripe', () => {
  it('are not found when the local provider runs', async () => {
    const local = await createTestApp();
    const response = await local.call('POST', '/api/webhooks/stripe', {});
    expect(response.status).toBe(404);
    await local.close();
  });
});
