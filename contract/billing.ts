import { z } from 'zod/mini';
import { messageAnswer } from './message';

export const paymentCardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
});
export type PaymentCard = z.infer<typeof paymentCardSchema>;

/**
 * How an invoice stands, from Stripe's invoice (status, amount_due, amount_paid): paid; due while open (retries or a
 * new card may pay it); failed once given up on (uncollectible); refunded; void (nothing owed).
 */
export const invoiceStatusSchema = z.enum(['paid', 'due', 'failed', 'refunded', 'void']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  date: z.string(),
  number: z.nullable(z.string()),
  status: invoiceStatusSchema,
  /** What the row states for its status: paid, still due, refunded, or (void) billed. Minor units. */
  amount: z.number(),
  amountDue: z.number(),
  amountPaid: z.number(),
  currency: z.string(),
  /** Our PDF of it (GET /api/billing/invoices/:id/pdf). */
  pdf: z.nullable(z.string()),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET /billing: the saved card and past invoices, as the payment provider tells them (SPEC §7). */
export const billingAnswer = z.object({
  paymentMethod: z.nullable(z.object({ card: paymentCardSchema })),
  invoices: z.array(invoiceSchema),
});
export type BillingAnswer = z.infer<typeof billingAnswer>;

/** POST /billing/payment-method: the provider's page where the new card is saved. */
export const cardSetupAnswer = z.object({ url: z.string(), sessionId: z.string() });
export type CardSetupAnswer = z.infer<typeof cardSetupAnswer>;

/**
 * POST /billing/payment-method/confirm: the new card is the one charged; whether a payment that was due went
 * through with it (`none` when nothing was due), and billing as it now stands.
 */
export const cardReplacedAnswer = z.extend(messageAnswer, {
  paymentDue: z.enum(['none', 'paid', 'declined']),
  billing: billingAnswer,
});
export type CardReplacedAnswer = z.infer<typeof cardReplacedAnswer>;
