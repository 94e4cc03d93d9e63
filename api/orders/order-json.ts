import type { AdminNfcCard } from '../../contract/nfc-card';
import type { AdminOrder, Order } from '../../contract/order';
import type { PostalAddress } from '../payments/provider';
import type { AdminOrderRow, OrderRow } from './orders';

const parseAddress = (json: string | null): PostalAddress | null =>
  json ? (JSON.parse(json) as PostalAddress) : null;

/** '1 Pipe Lane, Flat 2, Leeds, LS1 1AA, GB': how the screens show a delivery address on one line. */
export const addressLine = (address: PostalAddress | null) =>
  address
    ? [address.line1, address.line2, address.city, address.state, address.postal_code, address.country]
        .filter((part) => part?.trim())
        .join(', ')
    : null;

/**
 * An order as SPEC §3 names it. Each value is given once under its own name and, where the screens also read it
 * from metadata, there too; the provider's subscription id under both names the screens use.
 */
export function orderJson(order: OrderRow): Order {
  const address = parseAddress(order.delivery_address);
  const isCard = order.type === 'card';
  return {
    id: order.id,
    _id: order.id,
    type: order.type,
    status: order.status,
    fulfillmentStatus: isCard ? (order.fulfillment_status ?? 'order_placed') : null,
    amountTotal: order.amount_total,
    currency: order.currency,
    quantity: order.quantity,
    deliveryWindow: order.delivery_window,
    deliveryName: order.delivery_name,
    deliveryAddress: addressLine(address),
    shipping: isCard && address ? { name: order.delivery_name, address } : null,
    trackingUrl: order.tracking_url,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    paidAt: order.paid_at,
    trialEnd: order.trial_end,
    currentPeriodStart: order.current_period_start,
    currentPeriodEnd: order.current_period_end,
    cancel_at_period_end: order.cancel_at_period_end === 1,
    endedAt: order.ended_at,
    stripeSubscriptionId: order.provider_subscription_id,
    subscriptionId: order.provider_subscription_id,
    provider: order.provider,
    reorderOf: order.reorder_of,
    metadata: {
      quantity: order.quantity,
      estimatedDelivery: order.delivery_window,
      trackingUrl: order.tracking_url,
      cancelledAt: order.canceled_at,
    },
  };
}

/** The admin list adds who bought it (SPEC §3: customerName, customerEmail, userEmail, user.email), and its cards. */
export function adminOrderJson(order: AdminOrderRow, cards: AdminNfcCard[]): AdminOrder {
  const email = order.customer_email ?? order.user_email ?? null;
  return {
    ...orderJson(order),
    cards,
    customerName: order.delivery_name ?? order.user_name ?? null,
    customerEmail: email,
    userEmail: order.user_email ?? null,
    user: order.user_email
      ? {
          _id: order.account_id,
          email: order.user_email,
          name: order.user_name,
          username: order.user_username,
        }
      : null,
  };
}
