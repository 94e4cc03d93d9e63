import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkoutWith,
  lastRequest,
  stripeAgainstFake,
} from '../../../tests/support/api/payments/stripe/against-fake';
import type { CheckoutRequest } from '../provider';

const context = stripeAgainstFake();

const checkout = (fields: Partial<CheckoutRequest> = {}) => checkoutWith(context, fields);
const lastSent = () => lastRequest(context.fake);
/** A subscription as Stripe has it after a customer pays for the plan. */
const paidSubscription = async (trial: CheckoutRequest['trial'] = null) => {
  const { request, created } = await checkout({ trial });
  context.fake.completeCheckout(created.sessionId, { cardLast4: '1881' });
  const id = context.fake.store.sessions.get(created.sessionId)?.subscription;
  const subscription = typeof id === 'string' ? context.fake.store.subscriptions.get(id) : undefined;
  if (!subscription) throw new Error('The fake made no subscription.');
  return { request, subscription };
};

const iso = (seconds: number | null | undefined) =>
  seconds == null ? null : new Date(seconds * 1000).toISOString();

describe('subscriptions', () => {
  it('reads the billing period from the subscription item and our ids from the metadata', async () => {
    const { request, subscription } = await paidSubscription({ days: 30 });
    const item = subscription.items.data[0];

    const facts = await context.stripe.retrieveSubscription(subscription.id);

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
    expect(await context.stripe.retrieveSubscription('sub_unknown')).toBeNull();
  });

  it('cancels at the end of the period with the caller’s idempotency key', async () => {
    const { subscription } = await paidSubscription();
    const key = `cancel-${randomUUID()}`;

    const facts = await context.stripe.cancelAtPeriodEnd(subscription.id, key);

    expect(facts).toMatchObject({
      id: subscription.id,
      status: 'active',
      cancelAtPeriodEnd: true,
      endedAt: null,
    });
    expect(facts.canceledAt).not.toBeNull();
    expect(lastSent()).toEqual({
      method: 'POST',
      path: `/v1/subscriptions/${subscription.id}`,
      params: { cancel_at_period_end: 'true' },
      idempotencyKey: key,
    });
  });

  it('cancels at once with the caller’s idempotency key', async () => {
    const { subscription } = await paidSubscription();
    const key = `close-account-${randomUUID()}`;

    const facts = await context.stripe.cancelNow(subscription.id, key);

    expect(facts).toMatchObject({ id: subscription.id, status: 'canceled' });
    expect(facts.endedAt).not.toBeNull();
    expect(lastSent()).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${subscription.id}` });
    expect(lastSent().idempotencyKey).toBe(key);
  });

  it('gets the first answer back when a cancellation is retried with the same key', async () => {
    const { subscription } = await paidSubscription();
    const key = `close-account-${randomUUID()}`;

    const first = await context.stripe.cancelNow(subscription.id, key);
    const retried = await context.stripe.cancelNow(subscription.id, key);

    expect(retried).toEqual(first);
    await expect(context.stripe.cancelNow(subscription.id, `close-account-${randomUUID()}`)).rejects.toThrow(
      'already been canceled',
    );
  });

  it('carried an idempotency key of ours on every write', async () => {
    await paidSubscription();
    const writes = context.fake.requests.filter((request) => request.method !== 'GET');
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(write.idempotencyKey).toMatch(/^(checkout|cancel|close-account)-/);
  });
});
