import type { Db } from '../../events/db';
import {
  type CardOrderFacts,
  cardOrderConfirmationMail,
  subscriptionStartedMail,
} from '../mail/order-templates';
import { enqueueMail } from '../mail/queue';
import { addressLine } from '../order-json';
import { findOrder, type OrderRow } from '../orders';
import { findUserById } from '../users';
import type { PostalAddress } from './provider';
import type { Notice } from './record';

/** Where the customer sees an order: the success screens of SPEC §2. */
export const orderPageUrl = (publicUrl: string, order: Pick<OrderRow, 'id' | 'type'>) =>
  `${publicUrl}/${order.type === 'card' ? 'success' : 'SuccessSubscription'}?id=${encodeURIComponent(order.id)}`;

export function cardOrderFacts(publicUrl: string, order: OrderRow, name: string): CardOrderFacts {
  const address = order.delivery_address ? (JSON.parse(order.delivery_address) as PostalAddress) : null;
  return {
    name,
    orderId: order.id,
    quantity: order.quantity,
    amountTotal: order.amount_total,
    deliveryName: order.delivery_name,
    deliveryAddress: addressLine(address),
    deliveryWindow: order.delivery_window,
    orderUrl: orderPageUrl(publicUrl, order),
  };
}

async function mailFor(trx: Db, publicUrl: string, notice: Notice) {
  const order = await findOrder(trx, notice.orderId);
  const user = order && (await findUserById(trx, order.account_id));
  if (!order || !user) return null;
  if (notice.kind === 'card-paid')
    return { to: user.email, ...cardOrderConfirmationMail(cardOrderFacts(publicUrl, order, user.name)) };
  return {
    to: user.email,
    ...subscriptionStartedMail({
      name: user.name,
      orderId: order.id,
      amount: order.amount_total,
      trialEnd: order.status === 'trialing' ? order.trial_end : null,
      nextChargeOn: order.current_period_end,
      orderUrl: orderPageUrl(publicUrl, order),
    }),
  };
}

/**
 * Confirmation emails, queued in the transaction that records the payment: a recorded payment always has its
 * mail on the way, and a mail server that is down delays the mail without touching the payment. True if any was
 * queued, so the caller nudges the sender after the commit.
 */
export async function queueNotices(
  trx: Db,
  publicUrl: string,
  notices: Notice[],
  now: Date,
): Promise<boolean> {
  let queued = false;
  for (const notice of notices) {
    const mail = await mailFor(trx, publicUrl, notice);
    if (!mail) continue;
    await enqueueMail(trx, mail, now);
    queued = true;
  }
  return queued;
}
