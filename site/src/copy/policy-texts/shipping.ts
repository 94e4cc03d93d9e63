// The Shipping & Returns tab of /policies.

import { ABROAD_DELIVERY, UK_DELIVERY } from '../delivery';
import type { Policy } from '../policies';

export const SHIPPING_POLICY: Policy = {
  id: 'shipping',
  tab: 'Shipping & Returns',
  title: 'Shipping & Returns',
  updated: '22 November 2026',
  intro:
    'How we make and deliver your TradeCard NFC cards, how to cancel an order, what to do if something ' +
    'arrives damaged, and how refunds work for cards and for the profile plan.',
  sections: [
    {
      heading: 'Making your card',
      paragraphs: [
        'Every card is made to order: we program it with your page and print your QR code on it.',
        'Business days are Monday to Friday, not counting UK bank holidays.',
      ],
    },
    {
      heading: 'Delivery times and costs',
      paragraphs: [UK_DELIVERY, ABROAD_DELIVERY],
    },
    {
      heading: 'Tracking and late deliveries',
      paragraphs: [
        'My Orders in your dashboard shows your order’s progress: Order placed, Designing your card, ' +
          'Packaged and Shipped. When a tracking link is available, it appears there and we email it to ' +
          'you.',
        'Delivery times are estimates from the postal and courier services and can’t be guaranteed. If ' +
          'your card hasn’t arrived by the end of its delivery window, contact us with your order ID. ' +
          'We’ll trace it, and if it has been lost we’ll send a replacement free of charge or refund you.',
      ],
    },
    {
      heading: 'Orders outside the UK',
      paragraphs: [
        'Delivery charges for addresses outside the UK are shown at checkout before you pay. The ' +
          'destination country may charge import duties, taxes or handling fees; these aren’t included in ' +
          'our prices and are payable by you. Please make sure your address is complete, including the ' +
          'postcode.',
      ],
    },
    {
      heading: 'Cancelling a card order',
      paragraphs: [
        'You can cancel a card order within 2 hours of placing it, for a full refund. Contact us ' +
          'through the Contact us page or at support@tradecard.co.uk with your order ID.',
        'After 2 hours your card may already be in production. Contact us anyway: if we haven’t started ' +
          'making it, we’ll cancel it and refund you in full. Once production has started, we can’t ' +
          'cancel the order.',
      ],
    },
    {
      heading: 'Your right to cancel and personalised cards',
      paragraphs: [
        'Under the Consumer Contracts Regulations 2013, consumers can usually cancel an order for goods ' +
          'within 14 days of delivery. That right doesn’t apply to goods made to your specifications or ' +
          'clearly personalised. Every TradeCard is programmed with your page and printed with your QR ' +
          'code, so once production has started it can’t be cancelled or returned because you’ve changed ' +
          'your mind.',
        'The law gives these rights to consumers; we apply the same terms to business customers. None ' +
          'of this affects your rights if a card is damaged or faulty.',
      ],
    },
    {
      heading: 'Damaged or faulty cards',
      paragraphs: [
        'If your card arrives damaged or doesn’t work, please tell us within 7 days of delivery so we ' +
          'can put it right quickly. Use the Contact us form with the reason “Card damaged” or “Card not ' +
          'working”, include your order ID, and send photos of the front and back of the card when we ' +
          'reply.',
        'We review claims within 3 business days and send a free replacement or refund you. After the ' +
          'first 7 days, faults are covered by our 12-month warranty, and your rights under the Consumer ' +
          'Rights Act 2015 still apply: telling us later doesn’t mean you lose them.',
      ],
    },
    {
      heading: 'Refunds',
      paragraphs: [
        'Refunds go back to the card you paid with, within 5–10 business days of being approved. If you ' +
          'cancel within the 2-hour window, or a card is faulty or lost in the post, we refund any ' +
          'delivery charge as well.',
      ],
    },
    {
      heading: 'Cancelling the profile plan',
      paragraphs: [
        'You can cancel the plan at any time from My Orders. Cancelling takes effect at the end of your ' +
          'current billing period: your page stays live until then and you won’t be charged again. When ' +
          'the period ends your page is no longer shown; subscribe again and it comes back. We don’t ' +
          'refund part-used months, and cancelling during your free trial costs nothing.',
        'If you subscribe without a free trial, because you’ve already had yours, you can cancel within ' +
          '14 days of subscribing. As the plan starts straight away at your request, we refund your ' +
          'payment minus an amount for the days your page was live.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        'Questions about an order? Use the Contact us page or email support@tradecard.co.uk. We ' +
          'typically reply within 24 hours on working days.',
      ],
    },
  ],
};
