import { formatPounds } from '../../events/order/pricing';
import { compose, longDate } from './compose';

/** SPEC §9: how long a refund takes to reach the customer's account. */
export const REFUND_DAYS = '5–10 business days';

/**
 * The receipt of a card order refunded because its buyer deleted their account before it shipped (issue 28). Greeted
 * by no name and linking nowhere: the account it would name or lead to is being erased.
 */
export function cardRefundMail(facts: {
  orderId: string;
  quantity: number;
  amount: number;
  refundedAt: string;
  refundId: string;
}) {
  const { orderId, quantity, amount, refundedAt, refundId } = facts;
  const cards = quantity === 1 ? 'card' : 'cards';
  return compose({
    subject: `Your TradeCard refund – ${formatPounds(amount)}`,
    name: '',
    lines: [
      `You deleted your TradeCard account before your NFC ${cards} shipped, so we have cancelled the order: no ${cards} will be made or posted.`,
      `We have refunded ${formatPounds(amount)} to the card you paid with. It usually reaches your account within ${REFUND_DAYS}.`,
    ],
    details: [
      ['Order', orderId],
      ['Cards', String(quantity)],
      ['Refunded', formatPounds(amount)],
      ['Date', longDate(refundedAt)],
      ['Refund reference', refundId],
    ],
  });
}
