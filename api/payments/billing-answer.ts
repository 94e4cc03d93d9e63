import type { BillingAnswer } from '../../contract/billing';
import type { BillingFacts } from './provider';

/**
 * Where the signed-in customer downloads an invoice: our own PDF of the provider's invoice, so Stripe and the
 * simulator give the same document, with the seller's details as configured here.
 */
export const invoicePdfPath = (invoiceId: string) =>
  `/api/billing/invoices/${encodeURIComponent(invoiceId)}/pdf`;

/** GET /billing's answer: the card and the invoices as the provider tells them, each with our PDF to download. */
export const billingAnswerOf = (facts: BillingFacts): BillingAnswer => ({
  paymentMethod: facts.paymentMethod,
  invoices: facts.invoices.map((invoice) => ({ ...invoice, pdf: invoicePdfPath(invoice.id) })),
});
