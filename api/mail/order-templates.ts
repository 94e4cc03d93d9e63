import type { FulfilmentStatus } from '../../events/order/events';
import { FULFILMENT_LABELS } from '../../events/order/fulfilment';
import { formatPounds } from '../../events/order/pricing';
import { requireHttpUrl } from './http-url';
import { button, detailsTable, emailLayout, html, joinHtml, mutedParagraph, paragraph } from './layout';
import type { MailContent } from './templates';
import { greeting, oneLine, SIGN_OFF_TEXT } from './text-fields';

type Details = Array<[string, string]>;

function compose(params: {
  subject: string;
  name: string;
  lines: string[];
  details: Details;
  link?: [string, string];
}) {
  const { subject, name, lines, details } = params;
  const link = params.link ? ([params.link[0], requireHttpUrl(params.link[1])] as const) : null;
  const text = [
    greeting(name),
    ...lines,
    details.map(([label, value]) => `${label}: ${value}`).join('\n'),
    ...(link ? [`${link[0]}: ${link[1]}`] : []),
    SIGN_OFF_TEXT,
  ].join('\n\n');
  const body = html`${paragraph(html`${greeting(name)}`)}
${joinHtml(lines.map((line) => paragraph(html`${line}`)))}
${detailsTable(details)}
${link ? button(link[0], link[1]) : html``}
${mutedParagraph(html`Questions? Just reply to this email.`)}`;
  return { subject, text, html: emailLayout({ title: subject, body }) } satisfies MailContent;
}

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

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

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
