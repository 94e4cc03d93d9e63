import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stripeAgainstFake } from '../../../tests/support/api/payments/stripe/against-fake';

const context = stripeAgainstFake();

describe('billing', () => {
  it('shows the card used at checkout and the subscription invoice', async () => {
    const { sessionId } = await context.stripe.createCheckout({
      kind: 'subscription',
      orderId: 'ord_billing',
      accountId: 'acc_billing',
      email: 'sam@example.com',
      customerId: null,
      quantity: 1,
      trial: null,
      successUrl: 'https://tradecard.test/done?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://tradecard.test/order',
      idempotencyKey: `checkout-${randomUUID()}`,
    });
    context.fake.completeCheckout(sessionId, { cardLast4: '1881' });
    const customerId = context.fake.store.sessions.get(sessionId)?.customer;
    if (typeof customerId !== 'string') throw new Error('Checkout made no customer.');
    const [invoice] = [...context.fake.store.invoices.values()].filter((inv) => inv.customer === customerId);

    const billing = await context.stripe.billing(customerId);

    expect(billing.paymentMethod).toEqual({
      card: { brand: 'visa', last4: '1881', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 },
    });
    expect(billing.invoices).toEqual([
      {
        id: invoice?.id,
        date: new Date((invoice?.created ?? 0) * 1000).toISOString(),
        number: invoice?.number,
        amount: 495,
        currency: 'gbp',
        pdf: `https://pay.stripe.com/invoice/acct_test/${invoice?.id}/pdf`,
      },
    ]);
    expect(invoice?.number).toMatch(/-0001$/);
  });

  it('prefers the customer’s default card over the newest one', async () => {
    const customer = context.fake.addCustomer();
    context.fake.addPaymentMethod(
      customer.id,
      { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 },
      { isDefault: true },
    );
    context.fake.addPaymentMethod(customer.id, { last4: '0005' });

    const billing = await context.stripe.billing(customer.id);

    expect(billing.paymentMethod).toEqual({
      card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 },
    });
    const lookup = context.fake.requests.find((request) => request.path === `/v1/customers/${customer.id}`);
    expect(lookup?.params).toEqual({ expand: ['invoice_settings.default_payment_method'] });
    const listed = context.fake.requests.some(
      (request) => request.path === '/v1/payment_methods' && request.params.customer === customer.id,
    );
    expect(listed).toBe(false);
  });

  it('falls back to the newest card when there is no default', async () => {
    const customer = context.fake.addCustomer();
    context.fake.addPaymentMethod(customer.id, { last4: '1111' });
    context.fake.addPaymentMethod(customer.id, { last4: '2222' });

    const billing = await context.stripe.billing(customer.id);

    expect(billing.paymentMethod?.card.last4).toBe('2222');
    const listing = context.fake.requests.find(
      (request) => request.path === '/v1/payment_methods' && request.params.customer === customer.id,
    );
    expect(listing?.params).toEqual({ customer: customer.id, type: 'card', limit: '1' });
  });

  it('has no payment method when the customer never saved a card, and leaves drafts out', async () => {
    const customer = context.fake.addCustomer();
    const open = context.fake.addInvoice(customer.id, {
      status: 'open',
      amount: 2495,
      number: 'TC-OPEN-0002',
    });
    context.fake.addInvoice(customer.id, { status: 'draft', amount: 990 });
    if (open.invoice_pdf === undefined) throw new Error('The fake invoice has no pdf field.');
    open.invoice_pdf = null;

    const billing = await context.stripe.billing(customer.id);

    expect(billing.paymentMethod).toBeNull();
    expect(billing.invoices).toEqual([
      {
        id: open.id,
        date: new Date(open.created * 1000).toISOString(),
        number: 'TC-OPEN-0002',
        amount: 0,
        currency: 'gbp',
        pdf: `https://invoice.stripe.com/i/acct_test/${open.id}`,
      },
    ]);
    const listing = context.fake.requests.find(
      (request) => request.path === '/v1/invoices' && request.params.customer === customer.id,
    );
    expect(listing?.params).toEqual({ customer: customer.id, limit: '24' });
  });

  it('is empty for a deleted customer', async () => {
    const customer = context.fake.addCustomer();
    context.fake.addPaymentMethod(customer.id, { last4: '3333' });
    context.fake.addInvoice(customer.id);
    context.fake.deleteCustomer(customer.id);

    expect(await context.stripe.billing(customer.id)).toEqual({ paymentMethod: null, invoices: [] });
  });

  it('is empty for a customer Stripe does not know', async () => {
    expect(await context.stripe.billing('cus_unknown')).toEqual({ paymentMethod: null, invoices: [] });
  });
});
