import { describe, expect, it } from 'vitest';
import {
  checkoutRequest,
  sdkFor,
  stripeAgainstSimulator,
  submitCheckout,
} from '../../../tests/support/stripe-simulator/against-simulator';
import type { CheckoutRequest } from '../provider';

const context = stripeAgainstSimulator();
const DAY_SECONDS = 24 * 60 * 60;

/** Pays on the hosted page with the card given; returns the customer Checkout made or reused. */
const pay = async (card: '4242' | '0341', fields: Partial<CheckoutRequest> = {}) => {
  const { sessionId, url } = await context.stripe.createCheckout(checkoutRequest(fields));
  expect((await submitCheckout(context.simulator, url, { card })).status).toBe(303);
  const customerId = (await context.stripe.retrieveCheckout(sessionId))?.customerId;
  if (!customerId) throw new Error('Checkout made no customer.');
  return customerId;
};

describe('billing', () => {
  it('shows the card used at checkout and the subscription invoice with its receipt link', async () => {
    const customerId = await pay('4242', { trial: null });
    const [invoice] = (await sdkFor(context.simulator).invoices.list({ customer: customerId })).data;

    const billing = await context.stripe.billing(customerId);

    expect(billing.paymentMethod).toMatchObject({ card: { brand: 'visa', last4: '4242' } });
    expect(billing.invoices).toEqual([
      {
        id: invoice?.id,
        date: new Date((invoice?.created ?? 0) * 1000).toISOString(),
        number: 'TC-0001',
        status: 'paid',
        amount: 495,
        amountDue: 495,
        amountPaid: 495,
        currency: 'gbp',
        pdf: invoice?.invoice_pdf,
      },
    ]);
    const receipt = await context.simulator.app.request(new URL(invoice?.invoice_pdf ?? '').pathname);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('TC-0001');
  });

  it('shows the newest card when a later checkout saved another, invoices newest first', async () => {
    const customerId = await pay('4242', { trial: null });
    await pay('0341', { customerId, trial: { days: 14 } });

    const billing = await context.stripe.billing(customerId);

    expect(billing.paymentMethod?.card.last4).toBe('0341');
    expect(billing.invoices.map((invoice) => [invoice.number, invoice.amount])).toEqual([
      ['TC-0002', 0],
      ['TC-0001', 495],
    ]);
  });

  it('lists the renewal a declined card left open as £4.95 due, and paid once it is (issue 28)', async () => {
    const customerId = await pay('0341', { trial: { days: 14 } });
    await context.simulator.advanceClock(14 * DAY_SECONDS);

    const [renewal, trial] = (await context.stripe.billing(customerId)).invoices;
    expect(renewal).toMatchObject({
      number: 'TC-0002',
      status: 'due',
      amount: 495,
      amountDue: 495,
      amountPaid: 0,
    });
    expect(trial).toMatchObject({ number: 'TC-0001', status: 'paid', amount: 0 });
  });

  it('gives one invoice in full for its document: the customer, the line and its period, the amounts', async () => {
    const customerId = await pay('0341', { trial: { days: 14 } });
    await context.simulator.advanceClock(14 * DAY_SECONDS);
    const renewal = (await context.stripe.billing(customerId)).invoices[0];

    const document = await context.stripe.retrieveInvoice(renewal?.id ?? '');

    expect(document).toEqual({
      id: renewal?.id,
      number: 'TC-0002',
      status: 'due',
      created: '2026-03-16T09:00:00.000Z',
      paidAt: null,
      currency: 'gbp',
      customerId,
      customer: { name: null, email: 'dana@example.com', address: null },
      lines: [
        {
          description: 'TradeCard Profile plan',
          quantity: 1,
          unitAmount: 495,
          amount: 495,
          period: { start: '2026-03-16T09:00:00.000Z', end: '2026-04-16T09:00:00.000Z' },
        },
      ],
      total: 495,
      amountDue: 495,
      amountPaid: 0,
      amountRemaining: 495,
      amountRefunded: 0,
      tax: null,
      testMode: true,
    });
    expect(await context.stripe.retrieveInvoice('in_unknown')).toBeNull();
  });

  it('is empty for a deleted customer', async () => {
    const customerId = await pay('4242', { trial: null });
    await context.stripe.forgetCustomer(customerId);

    expect(await context.stripe.billing(customerId)).toEqual({ paymentMethod: null, invoices: [] });
    // Forgetting again is what was wanted, not an error.
    await context.stripe.forgetCustomer(customerId);
  });

  it('is empty for a customer Stripe does not know', async () => {
    expect(await context.stripe.billing('cus_unknown')).toEqual({ paymentMethod: null, invoices: [] });
  });
});
