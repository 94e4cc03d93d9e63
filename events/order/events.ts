import { z } from 'zod';

export const FULFILMENT_STATUSES = ['order_placed', 'designing_card', 'packaged', 'shipped'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export const postalAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
});

/** A card order exists from the moment its checkout opens; it becomes an order a person sees once paid. */
export const CardOrderCheckoutStarted = z.object({
  type: z.literal('CardOrderCheckoutStarted'),
  data: z.object({
    orderId: z.string(),
    accountId: z.string(),
    quantity: z.number().int(),
    unitAmount: z.number().int(),
    amountTotal: z.number().int(),
    currency: z.string(),
    provider: z.string(),
    checkoutSessionId: z.string(),
    reorderOf: z.string().nullable(),
    /** Issue 32: cards a firm's admin bought for a member, issued to the member; absent: the buyer's own. */
    forAccountId: z.string().optional(),
    /** With forAccountId: the firm whose admin bought them, whose cards they are. */
    firmId: z.string().optional(),
  }),
});

export const CardOrderPaid = z.object({
  type: z.literal('CardOrderPaid'),
  data: z.object({
    orderId: z.string(),
    amountTotal: z.number().int(),
    currency: z.string(),
    customerId: z.string().nullable(),
    customerEmail: z.string().nullable(),
    deliveryName: z.string().nullable(),
    deliveryAddress: postalAddressSchema.nullable(),
    /** What the customer is told at payment (SPEC §9: 1 to 4 days); the admin may change it later. */
    deliveryWindow: z.string(),
    paymentIntentId: z.string().nullable(),
  }),
});

/** The checkout was left unpaid until the provider closed it, or an asynchronous payment failed. */
export const CardOrderCheckoutClosed = z.object({
  type: z.literal('CardOrderCheckoutClosed'),
  data: z.object({ orderId: z.string(), reason: z.enum(['expired', 'payment_failed']) }),
});

export const FulfilmentStatusChanged = z.object({
  type: z.literal('FulfilmentStatusChanged'),
  data: z.object({
    orderId: z.string(),
    fulfillmentStatus: z.enum(FULFILMENT_STATUSES),
    changedBy: z.string(),
    notify: z.boolean(),
  }),
});

export const TrackingUpdated = z.object({
  type: z.literal('TrackingUpdated'),
  data: z.object({
    orderId: z.string(),
    trackingUrl: z.string().nullable(),
    deliveryWindow: z.string().nullable(),
    changedBy: z.string(),
    notify: z.boolean(),
  }),
});

/**
 * The buyer deleted their account while this paid order was still to be shipped (issue 11, finding 7). Its
 * delivery details are the one thing erasure leaves (ADR 004, amended): the cards were paid for and must arrive.
 */
export const CardOrderHeldForShipping = z.object({
  type: z.literal('CardOrderHeldForShipping'),
  data: z.object({ orderId: z.string() }),
});

/** A held order was shipped: its name, address, email and tracking link were erased from the log then. */
export const CardOrderDeliveryErased = z.object({
  type: z.literal('CardOrderDeliveryErased'),
  data: z.object({ orderId: z.string() }),
});

/**
 * Issue 16: each card of the order got its own address, `/c/<code>` (one `NfcCardIssued` per code, in the same
 * transaction). Recorded on the order too, so the order alone decides whether it may ship.
 */
export const CardCodesAssigned = z.object({
  type: z.literal('CardCodesAssigned'),
  data: z.object({ orderId: z.string(), codes: z.array(z.string()) }),
});

/**
 * Issue 28: the buyer deleted their account before the cards shipped, so none will be made or posted. Recorded before
 * the money goes back, so no card is made meanwhile; the refund follows as its own event.
 */
export const CardOrderCancelled = z.object({
  type: z.literal('CardOrderCancelled'),
  data: z.object({ orderId: z.string(), reason: z.enum(['account_deleted']) }),
});

/** The payment went back to the card it came from: the provider's refund (Stripe `re_…`), in pence. */
export const CardOrderRefunded = z.object({
  type: z.literal('CardOrderRefunded'),
  data: z.object({
    orderId: z.string(),
    refundId: z.string(),
    amount: z.number().int(),
    currency: z.string(),
  }),
});

export const orderEventSchemas = [
  CardOrderCheckoutStarted,
  CardOrderPaid,
  CardOrderCheckoutClosed,
  FulfilmentStatusChanged,
  TrackingUpdated,
  CardOrderHeldForShipping,
  CardOrderDeliveryErased,
  CardCodesAssigned,
  CardOrderCancelled,
  CardOrderRefunded,
] as const;

export type OrderEvent = z.infer<(typeof orderEventSchemas)[number]>;

export const orderStreamId = (orderId: string) => `order-${orderId}`;

const REDACTED = '[erased]';

/**
 * Erasure: who bought and where it went are personal data; what was sold, for how much and when are the
 * business's own records (kept six years for HMRC), so amounts and dates stay.
 */
export const orderRedactions = {
  CardOrderPaid: (data: z.infer<typeof CardOrderPaid>['data']) => ({
    ...data,
    customerEmail: null,
    deliveryName: REDACTED,
    deliveryAddress: null,
  }),
  TrackingUpdated: (data: z.infer<typeof TrackingUpdated>['data']) => ({ ...data, trackingUrl: null }),
};
