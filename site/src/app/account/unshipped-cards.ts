import type { Order } from '../../../../contract/order';
import { formatMoney } from '../orders/format';

/** Card orders paid for and not yet shipped: deleting the account cancels and refunds them (issue 28). */
export const unshippedCardOrders = (orders: Order[]) =>
  orders.filter(
    (order) => order.type === 'card' && order.status === 'paid' && order.fulfillmentStatus !== 'shipped',
  );

/**
 * What the delete section says of them before the countdown starts, in numbers: null when there are none. The
 * server refunds the whole of each order, so the amount is what was paid.
 */
export function unshippedCardsNotice(orders: Order[]): string | null {
  const unshipped = unshippedCardOrders(orders);
  if (unshipped.length === 0) return null;
  const cards = unshipped.reduce((sum, order) => sum + order.quantity, 0);
  const amount = formatMoney(
    unshipped.reduce((sum, order) => sum + order.amountTotal, 0),
    unshipped[0]?.currency ?? 'gbp',
  );
  const one = cards === 1;
  return [
    `You have ${one ? '1 NFC card' : `${cards} NFC cards`} paid for that ${one ? 'hasn’t' : 'haven’t'} shipped yet.`,
    `Deleting your account cancels ${one ? 'it' : 'them'}: ${one ? 'it' : 'they'} won’t be made or posted, and we refund ${amount} to the card you paid with (it takes 5–10 business days) and email you the receipt.`,
  ].join(' ');
}
