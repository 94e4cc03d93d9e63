import { handleCommand, loadState } from '../../events/command';
import { DomainError } from '../../events/errors';
import { awaitsRefund, mayCancel, type OrderState, orderDecider } from '../../events/order/decider';
import { orderStreamId } from '../../events/order/events';
import { log } from '../../observability/log';
import type { Deps } from '../deps';
import { afterErasure, enqueueMail } from '../mail/queue';
import { cardRefundMail } from '../mail/refund-templates';
import { type OrderRow, ordersOfAccount } from '../orders/orders';

type RefundDeps = Pick<Deps, 'db' | 'payments' | 'now' | 'onAppended' | 'mailQueued'>;
type Account = { id: string; email: string };

export const REFUND_FAILED =
  'Your unshipped card order is cancelled, but we couldn’t refund it just now, so your account has not been deleted. Please try again in a minute.';

/** The idempotency key of an order's one refund: a deletion tried again asks for the same refund. */
export const refundKey = (orderId: string) => `refund-${orderId}`;

/**
 * Card orders this provider can give back: paid through its books and not shipped, or cancelled by a deletion
 * that stopped before the money went back. Others (paid through a provider since retired) are held for shipping
 * by erasure instead (ADR 004).
 */
const candidates = async (deps: RefundDeps, accountId: string) =>
  (await ordersOfAccount(deps.db, accountId)).filter(
    (order) =>
      order.type === 'card' &&
      order.provider === deps.payments.name &&
      ((order.status === 'paid' && order.fulfillment_status !== 'shipped') || order.status === 'cancelled'),
  );

type Refundable = Exclude<OrderState, { status: 'none' }> & {
  status: 'paid' | 'cancelled';
  paymentIntentId: string;
};

const refundable = (state: OrderState): state is Refundable =>
  state.status !== 'none' && state.paymentIntentId !== null && (mayCancel(state) || awaitsRefund(state));

/**
 * One order: called off first, in its own commit, so no card is made while the money goes back; then refunded at
 * the provider under the order's own idempotency key; then the refund recorded with its receipt queued in the same
 * transaction, to the account's address (kept through erasure, `afterErasure`). Each step found done is skipped.
 */
async function refundOrder(deps: RefundDeps, account: Account, order: OrderRow): Promise<boolean> {
  const streamId = orderStreamId(order.id);
  const state = await loadState(deps.db, orderDecider, streamId);
  if (!refundable(state)) return false;
  if (state.status === 'paid') {
    const command = { type: 'CancelCardOrder', reason: 'account_deleted' } as const;
    await handleCommand(deps.db, { decider: orderDecider, streamId, command, now: deps.now() });
    deps.onAppended();
  }
  let refund: Awaited<ReturnType<RefundDeps['payments']['refund']>>;
  try {
    refund = await deps.payments.refund({
      paymentIntentId: state.paymentIntentId,
      amount: state.amountTotal,
      orderId: order.id,
      idempotencyKey: refundKey(order.id),
    });
  } catch (error) {
    log.error({ err: error, orderId: order.id }, 'Refunding a card order before account deletion failed');
    throw new DomainError('conflict', REFUND_FAILED);
  }
  const now = deps.now();
  const { events } = await handleCommand(deps.db, {
    decider: orderDecider,
    streamId,
    command: {
      type: 'RecordCardRefund',
      refundId: refund.id,
      amount: refund.amount,
      currency: refund.currency,
    },
    now,
    alsoInTransaction: async (trx, outcome) => {
      if (outcome.events.length === 0) return;
      const mail = cardRefundMail({
        orderId: order.id,
        quantity: order.quantity,
        amount: refund.amount,
        refundedAt: now.toISOString(),
        refundId: refund.id,
      });
      await enqueueMail(trx, { to: account.email, ...mail }, now, afterErasure(account.id));
    },
  });
  deps.onAppended();
  return events.length > 0;
}

/**
 * Before an account is erased (issue 28), its card orders still to be made and posted are cancelled and refunded
 * through the payment provider, each with its receipt. If the provider can't be reached, the deletion stops here;
 * tried again, it refunds each order once.
 */
export async function refundUnshippedCardsOf(deps: RefundDeps, account: Account): Promise<void> {
  let mailed = false;
  for (const order of await candidates(deps, account.id))
    if (await refundOrder(deps, account, order)) mailed = true;
  if (mailed) deps.mailQueued();
}
