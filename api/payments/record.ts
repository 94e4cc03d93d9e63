import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import { orderDecider } from '../../events/order/decider';
import { orderStreamId } from '../../events/order/events';
import type { RecordedEvent } from '../../events/store';
import { subscriptionDecider } from '../../events/subscription/decider';
import {
  ACCESS_STATUSES,
  ENDED_STATUSES,
  type SubscriptionStatus,
  subscriptionStreamId,
} from '../../events/subscription/events';
import type { Db } from '../../platform/database/db';
import { startOwnTrial } from '../firms/leaver-grace';
import { issueCardCodes } from '../nfc-cards/issue';
import { findOrder, type OrderRow } from '../orders/orders';
import type { CheckoutFacts, InvoiceFacts, SubscriptionFacts } from './provider';

/** What happened that the customer should hear about, queued in the transaction that records it. */
export type Notice =
  | {
      kind: 'card-paid' | 'subscription-started' | 'cancel-scheduled' | 'plan-unpaid' | 'plan-ended';
      orderId: string;
    }
  | { kind: 'plan-paid' | 'payment-failed'; orderId: string; invoice: InvoiceFacts; at: string }
  /** Issue 32: a firm's plan stopped keeping pages live; these members' pages are on trials of their own. */
  | { kind: 'firm-plan-lapsed'; orderId: string; trials: { accountId: string; endsAt: string }[] };

/** Statuses in which the customer had a plan (as opposed to a checkout that never became one). */
const HAD_PLAN = ['trialing', 'active', 'past_due', 'unpaid', 'paused'];

/** What the customer hears about a change of their subscription, from the events it appended. */
function subscriptionNotices(before: OrderRow, events: RecordedEvent[]): Notice[] {
  const orderId = before.id;
  const notices: Notice[] = [];
  for (const event of events) {
    if (event.type === 'SubscriptionEnded' && HAD_PLAN.includes(before.status))
      notices.push({ kind: 'plan-ended', orderId });
    // The provider's retries are over and it keeps the plan unpaid: no access, so the page went down with it.
    if (event.type === 'SubscriptionUpdated' && event.data.status === 'unpaid' && before.status !== 'unpaid')
      notices.push({ kind: 'plan-unpaid', orderId });
    if (
      event.type === 'SubscriptionUpdated' &&
      event.data.cancelAtPeriodEnd &&
      before.cancel_at_period_end !== 1 &&
      !ENDED_STATUSES.includes(event.data.status)
    )
      notices.push({ kind: 'cancel-scheduled', orderId });
  }
  return notices;
}

/**
 * isSubscribed on the account follows from all its own subscriptions (a resubscribe is a second one) and, for a
 * member of a firm, from the firm's plan (issue 32), recorded in the same transaction as the change that moved it.
 */
export async function recordAccess(trx: Db, accountId: string, now: Date) {
  const granting = await trx
    .selectFrom('orders')
    .select(['status', 'trial_end'])
    .where('account_id', '=', accountId)
    .where('type', '=', 'subscription')
    .where('firm_id', 'is', null)
    .where('status', 'in', [...ACCESS_STATUSES])
    // The trial of the oldest plan in one, on either database (PostgreSQL returns rows in no order of its own).
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const trialEnd = granting.find((row) => row.status === 'trialing' && row.trial_end)?.trial_end ?? null;
  const covered = granting.length > 0 || (await firmPlanCovers(trx, accountId));
  await handleCommand(trx, {
    decider: accountDecider,
    streamId: accountStreamId(accountId),
    command: { type: 'RecordSubscriptionAccess', isSubscribed: covered, trialEnd },
    now,
  });
}

/** The name of the account's firm when the firm has a plan that keeps pages live; else null. */
export async function coveringFirm(trx: Db, accountId: string): Promise<string | null> {
  const plan = await trx
    .selectFrom('firm_memberships as m')
    .innerJoin('orders as o', 'o.firm_id', 'm.firm_id')
    .innerJoin('firms as f', 'f.firm_id', 'm.firm_id')
    .select('f.name')
    .where('m.account_id', '=', accountId)
    .where('o.type', '=', 'subscription')
    .where('o.status', 'in', [...ACCESS_STATUSES])
    .executeTakeFirst();
  return plan?.name ?? null;
}

export const firmPlanCovers = async (trx: Db, accountId: string) =>
  (await coveringFirm(trx, accountId)) !== null;

/** A lapsed firm plan's members, each on a trial of their own unless a plan of theirs keeps their page live. */
async function ownTrials(trx: Db, firmId: string, accountIds: string[], now: Date) {
  const trials: { accountId: string; endsAt: string }[] = [];
  for (const accountId of accountIds) {
    const trial = await startOwnTrial(trx, accountId, firmId, now);
    if (trial) trials.push({ accountId, endsAt: trial.endsAt });
  }
  return trials;
}

/** Whose pages a plan keeps live: its buyer's, and on a firm's plan every member's as well. */
async function coveredBy(trx: Db, order: OrderRow): Promise<string[]> {
  if (!order.firm_id) return [order.account_id];
  const members = await trx
    .selectFrom('firm_memberships')
    .select('account_id')
    .where('firm_id', '=', order.firm_id)
    .orderBy('account_id')
    .execute();
  return [...new Set([order.account_id, ...members.map((member) => member.account_id)])];
}

export async function recordSubscription(
  trx: Db,
  order: OrderRow,
  facts: SubscriptionFacts,
  now: Date,
): Promise<Notice[]> {
  const { id, customerId, status, trialEnd, currentPeriodStart, currentPeriodEnd } = facts;
  const { cancelAtPeriodEnd, canceledAt, endedAt } = facts;
  // The order as recorded before this change, read in this transaction: a caller's copy may be older.
  const before = (await findOrder(trx, order.id)) ?? order;
  const { events } = await handleCommand(trx, {
    decider: subscriptionDecider,
    streamId: subscriptionStreamId(order.id),
    command: {
      type: 'RecordSubscriptionState',
      snapshot: {
        providerSubscriptionId: id,
        customerId,
        status,
        trialEnd,
        currentPeriodStart,
        currentPeriodEnd,
        cancelAtPeriodEnd,
        canceledAt,
        endedAt,
        quantity: facts.quantity,
      },
    },
    now,
  });
  if (events.length === 0) return [];
  const covered = await coveredBy(trx, before);
  for (const accountId of covered) await recordAccess(trx, accountId, now);
  const started = before.status === 'pending' && ACCESS_STATUSES.includes(status);
  const lapsed =
    ACCESS_STATUSES.includes(before.status as SubscriptionStatus) && !ACCESS_STATUSES.includes(status);
  const trials = before.firm_id && lapsed ? await ownTrials(trx, before.firm_id, covered, now) : [];
  return [
    ...(started ? [{ kind: 'subscription-started', orderId: order.id } as const] : []),
    ...subscriptionNotices(before, events),
    ...(trials.length > 0 ? [{ kind: 'firm-plan-lapsed', orderId: order.id, trials } as const] : []),
  ];
}

export async function recordCardPayment(
  trx: Db,
  order: OrderRow,
  session: CheckoutFacts,
  now: Date,
): Promise<Notice[]> {
  if (session.paymentStatus !== 'paid') return [];
  const { events } = await handleCommand(trx, {
    decider: orderDecider,
    streamId: orderStreamId(order.id),
    command: {
      type: 'RecordCardPayment',
      amountTotal: session.amountTotal ?? order.amount_total,
      currency: session.currency ?? order.currency,
      customerId: session.customerId,
      customerEmail: session.customerEmail,
      deliveryName: session.shipping?.name ?? session.customerName,
      deliveryAddress: session.shipping?.address ?? null,
      paymentIntentId: session.paymentIntentId,
    },
    now,
  });
  if (events.length === 0) return [];
  // Issue 16: the cards' own addresses exist from the moment they are paid for, in the payment's transaction.
  await issueCardCodes(trx, order.id, now);
  return [{ kind: 'card-paid', orderId: order.id }];
}

export async function closeCheckout(
  trx: Db,
  order: OrderRow,
  reason: 'expired' | 'payment_failed',
  now: Date,
) {
  if (order.type === 'card') {
    await handleCommand(trx, {
      decider: orderDecider,
      streamId: orderStreamId(order.id),
      command: { type: 'CloseCardCheckout', reason },
      now,
    });
  } else {
    await handleCommand(trx, {
      decider: subscriptionDecider,
      streamId: subscriptionStreamId(order.id),
      command: { type: 'CloseSubscriptionCheckout', reason },
      now,
    });
  }
}

/**
 * A charge's outcome. The customer hears of a charge that went through unless it was the one paid at checkout (the
 * plan's own confirmation covers it) or came to nothing (a trial's £0 invoice), and of an invoice's first failure.
 */
export async function recordInvoice(
  trx: Db,
  order: OrderRow,
  invoice: InvoiceFacts,
  succeeded: boolean,
  now: Date,
): Promise<Notice[]> {
  const { events } = await handleCommand(trx, {
    decider: subscriptionDecider,
    streamId: subscriptionStreamId(order.id),
    command: {
      type: 'RecordSubscriptionPayment',
      succeeded,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      amount: succeeded ? invoice.amountPaid : invoice.amountDue,
      currency: invoice.currency,
    },
    now,
  });
  if (events.length === 0) return [];
  const notice = { orderId: order.id, invoice, at: now.toISOString() };
  if (!succeeded) return [{ kind: 'payment-failed', ...notice }];
  const worthAReceipt = invoice.amountPaid > 0 && invoice.billingReason !== 'subscription_create';
  return worthAReceipt ? [{ kind: 'plan-paid', ...notice }] : [];
}
