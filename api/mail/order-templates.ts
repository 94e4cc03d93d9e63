import type { FulfilmentStatus } from '../../events/order/events';
import { FULFILMENT_LABELS } from '../../events/order/fulfilment';
import { formatPounds } from '../../events/order/pricing';
import { compose, type Details, longDate } from './compose';
import { oneLine } from './text-fields';

export type CardOrderFacts = {
  name: string;
  orderId: string;
  quantity: number;
  amountTotal: number;
  deliveryName: string | null;
  deliveryAddress: string | null;
  deliveryWindow: string | null;
  orderUrl: string;
};

const orderDetails = (order: CardOrderFacts): Details => [
  ['Order', order.orderId],
  ['Cards', String(order.quantity)],
  ['Paid', formatPounds(order.amountTotal)],
  ['Delivery to', oneLine([order.deliveryName, order.deliveryAddress].filter(Boolean).join(', ')) || '—'],
  ['Estimated delivery', order.deliveryWindow ?? '—'],
];

export const cardOrderConfirmationMail = (order: CardOrderFacts) =>
  compose({
    subject: `Your TradeCard order is confirmed – ${formatPounds(order.amountTotal)}`,
    name: order.name,
    lines: [
      'Thank you for your order. Your payment went through and we have started on your card.',
      'We will email you when it ships, with a tracking link.',
    ],
    details: orderDetails(order),
    link: ['View your order', order.orderUrl],
  });

export const fulfilmentStatusMail = (order: CardOrderFacts & { status: FulfilmentStatus }) =>
  compose({
    subject: `Your TradeCard order: ${FULFILMENT_LABELS[order.status]}`,
    name: order.name,
    lines: [`Your card order is now at this step: ${FULFILMENT_LABELS[order.status]}.`],
    details: orderDetails(order),
    link: ['View your order', order.orderUrl],
  });

export const trackingMail = (order: CardOrderFacts & { trackingUrl: string }) =>
  compose({
    subject: 'Your TradeCard order is on its way – track it here',
    name: order.name,
    lines: ['Your card is with the courier. Follow it with the tracking link below.'],
    details: orderDetails(order),
    link: ['Track your order', order.trackingUrl],
  });

export type SubscriptionFactsForMail = {
  name: string;
  orderId: string;
  trialEnd: string | null;
  nextChargeOn: string | null;
  orderUrl: string;
};

export function subscriptionStartedMail(sub: SubscriptionFactsForMail & { amount: number }) {
  const price = `${formatPounds(sub.amount)}/month`;
  const inTrial = sub.trialEnd !== null;
  const when = sub.trialEnd ?? sub.nextChargeOn;
  return compose({
    subject: inTrial ? 'Your TradeCard free trial has started' : 'Your TradeCard subscription is active',
    name: sub.name,
    lines: [
      sub.trialEnd
        ? `Your free trial runs until ${longDate(sub.trialEnd)}. After that it is ${price}; cancel any time before then and you pay nothing.`
        : `Thank you for subscribing. Your profile page stays live for as long as your plan runs, at ${price}.`,
    ],
    details: [
      ['Plan', `Profile plan, ${price}`],
      ...(when
        ? [[inTrial ? 'Free trial until' : 'Next charge on', longDate(when)] as [string, string]]
        : []),
      ['Reference', sub.orderId],
    ],
    link: ['View your plan', sub.orderUrl],
  });
}
