import { findFirm } from '../../events/firm/firms-read-model';
import type { Db } from '../../platform/database/db';
import { findUserById, type UserRow } from '../accounts/users';
import { ownTrialMailTo } from '../firms/leaver-grace';
import {
  type CardOrderFacts,
  cardOrderConfirmationMail,
  subscriptionStartedMail,
} from '../mail/order-templates';
import {
  cancelScheduledMail,
  pageDownUnpaidMail,
  paymentFailedMail,
  planEndedMail,
  planReceiptMail,
} from '../mail/plan-templates';
import { enqueueMail } from '../mail/queue';
import { siteLinks } from '../mail/site-links';
import { addressLine } from '../orders/order-json';
import { findOrder, type OrderRow } from '../orders/orders';
import type { PostalAddress } from './provider';
import { coveringFirm, type Notice } from './record';

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

/** The free trial's end while it still keeps the page live, or null. */
const trialStillRuns = (user: UserRow, now: Date) =>
  user.trial_expires && user.trial_ended === 0 && Date.parse(user.trial_expires) > now.getTime()
    ? user.trial_expires
    : null;

function noticeMail(
  publicUrl: string,
  notice: Exclude<Notice, { kind: 'firm-plan-lapsed' }>,
  order: OrderRow,
  user: UserRow,
  now: Date,
  /** The firm whose plan pays for the owner's page now, if one does (issue 32). */
  coveredBy: string | null,
) {
  const links = siteLinks(publicUrl);
  const base = { name: user.name, orderId: order.id, amount: order.amount_total };
  switch (notice.kind) {
    case 'card-paid':
      return cardOrderConfirmationMail(cardOrderFacts(publicUrl, order, user.name));
    case 'subscription-started':
      return subscriptionStartedMail({
        ...base,
        trialEnd: order.status === 'trialing' ? order.trial_end : null,
        nextChargeOn: order.current_period_end,
        orderUrl: orderPageUrl(publicUrl, order),
      });
    case 'plan-paid':
      return planReceiptMail({
        ...base,
        amount: notice.invoice.amountPaid,
        paidAt: notice.at,
        invoiceNumber: notice.invoice.number,
        nextChargeOn: order.cancel_at_period_end === 1 ? null : order.current_period_end,
        billingUrl: links.billing,
      });
    case 'payment-failed':
      return paymentFailedMail({
        ...base,
        amount: notice.invoice.amountDue,
        failedAt: notice.at,
        nextAttempt: notice.invoice.nextPaymentAttempt,
        invoiceNumber: notice.invoice.number,
        billingUrl: links.billing,
      });
    case 'cancel-scheduled': {
      const endsAt = order.current_period_end ?? order.trial_end;
      if (!endsAt) return null;
      return cancelScheduledMail({
        ...base,
        endsAt,
        inTrial: order.status === 'trialing',
        ordersUrl: links.orders,
        coveredBy: order.firm_id ? null : coveredBy,
      });
    }
    case 'plan-unpaid':
      // Another plan of theirs still keeps the page live: nothing is down.
      if (user.is_subscribed === 1) return null;
      return pageDownUnpaidMail({
        ...base,
        trialRunsUntil: trialStillRuns(user, now),
        pageUrl: links.page(user.username),
        billingUrl: links.billing,
      });
    case 'plan-ended':
      // Another plan of theirs still keeps the page live: for them, nothing has changed.
      if (user.is_subscribed === 1) return null;
      return planEndedMail({
        ...base,
        endedAt: order.ended_at ?? now.toISOString(),
        trialRunsUntil: trialStillRuns(user, now),
        pageUrl: links.page(user.username),
        subscribeUrl: links.subscribe,
      });
  }
}

async function mailsFor(trx: Db, publicUrl: string, notice: Notice, now: Date) {
  const order = await findOrder(trx, notice.orderId);
  if (!order) return [];
  if (notice.kind === 'firm-plan-lapsed') return firmPlanLapsedMails(trx, publicUrl, order, notice.trials);
  const user = await findUserById(trx, order.account_id);
  const coveredBy = notice.kind === 'cancel-scheduled' ? await coveringFirm(trx, order.account_id) : null;
  const mail = user && noticeMail(publicUrl, notice, order, user, now, coveredBy);
  return mail && user ? [{ to: user.email, ...mail }] : [];
}

/** To each member now on a trial of their own; the payer has the plan's own mail (it ended, or went unpaid). */
async function firmPlanLapsedMails(
  trx: Db,
  publicUrl: string,
  order: OrderRow,
  trials: { accountId: string; endsAt: string }[],
) {
  const firm = order.firm_id ? await findFirm(trx, order.firm_id) : undefined;
  const mails = [];
  for (const { accountId, endsAt } of trials) {
    const user = accountId === order.account_id ? undefined : await findUserById(trx, accountId);
    if (user) mails.push(ownTrialMailTo(publicUrl, user, firm?.name ?? 'Your firm', 'plan-ended', endsAt));
  }
  return mails;
}

/**
 * Confirmations and the plan's lifecycle mail, queued in the transaction that records what they are about: a
 * recorded payment or change always has its mail on the way, a repeated webhook (which appends nothing) queues
 * nothing, a replay (which only rebuilds tables) sends nothing, and a mail server that is down delays the mail without touching the payment. True if any was
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
    for (const mail of await mailsFor(trx, publicUrl, notice, now)) {
      await enqueueMail(trx, mail, now);
      queued = true;
    }
  }
  return queued;
}
