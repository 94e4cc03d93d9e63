// FAQ sections: Pricing & Subscription; Shipping & Delivery.

import { MAX_CARD_QUANTITY } from '../../../../events/order/pricing';
import { CARD_PRICE, PLAN_PRICE, PLAN_WAS_PRICE } from '../../lib/prices';
import { ABROAD_DELIVERY, UK_DELIVERY } from '../delivery';
import type { FaqItem, FaqSection } from '../faq';

export const FAQ_TRIAL: FaqItem = {
  question: 'How does the free trial work?',
  answer: [
    'Every account gets one 14-day free trial. It starts the first time you publish your page or start ' +
      'the plan, whichever comes first, and your dashboard shows the date it ends.',
    'If you publish first, we don’t ask for payment details and nothing is charged unless you ' +
      'subscribe. If you start the plan at checkout, you enter your card details then, and the first ' +
      `${PLAN_PRICE} is taken when the trial ends unless you cancel before that.`,
    'Subscribing part-way through your trial doesn’t cost you the days you have left: your first ' +
      'payment is taken on the day the trial would have ended. The one exception is the last 48 hours of ' +
      'a trial — subscribe then and the plan starts, and is charged, straight away.',
  ],
};

export const FAQ_TRIAL_ENDS: FaqItem = {
  question: 'What happens when my trial ends?',
  answer: [
    'If you haven’t subscribed, your public page stops being shown and the editor is locked. Anyone who ' +
      'opens your link or taps your card sees a message that the profile isn’t live.',
    'Nothing is deleted. Subscribe whenever you’re ready and your page comes back at the same address, ' +
      'just as you left it.',
  ],
};

export const FAQ_CANCEL: FaqItem = {
  question: 'How do I cancel my subscription?',
  answer: [
    'Go to My Orders in your dashboard and choose Cancel subscription. You can cancel any time, and ' +
      'there’s no cancellation fee.',
    'Cancelling takes effect at the end of your current billing period: your page stays live until then ' +
      'and you won’t be charged again. After that date your page is no longer shown, until you ' +
      'resubscribe.',
  ],
};

export const FAQ_CARD_NEEDS_PLAN: FaqItem = {
  question: 'Does the card work without a subscription?',
  answer: [
    'The card opens your TradeCard page, and your page is shown while you’re on your free trial or have ' +
      'an active subscription. If the trial ends without a subscription, or a cancelled subscription ' +
      'reaches the end of its billing period, anyone who taps your card sees a message that the profile ' +
      'isn’t live.',
    'Subscribe again and your page comes back at the same address, so the same card works straight away ' +
      '— there’s no need to buy a new one.',
  ],
};

export const FAQ_DELIVERY_TIME: FaqItem = {
  question: 'How long will my card take to arrive?',
  answer: [UK_DELIVERY, 'If you need your card for a particular date, order a few days earlier.'],
};

export const PRICING_SUBSCRIPTION_SECTION: FaqSection = {
  id: 'pricing-subscription',
  title: 'Pricing & Subscription',
  items: [
    {
      question: 'How much does TradeCard cost?',
      answer: [
        `The profile plan is ${PLAN_PRICE} a month (down from ${PLAN_WAS_PRICE}), after a 14-day free trial. It includes ` +
          'your page, your QR code and your link to share.',
        `The White Edition NFC card is optional and costs ${CARD_PRICE} per card, paid once — there’s no ` +
          'monthly charge for the card itself. Standard UK delivery is free.',
      ],
    },
    FAQ_TRIAL,
    FAQ_TRIAL_ENDS,
    FAQ_CANCEL,
    {
      question: 'How do I pay?',
      answer: [
        'By debit or credit card, through Stripe’s secure checkout. We never see or store your card ' +
          'number. The plan is paid monthly in advance and renews on the same date each month, and you ' +
          'get an invoice for every payment for your records.',
      ],
    },
    {
      question: 'What happens if a payment fails?',
      answer: [
        'Your page stays live while the payment is retried over the following days, so a card that ' +
          'bounces once won’t take you offline in the middle of a job. If the payment still can’t be ' +
          'taken, the subscription ends and your page stops being shown. You can resubscribe from My ' +
          'Orders at any time.',
      ],
    },
    FAQ_CARD_NEEDS_PLAN,
  ],
};

export const SHIPPING_DELIVERY_SECTION: FaqSection = {
  id: 'shipping-delivery',
  title: 'Shipping & Delivery',
  items: [
    FAQ_DELIVERY_TIME,
    {
      question: 'How much is delivery?',
      answer: [
        'UK delivery is free, and it is the only option: there is no paid faster service. Charges for ' +
          'delivery outside the UK are shown at checkout before you pay.',
      ],
    },
    {
      question: 'Do you deliver outside the UK?',
      answer: [
        `Yes. ${ABROAD_DELIVERY} Any import duties or taxes charged by the destination country aren’t ` +
          'included in our price and are paid by you.',
      ],
    },
    {
      question: 'How can I track my order?',
      answer: [
        'My Orders in your dashboard shows each card order’s progress in four steps: Order placed, ' +
          'Designing your card, Packaged and Shipped. When a tracking link is available, it appears there ' +
          'under Track order and we email it to you.',
      ],
    },
    {
      question: 'Can I order more than one card?',
      answer: [
        `Yes. Choose the quantity on the card page: up to ${MAX_CARD_QUANTITY} cards in one order, at ${CARD_PRICE} each. Every ` +
          'card in an order opens your page, so a spare for the van or the office is handy. If you need ' +
          `more than ${MAX_CARD_QUANTITY}, contact us before ordering.`,
      ],
    },
    {
      question: 'What if I entered the wrong delivery address?',
      answer: [
        'Contact us as soon as you can with your order ID. If your card hasn’t been dispatched yet, ' +
          'we’ll change the address. Once it has shipped, we can’t redirect it.',
      ],
    },
  ],
};
