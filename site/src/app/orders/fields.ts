import type { Order } from './types';

/** SPEC §3: each of these may also come in the order's metadata. */
export const quantityOf = (order: Pick<Order, 'quantity' | 'metadata'>) =>
  order.quantity ?? order.metadata?.quantity ?? 1;

export const trackingUrlOf = (order: Pick<Order, 'trackingUrl' | 'metadata'>) =>
  order.trackingUrl || order.metadata?.trackingUrl || null;

export const deliveryWindowOf = (order: Pick<Order, 'deliveryWindow' | 'metadata'>) =>
  order.deliveryWindow || order.metadata?.estimatedDelivery || null;

export const subscriptionIdOf = (order: Pick<Order, 'stripeSubscriptionId' | 'subscriptionId'>) =>
  order.stripeSubscriptionId ?? order.subscriptionId ?? null;

/** 'Dana Pipe, 12 Boiler Row, Leeds, LS1 4AP, GB': the name and the address on one line. */
export const deliveryLine = (order: Pick<Order, 'deliveryName' | 'deliveryAddress'>) =>
  [order.deliveryName, order.deliveryAddress].filter((part) => part?.trim()).join(', ') || '—';

/** Where 'View details' goes (SPEC §2 "/myorders"). */
export const detailsHref = (order: Pick<Order, 'id' | 'type'>) =>
  `${order.type === 'subscription' ? '/SuccessSubscription' : '/success'}?id=${encodeURIComponent(order.id)}`;

/** 'NFC card' or '2 × NFC card'. */
export function orderTitle(order: Pick<Order, 'type' | 'quantity' | 'metadata'>) {
  if (order.type === 'subscription') return 'Profile Plan';
  const quantity = quantityOf(order);
  return quantity > 1 ? `${quantity} × NFC card` : 'NFC card';
}
