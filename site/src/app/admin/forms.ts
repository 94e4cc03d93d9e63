import type { AdminOrder } from '../../../../contract/order';
import { formatDate, formatMoney } from '../orders/format';
import type { TrackingBody } from './api';

/** SPEC §5: the customer is told only when the box is ticked and there is a link to send them. */
export function trackingPayload(form: {
  trackingUrl: string;
  deliveryWindow: string;
  notify: boolean;
}): TrackingBody {
  const trackingUrl = form.trackingUrl.trim() || null;
  return {
    trackingUrl,
    deliveryWindow: form.deliveryWindow.trim() || null,
    notify: form.notify && trackingUrl !== null,
  };
}

/** The shipping address a line at a time, as it goes on the parcel. */
export function shippingLines(order: Pick<AdminOrder, 'shipping' | 'deliveryAddress'>): string[] {
  const address = order.shipping?.address;
  if (!address) return order.deliveryAddress ? [order.deliveryAddress] : [];
  return [address.line1, address.line2, address.city, address.state, address.postal_code, address.country]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean);
}

/** SPEC §3: the admin view reads customerName, customerEmail, userEmail and user.email, in that order. */
export const customerName = (order: Pick<AdminOrder, 'customerName' | 'shipping' | 'user'>) =>
  order.customerName || order.shipping?.name || order.user?.name || 'Unnamed customer';

export const customerEmail = (order: Pick<AdminOrder, 'customerEmail' | 'userEmail' | 'user'>) =>
  order.customerEmail || order.userEmail || order.user?.email || null;

/**
 * Issue 28: an order its buyer cancelled by deleting their account before it shipped, as the person packing orders
 * needs to read it: nothing to make or send, and whether the money has gone back. Null for any other order.
 */
export function cancellationNote(
  order: Pick<AdminOrder, 'status' | 'amountTotal' | 'currency' | 'metadata'>,
) {
  if (order.status !== 'cancelled' && order.status !== 'refunded') return null;
  const on = order.metadata.cancelledAt ? ` on ${formatDate(order.metadata.cancelledAt)}` : '';
  const why = 'the customer deleted their account before it shipped. There is nothing to make or send.';
  const amount = formatMoney(order.amountTotal, order.currency);
  return order.status === 'refunded'
    ? `Cancelled${on} and ${amount} refunded: ${why}`
    : `Cancelled${on}: ${why} The refund of ${amount} is still owed; it goes through when they try deleting again.`;
}
