import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest } from '../provider';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { createStripeProvider, type StripeProvider } from './provider';

let fake: FakeStripe;
let stripe: StripeProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider({
    secretKey: 'sk_test_subscriptions',
    webhookSecret: 'whsec_subscriptions',
    publishableKey: 'pk_test_subscriptions',
    api: fake,
  });
});

afterAll(async () => {
  await fake.close();
});

const checkoutRequest = (fields: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
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
const lastRequest = () => {
  const request = fake.requests.at(-1);
  if (!request) throw new Error('No request reached the fake.');
  return request;
};

const checkout = async (fields: Partial<CheckoutRequest> = {}) => {
  const request = checkoutRequest(fields);
  const created = await stripe.createCheckout(request);
  return { request, created, sent: lastRequest() };
};
/** A subscription as Stripe has it after a customer pays for the plan. */
const paidSubscription = async (trial: CheckoutRequest['trial'] = null) => {
  const { request, created } = await checkout({ trial });
  fake.completeCheckout(created.sessionId, { cardLast4: '1881' });
  const id = fake.store.sessions.get(created.sessionId)?.subscription;
  const subscription = typeof id === 'string' ? fake.store.subscriptions.get(id) : undefined;
  if (!subscription) throw new Error('The fake made no subscription.');
  return { request, subscription };
};

const iso = (seconds: number | null | undefined) =>
  seconds == null ? null : new Date(seconds * 1000).toISOString();

describe('subscriptions', () => {
  it('reads the billing period from the subscription item and our ids from the metadata', async () => {
    const { request, subscription } = await paidSubscription({ days: 30 });
    const item = subscription.items.data[0];

    const facts = await stripe.retrieveSubscription(subscription.id);

    expect(facts).toEqual({
      id: subscription.id,
      customerId: subscription.customer,
      status: 'trialing',
      trialEnd: iso(subscription.trial_end),
      currentPeriodStart: iso(item?.current_period_start),
      currentPeriodEnd: iso(item?.current_period_end),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      orderId: request.orderId,
      accountId: 'acc_dana',
    });
    expect(facts?.trialEnd).not.toBeNull();
    expect(facts?.currentPeriodEnd).toBe(facts?.trialEnd);
  });

  it('answers null for a subscription Stripe does not know', async () => {
    expect(await stripe.retrieveSubscription('sub_unknown')).toBeNull();
  });

  it('cancels at the end of the period with the caller’s idempotency key', async () => {
    const { subscription } = await paidSubscription();
    const key = `cancel-${randomUUID()}`;

    const facts = await stripe.cancelAtPeriodEnd(subscription.id, key);

    expect(facts).toMatchObject({
      id: subscription.id,
      status: 'active',
      cancelAtPeriodEnd: true,
      endedAt: null,
    });
    expect(facts.canceledAt).not.toBeNull();
    expect(lastRequest()).toEqual({
      method: 'POST',
      path: `/v1/subscriptions/${subscription.id}`,
      params: { cancel_at_period_end: 'true' },
      idempotencyKey: key,
    });
  });

  it('cancels at once with the caller’s idempotency key', async () => {
    const { subscription } = await paidSubscription();
    const key = `close-account-${randomUUID()}`;

    const facts = await stripe.cancelNow(subscription.id, key);

    expect(facts).toMatchObject({ id: subscription.id, status: 'canceled' });
    expect(facts.endedAt).not.toBeNull();
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${subscription.id}` });
    expect(lastRequest().idempotencyKey).toBe(key);
  });

  it('gets the first answer back when a cancellation is retried with the same key', async () => {
    const { subscription } = await paidSubscription();
    const key = `close-account-${randomUUID()}`;

    const first = await stripe.cancelNow(subscription.id, key);
    const retried = await stripe.cancelNow(subscription.id, key);

    expect(retried).toEqual(first);
    await expect(stripe.cancelNow(subscription.id, `close-account-${randomUUID()}`)).rejects.toThrow(
      'already been canceled',
    );
  });

  it('carried an idempotency key of ours on every write', async () => {
    await paidSubscription();
    const writes = fake.requests.filter((request) => request.method !== 'GET');
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(write.idempotencyKey).toMatch(/^(checkout|cancel|close-account)-/);
  });
});
