import { z } from 'zod/mini';

export const paymentCardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
});
export type PaymentCard = z.infer<typeof paymentCardSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  date: z.string(),
  number: z.nullable(z.string()),
  amount: z.number(),
  currency: z.string(),
  pdf: z.nullable(z.string()),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET /billing: the saved card and past invoices, as the payment provider tells them (SPEC §7). */
export const billingAnswer = z.object({
  paymentMethod: z.nullable(z.object({ card: paymentCardSchema })),
  invoices: z.array(invoiceSchema),
});
export type BillingAnswer = z.infer<typeof billingAnswer>;
