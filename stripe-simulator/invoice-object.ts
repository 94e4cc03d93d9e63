import { newId } from './ids';
import type { Invoice, Subscription } from './objects';

/** One line of an invoice, as the simulator composes it before Stripe's shape is made of it. */
export type InvoiceLine = {
  description: string;
  quantity: number;
  unitAmount: number;
  /** Signed: a proration's credit is negative, and only part of quantity × unit for part of a period. */
  amount: number;
  period: { start: number; end: number } | null;
  /** The subscription item a plan's line (or a proration of it) bills; null for a one-off. */
  subscriptionItem: string | null;
  /** The pending invoice item (`ii_…`) a proration was kept as until invoiced; null for any other line. */
  invoiceItem: string | null;
};

/** A line for whole units, the plan's or a product's: quantity × unit. */
export const wholeLine = (
  fields: Pick<InvoiceLine, 'description' | 'quantity' | 'unitAmount' | 'period'> & {
    subscriptionItem?: string | null;
  },
): InvoiceLine => ({
  ...fields,
  amount: fields.quantity * fields.unitAmount,
  subscriptionItem: fields.subscriptionItem ?? null,
  invoiceItem: null,
});

/** What an invoice is for: whom, what and whether it was paid at once. */
export type InvoiceFor = {
  customer: string;
  customerEmail: string | null;
  currency: string;
  lines: InvoiceLine[];
  subscription: Subscription | null;
  billingReason: 'manual' | 'subscription_create' | 'subscription_cycle';
  paid: boolean;
  /** Unix seconds of the next try at an unpaid invoice, as Stripe's `next_payment_attempt`; null when none is due. */
  nextPaymentAttempt?: number | null;
};

const totalOf = (lines: InvoiceLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/**
 * What is charged for the lines. Credits beyond the charges would go to Stripe's customer balance, which the
 * simulator does not keep: such an invoice is £0.
 */
export const amountDueFor = (lines: InvoiceLine[]) => Math.max(0, totalOf(lines));

const parentOf = (line: InvoiceLine, subscription: Subscription | null) =>
  line.subscriptionItem && subscription
    ? {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: line.invoiceItem,
          proration: line.invoiceItem !== null,
          proration_details: line.invoiceItem === null ? null : { credited_items: null },
          subscription: subscription.id,
          subscription_item: line.subscriptionItem,
        },
      }
    : null;

const lineObject = (
  line: InvoiceLine,
  fields: { currency: string; created: number },
  subscription: Subscription | null,
) => ({
  id: newId('il'),
  object: 'line_item',
  description: line.description,
  amount: line.amount,
  currency: fields.currency,
  quantity: line.quantity,
  period: line.period ?? { start: fields.created, end: fields.created },
  pricing: { type: 'price_details', unit_amount_decimal: String(line.unitAmount) },
  parent: parentOf(line, subscription),
});

export const invoiceObject = (
  fields: InvoiceFor & { number: string; created: number; receiptUrl: string },
) => {
  const id = newId('in');
  const total = totalOf(fields.lines);
  const amount = amountDueFor(fields.lines);
  // The plan's line gives the period when there is one (a renewal's prorations cover the month gone).
  const period = fields.lines.findLast((line) => line.period !== null)?.period ?? null;
  return {
    id,
    object: 'invoice',
    customer: fields.customer,
    customer_email: fields.customerEmail,
    // Stripe copies these from the customer; the simulator's customers keep neither.
    customer_name: null,
    customer_address: null,
    status: fields.paid ? 'paid' : 'open',
    number: fields.number,
    created: fields.created,
    currency: fields.currency,
    amount_due: amount,
    amount_paid: fields.paid ? amount : 0,
    amount_remaining: fields.paid ? 0 : amount,
    subtotal: total,
    total,
    // No tax is calculated, and no credit notes are issued here.
    total_taxes: [],
    post_payment_credit_notes_amount: 0,
    attempt_count: amount > 0 ? 1 : 0,
    attempted: amount > 0,
    billing_reason: fields.billingReason,
    next_payment_attempt: fields.paid ? null : (fields.nextPaymentAttempt ?? null),
    collection_method: 'charge_automatically',
    parent: fields.subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: {
            metadata: fields.subscription.metadata,
            subscription: fields.subscription.id,
          },
        }
      : null,
    lines: {
      object: 'list',
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
      data: fields.lines.map((line) => lineObject(line, fields, fields.subscription)),
    },
    period_start: period?.start ?? fields.created,
    period_end: period?.end ?? fields.created,
    status_transitions: {
      finalized_at: fields.created,
      paid_at: fields.paid ? fields.created : null,
      marked_uncollectible_at: null,
      voided_at: null,
    },
    hosted_invoice_url: fields.receiptUrl,
    invoice_pdf: `${fields.receiptUrl}?download=1`,
    livemode: false,
    metadata: {},
  } as unknown as Invoice;
};
