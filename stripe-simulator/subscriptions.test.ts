import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../api/payments/provider';
import {
  checkoutRequest,
  DAY_SECONDS,
  SECRET_KEY,
  sdkFor,
  stripeAgainstSimulator,
  submitCheckout,
  typesOf,
} from '../tests/support/stripe-simulator/against-simulator';

const DAY = DAY_SECONDS;

describe('subscriptions on the simulator clock', () => {
  const t = stripeAgainstSimulator();

  /** Subscribes with the card given, through the hosted page; returns the subscription id. */
  const subscribe = async (card: '4242' | '0341', trial: { days: number } | null = { days: 14 }) => {
    const { sessionId, url } = await t.stripe.createCheckout(checkoutRequest({ trial }));
    expect((await submitCheckout(t.simulator, url, { card })).status).toBe(303);
    const session = await t.stripe.retrieveCheckout(sessionId);
    t.endpoint.received.length = 0;
    return session?.subscriptionId ?? '';
  };

  const invoiceStatuses = (events: PaymentEvent[]) =>
    events.flatMap((event) => ('invoice' in event ? [`${event.type}:${event.invoice.status}`] : []));

  it('ends the trial by charging 4242, then renews each month', async () => {
    const id = await subscribe('4242');
    await t.simulator.advanceClock(14 * DAY);
    expect(typesOf(t.endpoint.received)).toEqual(['invoice.paid', 'subscription.changed']);
    expect(await t.stripe.retrieveSubscription(id)).toMatchObject({
      status: 'active',
      currentPeriodStart: '2026-03-16T09:00:00.000Z',
      currentPeriodEnd: '2026-04-16T09:00:00.000Z',
    });

    // Two months at once are billed month by month.
    await t.simulator.advanceClock(61 * DAY);
    expect(invoiceStatuses(t.endpoint.received)).toEqual([
      'invoice.paid:paid',
      'invoice.paid:paid',
      'invoice.paid:paid',
    ]);
    expect((await t.stripe.retrieveSubscription(id))?.currentPeriodEnd).toBe('2026-06-16T09:00:00.000Z');

    const billing = await t.stripe.billing((await t.stripe.retrieveSubscription(id))?.customerId ?? '');
    expect(billing.paymentMethod).toEqual({
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2029 },
    });
    expect(billing.invoices.map((invoice) => [invoice.number, invoice.amount])).toEqual([
      ['TC-0004', 495],
      ['TC-0003', 495],
      ['TC-0002', 495],
      ['TC-0001', 0],
    ]);
    const pdf = new URL(billing.invoices[0]?.pdf ?? '');
    expect(pdf.search).toBe('?download=1');
    const receipt = await t.simulator.app.request(pdf.pathname + pdf.search);
    expect(receipt.headers.get('Content-Disposition')).toBe('attachment; filename="receipt-TC-0004.html"');
    const text = await receipt.text();
    expect(text).toContain('Receipt TC-0004');
    expect(text).toContain('16 May 2026 to 16 June 2026');
    expect(text).toContain('Test mode: this receipt is for a pretend payment.');
  });

  it('retries a declined card every 3 days and cancels after the fourth failure', async () => {
    const id = await subscribe('0341');
    await t.simulator.advanceClock(14 * DAY);
    expect(typesOf(t.endpoint.received)).toEqual(['invoice.payment_failed', 'subscription.changed']);
    expect((await t.stripe.retrieveSubscription(id))?.status).toBe('past_due');

    await t.simulator.advanceClock(3 * DAY);
    await t.simulator.advanceClock(3 * DAY);
    expect((await t.stripe.retrieveSubscription(id))?.status).toBe('past_due');
    await t.simulator.advanceClock(3 * DAY - 1);
    expect(t.endpoint.received).toHaveLength(4);
    await t.simulator.advanceClock(1);
    expect(typesOf(t.endpoint.received)).toEqual([
      'invoice.payment_failed',
      'subscription.changed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'subscription.changed',
    ]);
    expect(await t.stripe.retrieveSubscription(id)).toMatchObject({
      status: 'canceled',
      endedAt: '2026-03-25T09:00:00.000Z',
    });
    // Each failure says when the next try is, as Stripe's next_payment_attempt does; the last says none.
    const nextTries = t.endpoint.received.flatMap((event) =>
      event.type === 'invoice.payment_failed' ? [event.invoice.nextPaymentAttempt] : [],
    );
    expect(nextTries).toEqual([
      '2026-03-19T09:00:00.000Z',
      '2026-03-22T09:00:00.000Z',
      '2026-03-25T09:00:00.000Z',
      null,
    ]);
    const billing = await t.stripe.billing((await t.stripe.retrieveSubscription(id))?.customerId ?? '');
    // Still owed after the plan ended, as Stripe leaves it open: £4.95 due, not the £0.00 paid of it.
    expect(billing.invoices[0]).toMatchObject({
      number: 'TC-0002',
      status: 'due',
      amount: 495,
      amountPaid: 0,
    });
    // The unpaid renewal's page shows an open invoice, not a receipt.
    const unpaid = new URL(billing.invoices[0]?.pdf ?? '');
    const invoicePage = await (await t.simulator.app.request(unpaid.pathname)).text();
    expect(invoicePage).toContain('TC-0002');
    expect(invoicePage).toContain('<span class="status status-open">Open</span>');
    expect(invoicePage).not.toContain('Paid on');
    await t.simulator.advanceClock(60 * DAY);
    expect(t.endpoint.received).toHaveLength(6);
  });

  it('marks the subscription unpaid after the fourth failure when the account says so, until its invoice is paid', async () => {
    t.simulator.setAfterLastRetry('unpaid');
    const id = await subscribe('0341');
    await t.simulator.advanceClock(14 * DAY + 9 * DAY);
    expect(typesOf(t.endpoint.received).at(-1)).toBe('subscription.changed');
    const unpaid = await sdkFor(t.simulator).subscriptions.retrieve(id);
    expect(unpaid).toMatchObject({ status: 'unpaid', ended_at: null, canceled_at: null });
    // Nothing more is tried or billed while it waits.
    const waited = t.endpoint.received.length;
    await t.simulator.advanceClock(60 * DAY);
    expect(t.endpoint.received).toHaveLength(waited);

    // Its open invoice paid (with a card that pays), it is active again.
    const customer = String(unpaid.customer);
    const { sessionId, url } = await t.stripe.createCardSetup({
      customerId: customer,
      accountId: 'acc_dana',
      successUrl: 'https://tradecard.test/billing?setup_session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://tradecard.test/billing',
      idempotencyKey: 'unpaid-new-card',
    });
    await submitCheckout(t.simulator, url, { card: '4242' });
    expect(await t.stripe.applySetupCard(sessionId, customer, [id])).toEqual({
      outcome: 'replaced',
      openInvoice: 'paid',
    });
    expect((await t.stripe.retrieveSubscription(id))?.status).toBe('active');
  });

  it('cancels at the period end, resumes, and then ends at the period end once cancelled again', async () => {
    const id = await subscribe('4242', null);
    const cancelled = await t.stripe.cancelAtPeriodEnd(id, 'cancel-1');
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, canceledAt: '2026-03-02T09:00:00.000Z' });

    const sdk = new Stripe(SECRET_KEY, { host: t.simulator.host, port: t.simulator.port, protocol: 'http' });
    const resumed = await sdk.subscriptions.update(id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, canceled_at: null, cancel_at: null });

    await t.stripe.cancelAtPeriodEnd(id, 'cancel-2');
    await t.simulator.advanceClock(31 * DAY);
    expect(await t.stripe.retrieveSubscription(id)).toMatchObject({
      status: 'canceled',
      endedAt: '2026-04-02T09:00:00.000Z',
    });
    await t.simulator.deliverPending();
    expect(
      t.endpoint.received.map((event) => event.type === 'subscription.changed' && event.subscription.status),
    ).toEqual(['active', 'active', 'active', 'canceled']);
  });

  it('refuses a card of another customer, and paying an invoice that is not open, as Stripe does', async () => {
    const danas = await subscribe('4242');
    const sams = await subscribe('4242');
    const sdk = sdkFor(t.simulator);
    const samsCard = String((await sdk.subscriptions.retrieve(sams)).default_payment_method);
    const danasCustomer = String((await sdk.subscriptions.retrieve(danas)).customer);
    await expect(sdk.subscriptions.update(danas, { default_payment_method: samsCard })).rejects.toThrow(
      `No such PaymentMethod: '${samsCard}'`,
    );
    await expect(
      sdk.customers.update(danasCustomer, { invoice_settings: { default_payment_method: samsCard } }),
    ).rejects.toThrow(`No such PaymentMethod: '${samsCard}'`);
    const paid = String((await sdk.subscriptions.retrieve(danas)).latest_invoice);
    await expect(sdk.invoices.pay(paid)).rejects.toThrow('Invoice is already paid.');
    await expect(sdk.invoices.pay('in_missing')).rejects.toThrow("No such invoice: 'in_missing'");
  });

  it('cancels now, and a second cancel is refused as Stripe refuses it', async () => {
    const id = await subscribe('4242');
    expect(await t.stripe.cancelNow(id, 'now-1')).toMatchObject({
      status: 'canceled',
      endedAt: '2026-03-02T09:00:00.000Z',
    });
    // The same idempotency key answers the first reply again; a new key meets the cancelled subscription.
    expect((await t.stripe.cancelNow(id, 'now-1')).status).toBe('canceled');
    await expect(t.stripe.cancelNow(id, 'now-2')).rejects.toThrow(
      'This subscription has already been canceled.',
    );
    await expect(t.stripe.cancelAtPeriodEnd(id, 'later')).rejects.toThrow(/canceled subscription/);
  });

  it('forgets a customer: billing is empty, receipts stop opening, the subscription ends', async () => {
    const id = await subscribe('4242');
    const customerId = (await t.stripe.retrieveSubscription(id))?.customerId ?? '';
    const receipt = (await t.stripe.billing(customerId)).invoices[0]?.pdf ?? '';
    expect((await t.simulator.app.request(new URL(receipt).pathname)).status).toBe(200);

    await t.stripe.forgetCustomer(customerId);
    await t.stripe.forgetCustomer(customerId);
    expect(await t.stripe.billing(customerId)).toEqual({ paymentMethod: null, invoices: [] });
    const gone = await t.simulator.app.request(new URL(receipt).pathname);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("We can't find that receipt");
    expect((await t.stripe.retrieveSubscription(id))?.status).toBe('canceled');
  });
});
