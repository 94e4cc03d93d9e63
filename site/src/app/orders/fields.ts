import type { Order } from '../../../../contract/order';

/** 'Dana Pipe, 12 Boiler Row, Leeds, LS1 4AP, GB': the name and the address on one line. */
export const deliveryLine = (order: Pick<Order, 'deliveryName' | 'deliveryAddress'>) =>
  [order.deliveryName, order.deliveryAddress].filter((part) => part?.trim()).join(', ') || '—';

/** Where 'View details' goes (SPEC §2 "/myorders"). */
export const detailsHref = (order: Pick<Order, 'id' | 'type'>) =>
  `${order.type === 'subscription' ? '/SuccessSubscription' : '/success'}?id=${encodeURIComponent(order.id)}`;

/** 'NFC card' or '2 × NFC card'. */
export function orderTitle(order: Pick<Order, 'type' | 'quantity'>) {
  if (order.type === 'subscription') return 'Profile Plan';
  return order.quantity > 1 ? `${order.quantity} × NFC card` : 'NFC card';
}
