import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { billingInvoice } from './billing-invoice';
import { billingPaymentMethod, invoiceFacts } from './facts';
import { invoiceDocument } from './invoice-document';

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
  it('lists finalised invoices with their status and amounts, and leaves drafts out', () => {
    expect(billingInvoice(invoice())).toEqual({
      id: 'in_1',
      date: T0_ISO,
      number: 'TC-0001',
      status: 'paid',
      amount: 495,
      amountDue: 495,
      amountPaid: 495,
      currency: 'gbp',
      pdf: 'https://pay.stripe.test/in_1/pdf',
    });
    expect(billingInvoice(invoice({ status: 'draft' }))).toBeNull();
    expect(billingInvoice(invoice({ invoice_pdf: null, hosted_invoice_url: null }))?.pdf).toBeNull();
  });

  it('says what a declined invoice still owes, not the £0.00 paid of it (issue 28)', () => {
    const declined = invoice({ status: 'open', amount_paid: 0, amount_remaining: 495, attempt_count: 2 });
    expect(billingInvoice(declined)).toMatchObject({
      status: 'due',
      amount: 495,
      amountDue: 495,
      amountPaid: 0,
    });
    const givenUp = invoice({ status: 'uncollectible', amount_paid: 0, amount_remaining: 495 });
    expect(billingInvoice(givenUp)).toMatchObject({ status: 'failed', amount: 495 });
  });

  it('says refunded once credit notes gave back what was paid, and void for an invoice nobody owes', () => {
    const credited = (amount: number) => invoice({ post_payment_credit_notes_amount: amount });
    expect(billingInvoice(credited(495))).toMatchObject({ status: 'refunded', amount: 495 });
    // Part given back: still paid, for what was paid.
    expect(billingInvoice(credited(200))).toMatchObject({ status: 'paid', amount: 495 });
    // A £0 trial invoice is paid, not refunded.
    expect(billingInvoice(invoice({ amount_paid: 0, amount_due: 0 }))).toMatchObject({
      status: 'paid',
      amount: 0,
    });
    const voided = invoice({ status: 'void', amount_paid: 0, amount_remaining: 0 });
    expect(billingInvoice(voided)).toMatchObject({ status: 'void', amount: 495 });
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

describe('invoice documents from Stripe itself (PAYMENTS=stripe)', () => {
  it('reads the customer, the line, Stripe’s tax and a refund by credit note as the simulator’s are read', () => {
    const live = invoice({
      livemode: true,
      amount_due: 594,
      amount_paid: 594,
      amount_remaining: 0,
      total: 594,
      total_taxes: [{ amount: 99 } as Stripe.Invoice.TotalTax],
      post_payment_credit_notes_amount: 594,
      customer_name: 'Dana Pipe',
      customer_email: 'dana@example.com',
      customer_address: {
        line1: '12 Boiler Row',
        line2: null,
        city: 'Leeds',
        state: null,
        postal_code: 'LS1 4AP',
        country: 'GB',
      },
      status_transitions: { finalized_at: T0, paid_at: T0, marked_uncollectible_at: null, voided_at: null },
      lines: {
        data: [
          {
            description: 'TradeCard Profile plan',
            quantity: 1,
            amount: 594,
            pricing: { unit_amount_decimal: '594' },
            period: { start: T0, end: T0 + 31 * 86_400 },
          },
        ],
      } as unknown as Stripe.ApiList<Stripe.InvoiceLineItem>,
    });

    expect(invoiceDocument(live)).toMatchObject({
      number: 'TC-0001',
      status: 'refunded',
      paidAt: T0_ISO,
      customer: {
        name: 'Dana Pipe',
        email: 'dana@example.com',
        address: { line1: '12 Boiler Row', city: 'Leeds', postal_code: 'LS1 4AP', country: 'GB' },
      },
      lines: [
        {
          description: 'TradeCard Profile plan',
          quantity: 1,
          unitAmount: 594,
          amount: 594,
          period: { start: T0_ISO, end: new Date((T0 + 31 * 86_400) * 1000).toISOString() },
        },
      ],
      total: 594,
      amountRefunded: 594,
      tax: 99,
      testMode: false,
    });
    expect(invoiceDocument(invoice({ status: 'draft' }))).toBeNull();
  });
});
