import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { CheckoutRequest } from '../api/payments/provider';
import {
  checkoutRequest,
  DAY_SECONDS,
  deliveredEvents,
  sdkFor,
  stripeAgainstSimulator,
  submitCheckout,
} from '../tests/support/stripe-simulator/against-simulator';

const DAY = DAY_SECONDS;
const PLAN = 'TradeCard Profile plan';

/** What a test reads of an invoice's lines: enough to tell each apart and add them up. */
const linesOf = (invoice: Stripe.Invoice) =>
  invoice.lines.data.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    amount: line.amount,
    proration: line.parent?.subscription_item_details?.proration ?? null,
  }));

describe("a firm's plan: one a member, prorated as members come and go", () => {
  const t = stripeAgainstSimulator();
  const sdk = () => sdkFor(t.simulator);

  /** A firm of `quantity` members subscribes through the hosted page with 4242; returns its subscription. */
  const subscribe = async (quantity: number, trial: CheckoutRequest['trial'] = null) => {
    const { sessionId, url } = await t.stripe.createCheckout(checkoutRequest({ quantity, trial }));
    expect((await submitCheckout(t.simulator, url, { card: '4242' })).status).toBe(303);
    const id = (await t.stripe.retrieveCheckout(sessionId))?.subscriptionId;
    if (!id) throw new Error('Checkout made no subscription.');
    t.endpoint.received.length = 0;
    t.endpoint.raw.length = 0;
    return sdk().subscriptions.retrieve(id);
  };

  const itemOf = (subscription: Stripe.Subscription) => {
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Subscription ${subscription.id} has no item.`);
    return item;
  };

  const latestInvoice = async (subscriptionId: string) =>
    sdk().invoices.retrieve(String((await sdk().subscriptions.retrieve(subscriptionId)).latest_invoice));

  it('sells a plan for 3 members: the item has quantity 3 and the first invoice bills 3 × £4.95', async () => {
    const { url } = await t.stripe.createCheckout(checkoutRequest({ quantity: 3 }));
    const page = await (await t.simulator.app.request(new URL(url).pathname)).text();
    expect(page).toContain('3 × £4.95 / month');
    expect(page).toContain('Subscribe – £14.85 a month');

    const subscription = await subscribe(3);
    expect(itemOf(subscription)).toMatchObject({ quantity: 3, price: { unit_amount: 495 } });
    const invoice = await latestInvoice(subscription.id);
    expect(linesOf(invoice)).toEqual([{ description: PLAN, quantity: 3, amount: 1485, proration: false }]);
    expect(invoice).toMatchObject({ total: 1485, amount_due: 1485, amount_paid: 1485, status: 'paid' });
  });

  it('opens a trial for 3 members with a £0 invoice whose line still says 3', async () => {
    const subscription = await subscribe(3, { days: 14 });
    expect(itemOf(subscription).quantity).toBe(3);
    expect(linesOf(await latestInvoice(subscription.id))).toEqual([
      { description: `Free trial – ${PLAN}`, quantity: 3, amount: 0, proration: false },
    ]);
  });

  it('refuses a plan quantity outside 1–500 as Stripe refuses a bad integer', async () => {
    for (const quantity of [0, 501]) {
      await expect(t.stripe.createCheckout(checkoutRequest({ quantity }))).rejects.toMatchObject({
        statusCode: 400,
        message: 'Invalid integer: line_items[0][quantity] must be from 1 to 500.',
      });
    }
  });

  it('bills a mid-period change from 3 to 4 on the renewal: the credit, the charge and 4 × £4.95', async () => {
    const subscription = await subscribe(3);
    // 10 of the period's 31 days gone: 21/31 of it is left.
    await t.simulator.advanceClock(10 * DAY);
    const updated = await sdk().subscriptions.update(subscription.id, {
      items: [{ id: itemOf(subscription).id, quantity: 4 }],
    });
    expect(itemOf(updated).quantity).toBe(4);
    await t.simulator.deliverPending();
    const event = deliveredEvents(t.endpoint).at(-1);
    expect(event?.type).toBe('customer.subscription.updated');
    expect(itemOf(event?.data.object as Stripe.Subscription).quantity).toBe(4);
    // Nothing is charged until the renewal.
    expect((await latestInvoice(subscription.id)).total).toBe(1485);

    await t.simulator.advanceClock(21 * DAY);
    const renewal = await latestInvoice(subscription.id);
    expect(linesOf(renewal)).toEqual([
      // round(495 × 3 × 21/31) and round(495 × 4 × 21/31)
      {
        description: `Unused time on 3 × ${PLAN} after 12 Mar 2026`,
        quantity: 3,
        amount: -1006,
        proration: true,
      },
      {
        description: `Remaining time on 4 × ${PLAN} after 12 Mar 2026`,
        quantity: 4,
        amount: 1341,
        proration: true,
      },
      { description: PLAN, quantity: 4, amount: 1980, proration: false },
    ]);
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      total: 2315,
      amount_due: 2315,
      amount_paid: 2315,
      status: 'paid',
    });
    const receipt = await t.simulator.app.request(new URL(renewal.hosted_invoice_url ?? '').pathname);
    const text = await receipt.text();
    expect(text).toContain(`Unused time on 3 × ${PLAN} after 12 Mar 2026`);
    expect(text).toContain('-£10.06');
    expect(text).toContain('£23.15');

    // Billed once: the month after is the plan alone.
    await t.simulator.advanceClock(30 * DAY);
    expect(linesOf(await latestInvoice(subscription.id))).toEqual([
      { description: PLAN, quantity: 4, amount: 1980, proration: false },
    ]);
  });

  it('prorates nothing while trialing, nor with proration_behavior none', async () => {
    const trialing = await subscribe(3, { days: 14 });
    await t.simulator.advanceClock(5 * DAY);
    await sdk().subscriptions.update(trialing.id, { items: [{ id: itemOf(trialing).id, quantity: 5 }] });
    const active = await subscribe(2);
    await sdk().subscriptions.update(active.id, {
      items: [{ id: itemOf(active).id, quantity: 1 }],
      proration_behavior: 'none',
    });

    await t.simulator.advanceClock(9 * DAY);
    expect(linesOf(await latestInvoice(trialing.id))).toEqual([
      { description: PLAN, quantity: 5, amount: 2475, proration: false },
    ]);
    // Its period began at day 5, so it renews 31 days on.
    await t.simulator.advanceClock(22 * DAY);
    expect(linesOf(await latestInvoice(active.id))).toEqual([
      { description: PLAN, quantity: 1, amount: 495, proration: false },
    ]);
  });

  it('refuses an item that is not the subscription’s, an unsupported proration_behavior and a canceled plan', async () => {
    const subscription = await subscribe(3);
    const other = await subscribe(1);
    await expect(
      sdk().subscriptions.update(subscription.id, { items: [{ id: itemOf(other).id, quantity: 4 }] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      message: `No such subscription item: '${itemOf(other).id}'`,
    });
    await expect(
      sdk().subscriptions.update(subscription.id, {
        items: [{ id: itemOf(subscription).id, quantity: 4 }],
        proration_behavior: 'always_invoice',
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('does not support') });
    expect(itemOf(await sdk().subscriptions.retrieve(subscription.id)).quantity).toBe(3);

    await sdk().subscriptions.cancel(subscription.id);
    await expect(
      sdk().subscriptions.update(subscription.id, { items: [{ id: itemOf(subscription).id, quantity: 4 }] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
  });

  it('answers a repeated change with the same Idempotency-Key from the first reply, prorating it once', async () => {
    const subscription = await subscribe(3);
    await t.simulator.advanceClock(10 * DAY);
    const change = { items: [{ id: itemOf(subscription).id, quantity: 4 }] };

    const first = await sdk().subscriptions.update(subscription.id, change, { idempotencyKey: 'grow-1' });
    const again = await sdk().subscriptions.update(subscription.id, change, { idempotencyKey: 'grow-1' });
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(itemOf(again).quantity).toBe(itemOf(first).quantity);

    await t.simulator.advanceClock(21 * DAY);
    const prorations = linesOf(await latestInvoice(subscription.id)).filter((line) => line.proration);
    expect(prorations.map((line) => line.amount)).toEqual([-1006, 1341]);
  });
});
