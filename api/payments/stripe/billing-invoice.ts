import type Stripe from 'stripe';
import type { BillingInvoice, InvoiceState } from '../provider';
import { invoicePdf } from './facts';

/**
 * How Stripe's invoices read on the billing page: Stripe's status and amounts (status, amount_due, amount_paid,
 * amount_remaining, credit notes) read together, the same for Stripe and the simulator.
 */

/** Given back after payment: Stripe refunds a paid invoice with credit notes. Absent from older objects. */
export const amountRefunded = (invoice: Stripe.Invoice): number =>
  invoice.post_payment_credit_notes_amount ?? 0;

/**
 * How a finalised invoice stands for the customer; null for a draft, which the customer never sees. An open invoice
 * is due however many tries failed: the retries or a new card may still pay it.
 */
export function invoiceState(invoice: Stripe.Invoice): InvoiceState | null {
  switch (invoice.status) {
    case 'paid':
      return invoice.amount_paid > 0 && amountRefunded(invoice) >= invoice.amount_paid ? 'refunded' : 'paid';
    case 'open':
      return 'due';
    case 'uncollectible':
      return 'failed';
    case 'void':
      return 'void';
    default:
      return null;
  }
}

/** What a row says for its state: a declined £4.95 is £4.95 due, not the £0.00 paid of it (issue 28). */
const rowAmount = (invoice: Stripe.Invoice, state: InvoiceState): number => {
  switch (state) {
    case 'paid':
      return invoice.amount_paid;
    case 'refunded':
      return amountRefunded(invoice);
    case 'due':
    case 'failed':
      return invoice.amount_remaining;
    case 'void':
      return invoice.amount_due;
  }
};

/** Drafts are invisible to the customer until Stripe finalises them, so they are left out (null). */
export const billingInvoice = (invoice: Stripe.Invoice): BillingInvoice | null => {
  const state = invoiceState(invoice);
  return state === null
    ? null
    : {
        id: invoice.id,
        date: new Date(invoice.created * 1000).toISOString(),
        number: invoice.number,
        status: state,
        amount: rowAmount(invoice, state),
        amountDue: invoice.amount_due,
        amountPaid: invoice.amount_paid,
        currency: invoice.currency,
        pdf: invoicePdf(invoice),
      };
};
