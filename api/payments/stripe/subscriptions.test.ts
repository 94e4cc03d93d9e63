import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkoutRequest,
  sdkFor,
  stripeAgainstSimulator,
  submitCheckout,
} from '../../../tests/support/stripe-simulator/against-simulator';
import type { CheckoutRequest } from '../provider';

const context = stripeAgainstSimulator();

/** A subscription as Stripe has it after a customer pays for the plan on the hosted page. */
const paidSubscription = async (trial: CheckoutRequest['trial'] = null, quantity = 1) => {
  const request = checkoutRequest({ trial, quantity });
  const { sessionId, url } = await context.stripe.createCheckout(request);
  expect((await submitCheckout(context.simulator, url, { card: '4242' })).status).toBe(303);
  const id = (await context.stripe.retrieveCheckout(sessionId))?.subscriptionId;
  if (!id) throw new Error('Checkout made no subscription.');
  return { request, subscription: await sdkFor(context.simulator).subscriptions.retrieve(id) };
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
      quantity: 1,
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

  it('cancels at the end of the period, and the same key answers the same again', async () => {
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
    expect(await context.stripe.cancelAtPeriodEnd(subscription.id, key)).toEqual(facts);
  });

  it('resumes a subscription set to cancel, with cancel_at_period_end false', async () => {
    const { subscription } = await paidSubscription();
    await context.stripe.cancelAtPeriodEnd(subscription.id, `cancel-${randomUUID()}`);

    const resumed = await context.stripe.resume(subscription.id, `resume-${randomUUID()}`);

    expect(resumed).toMatchObject({
      id: subscription.id,
      status: 'active',
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });
    expect(await context.stripe.retrieveSubscription(subscription.id)).toMatchObject({
      cancelAtPeriodEnd: false,
    });
  });

  it('cancels at once; a retry with the same key gets the first answer, another key is refused', async () => {
    const { subscription } = await paidSubscription();
    const key = `close-account-${randomUUID()}`;

    const first = await context.stripe.cancelNow(subscription.id, key);
    expect(first).toMatchObject({ id: subscription.id, status: 'canceled' });
    expect(first.endedAt).not.toBeNull();

    expect(await context.stripe.cancelNow(subscription.id, key)).toEqual(first);
    await expect(context.stripe.cancelNow(subscription.id, `close-account-${randomUUID()}`)).rejects.toThrow(
      'already been canceled',
    );
  });

  it('creates a firm’s plan for its 3 members, billed 3 × £4.95', async () => {
    const { subscription } = await paidSubscription(null, 3);

    expect(subscription.items.data[0]).toMatchObject({ quantity: 3, price: { unit_amount: 495 } });
    expect((await context.stripe.retrieveSubscription(subscription.id))?.quantity).toBe(3);
    const invoice = await context.stripe.retrieveInvoice(String(subscription.latest_invoice));
    expect(invoice?.lines).toMatchObject([{ quantity: 3, unitAmount: 495, amount: 1485 }]);
    expect(invoice?.total).toBe(1485);
  });

  it('sets the quantity, prorated; the same key answers the same again', async () => {
    const { subscription } = await paidSubscription(null, 3);
    await context.simulator.advanceClock(10 * 86_400);
    const key = `members-${randomUUID()}`;

    const facts = await context.stripe.setQuantity(subscription.id, 4, key);

    expect(facts).toMatchObject({ id: subscription.id, status: 'active', quantity: 4 });
    expect(await context.stripe.setQuantity(subscription.id, 4, key)).toEqual(facts);
    expect(await context.stripe.retrieveSubscription(subscription.id)).toEqual(facts);

    // The renewal's document lists the prorations beside the plan, as the PDF then shows them.
    await context.simulator.advanceClock(21 * 86_400);
    const renewed = await sdkFor(context.simulator).subscriptions.retrieve(subscription.id);
    const invoice = await context.stripe.retrieveInvoice(String(renewed.latest_invoice));
    expect(invoice?.lines.map(({ quantity, amount }) => [quantity, amount])).toEqual([
      [3, -1006],
      [4, 1341],
      [4, 1980],
    ]);
    expect(invoice?.lines[0]?.description).toBe(
      'Unused time on 3 × TradeCard Profile plan after 12 Mar 2026',
    );
    expect(invoice).toMatchObject({ total: 2315, amountPaid: 2315, status: 'paid' });
  });
});
