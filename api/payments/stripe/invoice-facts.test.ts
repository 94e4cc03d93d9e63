import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { billingInvoice, billingPaymentMethod, invoiceFacts } from './facts';

const T0 = 1_780_000_000;
const T0_ISO = new Date(T0 * 1000).toISOString();

const invoice = (fields: Partial<Stripe.Invoice> = {}) =>
  ({
    id: 'in_1',
    object: 'invoice',
    number: 'TC-0001',
    customer: 'cus_1',
    amount_paid: 495,
    amount_due: 495,
    currency: 'gbp',
    status: 'paid',
    created: T0,
    billing_reason: 'subscription_cycle',
    next_payment_attempt: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: {}, subscription: 'sub_1' },
    },
    invoice_pdf: 'https://pay.stripe.test/in_1/pdf',
    hosted_invoice_url: 'https://invoice.stripe.test/in_1',
    ...fields,
  }) as Stripe.Invoice;

describe('invoiceFacts', () => {
  it('finds the subscription under parent.subscription_details', () => {
    expect(invoiceFacts(invoice())).toEqual({
      id: 'in_1',
      number: 'TC-0001',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      amountPaid: 495,
      amountDue: 495,
      currency: 'gbp',
      status: 'paid',
      created: T0_ISO,
      pdfUrl: 'https://pay.stripe.test/in_1/pdf',
      billingReason: 'subscription_cycle',
      nextPaymentAttempt: null,
    });
  });

  it('says when an unpaid invoice is tried next', () => {
    const open = invoice({ status: 'open', amount_paid: 0, next_payment_attempt: T0 + 3 * 86_400 });
    expect(invoiceFacts(open)).toMatchObject({
      nextPaymentAttempt: new Date((T0 + 3 * 86_400) * 1000).toISOString(),
    });
  });

  it('handles invoices without a subscription or a pdf', () => {
    const facts = invoiceFacts(invoice({ parent: null, invoice_pdf: null, status: null }));
    expect(facts).toMatchObject({
      subscriptionId: null,
      pdfUrl: 'https://invoice.stripe.test/in_1',
      status: 'draft',
    });
  });
});

describe('billing facts', () => {
  it('lists finalised invoices with the amount paid and leaves drafts out', () => {
    expect(billingInvoice(invoice())).toEqual({
      id: 'in_1',
      date: T0_ISO,
      number: 'TC-0001',
      amount: 495,
      currency: 'gbp',
      pdf: 'https://pay.stripe.test/in_1/pdf',
    });
    expect(billingInvoice(invoice({ status: 'draft' }))).toBeNull();
    expect(billingInvoice(invoice({ invoice_pdf: null, hosted_invoice_url: null }))?.pdf).toBeNull();
  });

  it('shows only cards, and only when expanded', () => {
    const card = { brand: 'amex', last4: '0005', exp_month: 9, exp_year: 2030 } as Stripe.PaymentMethod.Card;
    expect(billingPaymentMethod({ type: 'card', card } as Stripe.PaymentMethod)).toEqual({
      card: { brand: 'amex', last4: '0005', exp_month: 9, exp_year: 2030 },
    });
    expect(billingPaymentMethod({ type: 'sepa_debit' } as Stripe.PaymentMethod)).toBeNull();
    expect(billingPaymentMethod('pm_not_expanded')).toBeNull();
    expect(billingPaymentMethod(null)).toBeNull();
  });
});
