import { describe, expect, it } from 'vitest';
import {
  checkoutRequest,
  sdkFor,
  stripeAgainstSimulator,
  submitCheckout,
} from '../../../tests/support/stripe-simulator/against-simulator';
import type { CheckoutRequest } from '../provider';

const context = stripeAgainstSimulator();

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
        amount: 495,
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
