import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../contract/order';
import { unshippedCardsNotice } from './unshipped-cards';

const order = (fields: Partial<Order>): Order =>
  ({
    type: 'card',
    status: 'paid',
    fulfillmentStatus: 'order_placed',
    quantity: 1,
    amountTotal: 2495,
    currency: 'gbp',
    ...fields,
  }) as Order;

describe('what deleting says of cards not yet shipped (issue 28)', () => {
  it('names how many, and the refund, before the countdown', () => {
    expect(unshippedCardsNotice([order({ quantity: 2, amountTotal: 4990 })])).toBe(
      'You have 2 NFC cards paid for that haven’t shipped yet. Deleting your account cancels them: they won’t be made or posted, and we refund £49.90 to the card you paid with (it takes 5–10 business days) and email you the receipt.',
    );
    expect(unshippedCardsNotice([order({ fulfillmentStatus: 'packaged' })])).toMatch(
      /^You have 1 NFC card paid for that hasn’t shipped yet\. Deleting your account cancels it: it won’t be made or posted, and we refund £24\.95/,
    );
  });

  it('adds up every unshipped order, and leaves out what shipped, plans and unpaid or cancelled orders', () => {
    const orders = [
      order({ quantity: 2, amountTotal: 4990 }),
      order({ quantity: 1, amountTotal: 2495, fulfillmentStatus: 'designing_card' }),
      order({ fulfillmentStatus: 'shipped' }),
      order({ status: 'refunded' }),
      order({ type: 'subscription', fulfillmentStatus: null, amountTotal: 495 }),
    ];
    expect(unshippedCardsNotice(orders)).toMatch(/^You have 3 NFC cards .* we refund £74\.85 /);
    expect(unshippedCardsNotice(orders.slice(2))).toBeNull();
    expect(unshippedCardsNotice([])).toBeNull();
  });
});
