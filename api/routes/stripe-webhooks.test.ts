import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { daysPass, subscribeAtHostedCheckout } from '../../tests/support/api/payments/flows';
import { eventAround, signedBody } from '../../tests/support/stripe-simulator/against-simulator';
import { localWebhookSecret } from '../payments/create';
import { createStripeProvider } from '../payments/stripe/provider';

let t: Awaited<ReturnType<typeof createTestApp>>;
/** Every delivery the simulator made to the app, with the app's answer. */
let answers: { type: string; status: number; body: Record<string, unknown> }[];

const simulator = () => {
  if (!t.deps.stripeSimulator) throw new Error('The test app runs without the simulator.');
  return t.deps.stripeSimulator;
};

beforeEach(async () => {
  t = await createTestApp();
  answers = [];
  simulator().sendWebhooksTo(async (request) => {
    const { type } = (await request.clone().json()) as { type: string };
    const response = await t.app.fetch(request);
    answers.push({ type, status: response.status, body: await response.clone().json() });
    return response;
  });
});
afterEach(async () => {
  await t.close();
});

const post = async (body: string, headers: Record<string, string>) => {
  const response = await t.app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const eventCount = async () => (await t.db.selectFrom('events').select('global_position').execute()).length;
const orderRow = (id: string) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('Stripe webhooks from the simulator, through the Stripe SDK', () => {
  it('records a subscription started at the hosted page from its signed webhooks', async () => {
    const token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token);

    expect(answers).toEqual([
      { type: 'checkout.session.completed', status: 200, body: { received: true, duplicate: false } },
      { type: 'customer.subscription.created', status: 200, body: { received: true, duplicate: false } },
      { type: 'invoice.paid', status: 200, body: { received: true, duplicate: false } },
    ]);
    const order = await orderRow(id);
    expect(order).toMatchObject({ status: 'trialing', cancel_at_period_end: 0, provider: 'simulator' });
    expect(order.provider_subscription_id).toMatch(/^sub_/);
    expect((await t.call('GET', '/api/profile', undefined, token)).body.data.isSubscribed).toBe(true);
    expect((await t.lastMailTo('dana@example.com')).subject).toBe('Your TradeCard free trial has started');
    expect((await t.call('GET', '/api/stripe-pk')).body).toMatchObject({
      publishableKey: null,
      provider: 'simulator',
    });
  });

  it('changes nothing when the simulator sends every event again', async () => {
    const token = await t.signUp();
    await subscribeAtHostedCheckout(t, token);
    const before = await eventCount();
    const mails = (await t.outbox()).length;
    answers.length = 0;

    for (const event of await simulator().events()) await simulator().resendEvent(event.id);

    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer.body).toEqual({ received: true, duplicate: true });
    expect(await eventCount()).toBe(before);
    expect((await t.outbox()).length).toBe(mails);
  });

  it('ends in the provider’s latest state whatever order the deliveries come in', async () => {
    const token = await t.signUp();
    await simulator().holdWebhooks();
    const { id } = await subscribeAtHostedCheckout(t, token, '0341');
    await simulator().releaseWebhooks({ reverse: true });
    expect(await orderRow(id)).toMatchObject({ status: 'trialing' });

    // The trial ends on the declining card: the invoice fails and the subscription goes past_due; the events
    // arrive newest first, and the order still ends where the provider is.
    await simulator().holdWebhooks();
    await daysPass(t, 15);
    await simulator().releaseWebhooks({ reverse: true });
    expect(answers.map((answer) => answer.type)).toContain('invoice.payment_failed');
    expect(await orderRow(id)).toMatchObject({ status: 'past_due', trial_end: expect.any(String) });
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const token = await t.signUp();
    // The app is down: the simulator keeps its events, and the test has the bodies it tried to post.
    const tried: { body: string; signature: string }[] = [];
    simulator().sendWebhooksTo(async (request) => {
      tried.push({ body: await request.text(), signature: request.headers.get('stripe-signature') ?? '' });
      return new Response('down', { status: 503 });
    });
    const { id } = await subscribeAtHostedCheckout(t, token);
    const [completed] = tried;
    if (!completed) throw new Error('The simulator posted nothing.');
    const before = await eventCount();

    const forged = signedBody(completed.body, { secret: 'whsec_wrong' });
    expect(await post(forged.body, { 'stripe-signature': forged.signature })).toEqual({
      status: 400,
      body: { error: 'Invalid webhook signature.' },
    });
    const tampered = completed.body.replace('"complete"', '"open"');
    expect(tampered).not.toBe(completed.body);
    expect((await post(tampered, { 'stripe-signature': completed.signature })).status).toBe(400);
    expect((await post(completed.body, {})).status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect(await t.db.selectFrom('payment_events_seen').selectAll().execute()).toEqual([]);
    expect((await orderRow(id)).status).toBe('pending');

    // The untouched body with its own signature is the simulator's, signed with this instance's secret.
    expect(await post(completed.body, { 'stripe-signature': completed.signature })).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
  });

  it('deletes an account whose subscription the provider had already ended unseen, and forgets the customer', async () => {
    const token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token);
    const { provider_subscription_id, provider_customer_id } = await orderRow(id);
    await simulator().holdWebhooks();
    await t.deps.payments.cancelNow(provider_subscription_id as string, 'ended-in-the-dashboard');

    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'canceled' });
    expect(await t.deps.payments.billing(provider_customer_id as string)).toEqual({
      paymentMethod: null,
      invoices: [],
    });
  });

  it('keeps the account when the provider can’t be reached to end its subscription', async () => {
    const token = await t.signUp();
    await subscribeAtHostedCheckout(t, token);
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const reachable = t.deps.payments;
    t.deps.payments = createStripeProvider({
      secretKey: 'sk_test_local',
      webhookSecret: localWebhookSecret(t.deps.secret),
      publishableKey: null,
      api: { host: '127.0.0.1', port, protocol: 'http' },
      name: 'simulator',
    });

    const refused = await t.call('DELETE', '/api/profile', undefined, token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^We couldn’t cancel your subscription/);
    expect((await t.call('GET', '/api/profile', undefined, token)).status).toBe(200);
    t.deps.payments = reachable;
  }, 30_000);

  it('acknowledges event types it doesn’t use, once', async () => {
    const event = eventAround('customer.updated', { id: 'cus_someone', object: 'customer' });
    const { body, signature } = signedBody(event, { secret: localWebhookSecret(t.deps.secret) });
    expect(await post(body, { 'stripe-signature': signature })).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    expect(await post(body, { 'stripe-signature': signature })).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
  });

  it('answers a delivery made again while the first is still being handled as a duplicate, not a failure', async () => {
    // Stripe retries a delivery it has not had an answer to yet, and with several instances each may take one.
    const event = eventAround('customer.updated', { id: 'cus_someone', object: 'customer' });
    const { body, signature } = signedBody(event, { secret: localWebhookSecret(t.deps.secret) });
    const delivered = await Promise.all([1, 2, 3].map(() => post(body, { 'stripe-signature': signature })));
    expect(delivered.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(delivered.map((answer) => answer.body.duplicate).sort()).toEqual([false, true, true]);
    expect(await t.db.selectFrom('payment_events_seen').select('event_id').execute()).toEqual([
      { event_id: event.id },
    ]);
  });
});
