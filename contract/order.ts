import { z } from 'zod/mini';
import { messageAnswer } from './message';
import { adminNfcCardSchema } from './nfc-card';

/** A delivery address in Stripe's shape (api/payments/provider.ts PostalAddress). */
export const postalAddressSchema = z.object({
  line1: z.string(),
  line2: z.nullable(z.string()),
  city: z.string(),
  state: z.nullable(z.string()),
  postal_code: z.string(),
  country: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

const optionalText = z.nullable(z.string());

/**
 * An order as SPEC §3 names it (api/orders/order-json.ts orderJson builds it). Some values travel under two names, as
 * the spec's screens read them: the id as `_id`, the subscription id as `subscriptionId`, and in `metadata`.
 */
export const orderSchema = z.object({
  id: z.string(),
  _id: z.string(),
  type: z.enum(['card', 'subscription']),
  status: z.string(),
  fulfillmentStatus: optionalText,
  amountTotal: z.number(),
  currency: z.string(),
  quantity: z.number(),
  deliveryWindow: optionalText,
  deliveryName: optionalText,
  deliveryAddress: optionalText,
  shipping: z.nullable(z.object({ name: optionalText, address: postalAddressSchema })),
  trackingUrl: optionalText,
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: optionalText,
  trialEnd: optionalText,
  currentPeriodStart: optionalText,
  currentPeriodEnd: optionalText,
  cancel_at_period_end: z.boolean(),
  endedAt: optionalText,
  stripeSubscriptionId: optionalText,
  subscriptionId: optionalText,
  provider: z.string(),
  reorderOf: optionalText,
  metadata: z.object({
    quantity: z.number(),
    estimatedDelivery: optionalText,
    trackingUrl: optionalText,
    cancelledAt: optionalText,
  }),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * The admin list adds who bought it (SPEC §3: customerName, customerEmail, userEmail, user.email), and the order's
 * NFC cards with the address to program into each (issue 16; none before the order is paid).
 */
export const adminOrderSchema = z.extend(orderSchema, {
  cards: z.array(adminNfcCardSchema),
  customerName: optionalText,
  customerEmail: optionalText,
  userEmail: optionalText,
  user: z.nullable(
    z.object({ _id: z.string(), email: z.string(), name: optionalText, username: optionalText }),
  ),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /me/orders and POST /me/sync-subscriptions. */
export const ordersAnswer = z.object({ success: z.literal(true), data: z.array(orderSchema) });
export type OrdersAnswer = z.infer<typeof ordersAnswer>;

/** GET /stripe/confirm. */
export const orderAnswer = z.object({ success: z.literal(true), data: orderSchema });
export type OrderAnswer = z.infer<typeof orderAnswer>;

/** POST /cancel-subscription and /resume-subscription: the subscription as the change left it. */
export const cancelledAnswer = z.extend(messageAnswer, { data: z.nullable(orderSchema) });
export type CancelledAnswer = z.infer<typeof cancelledAnswer>;

/** GET /admin/orders. */
export const adminOrdersAnswer = z.object({ success: z.literal(true), data: z.array(adminOrderSchema) });
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswer>;

/** PATCH /admin/orders/:id/tracking and /status: the order as the change left it. */
export const adminOrderUpdatedAnswer = z.extend(messageAnswer, { data: z.nullable(adminOrderSchema) });
export type AdminOrderUpdatedAnswer = z.infer<typeof adminOrderUpdatedAnswer>;
