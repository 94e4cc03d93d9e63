import type { Deps } from '../deps';
import {
  type CardOrderFacts,
  cardOrderConfirmationMail,
  subscriptionStartedMail,
} from '../mail/order-templates';
import { addressLine } from '../order-json';
import { findOrder, type OrderRow } from '../orders';
import { findUserById } from '../users';
import type { PostalAddress } from './provider';
import type { Notice } from './record';

type MailDeps = Pick<Deps, 'db' | 'mailer' | 'publicUrl'>;

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

async function mailFor(deps: MailDeps, notice: Notice) {
  const order = await findOrder(deps.db, notice.orderId);
  const user = order && (await findUserById(deps.db, order.account_id));
  if (!order || !user) return null;
  if (notice.kind === 'card-paid')
    return { to: user.email, ...cardOrderConfirmationMail(cardOrderFacts(deps.publicUrl, order, user.name)) };
  return {
    to: user.email,
    ...subscriptionStartedMail({
      name: user.name,
      orderId: order.id,
      amount: order.amount_total,
      trialEnd: order.status === 'trialing' ? order.trial_end : null,
      nextChargeOn: order.current_period_end,
      orderUrl: orderPageUrl(deps.publicUrl, order),
    }),
  };
}

/**
 * Confirmation emails, after the commit: a mail server that is down must not undo a payment we have recorded,
 * so a failure is logged for support rather than thrown back at the provider.
 */
export async function sendNotices(deps: MailDeps, notices: Notice[]) {
  for (const notice of notices) {
    try {
      const mail = await mailFor(deps, notice);
      if (mail) await deps.mailer.send(mail);
    } catch (error) {
      console.error(`Could not send the ${notice.kind} email for order ${notice.orderId}:`, error);
    }
  }
}
