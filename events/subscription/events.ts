import { z } from 'zod';

export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * ADR 009: the statuses that keep a page live. past_due keeps it while the provider retries the payment, so a
 * customer whose card bounced once isn't taken offline mid-job; unpaid and canceled take it down.
 */
export const ACCESS_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];
export const ENDED_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

export const SubscriptionCheckoutStarted = z.object({
  type: z.literal('SubscriptionCheckoutStarted'),
  data: z.object({
    orderId: z.string(),
    accountId: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    provider: z.string(),
    checkoutSessionId: z.string(),
    reorderOf: z.string().nullable(),
    /** Issue 32: a firm's plan, paid by its admin for every member; absent on a tradesperson's own. */
    firmId: z.string().optional(),
    /** Places paid for: a firm's members; absent (one) on a tradesperson's own. */
    quantity: z.number().int().positive().optional(),
  }),
});

export const subscriptionSnapshotSchema = z.object({
  providerSubscriptionId: z.string(),
  customerId: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEnd: z.string().nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** A firm's plan counts its members (issue 32); absent in snapshots recorded before, which were all one. */
  quantity: z.number().int().positive().optional(),
});
export type SubscriptionSnapshot = z.infer<typeof subscriptionSnapshotSchema>;

/** The provider's view of the subscription, recorded whenever it differs from the last one recorded. */
export const SubscriptionUpdated = z.object({
  type: z.literal('SubscriptionUpdated'),
  data: subscriptionSnapshotSchema.extend({ orderId: z.string() }),
});

/** Time as an event (design §2): the subscription is over, and with it the page (unless another runs). */
export const SubscriptionEnded = z.object({
  type: z.literal('SubscriptionEnded'),
  data: z.object({ orderId: z.string(), endedAt: z.string() }),
});

export const SubscriptionCheckoutClosed = z.object({
  type: z.literal('SubscriptionCheckoutClosed'),
  data: z.object({ orderId: z.string(), reason: z.enum(['expired', 'payment_failed']) }),
});

const invoiceOutcome = z.object({
  orderId: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
});

export const SubscriptionPaymentSucceeded = z.object({
  type: z.literal('SubscriptionPaymentSucceeded'),
  data: invoiceOutcome,
});

/** A charge that failed; the provider retries the same invoice, so its failure is recorded once. */
export const SubscriptionPaymentFailed = z.object({
  type: z.literal('SubscriptionPaymentFailed'),
  data: invoiceOutcome,
});

export const subscriptionEventSchemas = [
  SubscriptionCheckoutStarted,
  SubscriptionUpdated,
  SubscriptionEnded,
  SubscriptionCheckoutClosed,
  SubscriptionPaymentSucceeded,
  SubscriptionPaymentFailed,
] as const;

export type SubscriptionEvent = z.infer<(typeof subscriptionEventSchemas)[number]>;

export const subscriptionStreamId = (orderId: string) => `subscription-${orderId}`;
