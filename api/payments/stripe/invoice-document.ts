import type Stripe from 'stripe';
import type { InvoiceDocument, InvoiceLine } from '../provider';
import { amountRefunded, invoiceState } from './billing-invoice';
import { idOf, isoFromUnix, postalAddress } from './facts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Stripe gives a one-off line a period of one instant; only a plan's line covers a stretch of time. */
const linePeriod = (period: Stripe.InvoiceLineItem.Period | undefined): InvoiceLine['period'] =>
  period && period.end > period.start ? { start: iso(period.start), end: iso(period.end) } : null;

function invoiceLine(line: Stripe.InvoiceLineItem): InvoiceLine {
  const quantity = line.quantity ?? 1;
  const unit = Number(line.pricing?.unit_amount_decimal);
  return {
    description: line.description ?? '',
    quantity,
    unitAmount: Number.isFinite(unit) ? unit : Math.round(line.amount / Math.max(quantity, 1)),
    amount: line.amount,
    period: linePeriod(line.period),
  };
}

/** The tax Stripe added up on the invoice; null when it calculated none (no tax rates, no Stripe Tax). */
const taxOf = (invoice: Stripe.Invoice): number | null =>
  invoice.total_taxes?.length ? invoice.total_taxes.reduce((sum, tax) => sum + tax.amount, 0) : null;

/** A finalised invoice as its document shows it; null for a draft. */
export function invoiceDocument(invoice: Stripe.Invoice): InvoiceDocument | null {
  const status = invoiceState(invoice);
  if (status === null) return null;
  return {
    id: invoice.id,
    number: invoice.number,
    status,
    created: iso(invoice.created),
    paidAt: isoFromUnix(invoice.status_transitions?.paid_at),
    currency: invoice.currency,
    customerId: idOf(invoice.customer),
    customer: {
      name: invoice.customer_name ?? null,
      email: invoice.customer_email ?? null,
      address: invoice.customer_address ? postalAddress(invoice.customer_address) : null,
    },
    // Stripe lists the first ten lines with the invoice; we sell one line an invoice.
    lines: invoice.lines.data.map(invoiceLine),
    total: invoice.total ?? invoice.amount_due,
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    amountRemaining: invoice.amount_remaining,
    amountRefunded: amountRefunded(invoice),
    tax: taxOf(invoice),
    testMode: !invoice.livemode,
  };
}
