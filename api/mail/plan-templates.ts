import { formatPounds } from '../../events/order/pricing';
import { compose, type Details, longDate, longDateTime } from './compose';
import { oneLine } from './text-fields';

/**
 * The plan's lifecycle mail (issue 14): each says what has happened, what happens next and when, and offers the
 * one thing to do about it. Links are absolute (PUBLIC_URL), built by the caller.
 */

const monthly = (amount: number) => `${formatPounds(amount)}/month`;

const OFFLINE = 'visitors see a page saying it isn’t live';
const KEPT = 'Everything you built is kept';

export type TrialEndingPlan =
  | { kind: 'none'; subscribeUrl: string }
  | { kind: 'renews'; chargeOn: string; ordersUrl: string }
  | { kind: 'cancelling'; ordersUrl: string };

/** Three days before the free trial ends; what follows depends on whether a plan carries on after it. */
export function trialEndingSoonMail(facts: {
  name: string;
  endsAt: string;
  pageUrl: string;
  amount: number;
  plan: TrialEndingPlan;
}) {
  const { name, endsAt, pageUrl, amount, plan } = facts;
  const subject = 'Your TradeCard free trial ends in 3 days';
  const ends = `Your free trial ends on ${longDateTime(endsAt)}.`;
  const details: Details = [
    ['Free trial ends', longDateTime(endsAt)],
    ['Your page', pageUrl],
  ];
  switch (plan.kind) {
    case 'none':
      return compose({
        subject,
        name,
        lines: [
          `${ends} Then your page goes offline: ${OFFLINE}.`,
          `Subscribe for ${monthly(amount)} to keep it live. ${KEPT}, and you can cancel any time.`,
        ],
        details: [...details, ['Plan', monthly(amount)]],
        link: [`Subscribe – ${monthly(amount)}`, plan.subscribeUrl],
      });
    case 'renews':
      return compose({
        subject,
        name,
        lines: [
          `${ends} Your plan then carries on: we will charge your card ${formatPounds(amount)} on ${longDate(plan.chargeOn)}, and your page stays live.`,
          'There is nothing you need to do. If you would rather not carry on, cancel before then in My Orders and you won’t be charged.',
        ],
        details: [...details, ['First charge', `${formatPounds(amount)} on ${longDate(plan.chargeOn)}`]],
        link: ['View your plan', plan.ordersUrl],
      });
    case 'cancelling':
      return compose({
        subject,
        name,
        lines: [
          `${ends} Your plan is set to cancel, so it ends then and your page goes offline: ${OFFLINE}.`,
          `Changed your mind? Keep your plan and your page stays live, at ${monthly(amount)} from ${longDate(endsAt)}.`,
        ],
        details,
        link: ['Keep my plan', plan.ordersUrl],
      });
  }
}

/** The free trial ran out without a plan: the page went offline with it. */
export function trialEndedMail(facts: {
  name: string;
  endedAt: string;
  pageUrl: string;
  amount: number;
  subscribeUrl: string;
}) {
  const { name, endedAt, pageUrl, amount, subscribeUrl } = facts;
  return compose({
    subject: 'Your TradeCard free trial has ended: your page is offline',
    name,
    lines: [
      `Your free trial ended on ${longDateTime(endedAt)}, so your page is offline: ${OFFLINE}.`,
      `${KEPT}. Subscribe for ${monthly(amount)} and your page is back online as soon as you have paid.`,
    ],
    details: [
      ['Free trial ended', longDateTime(endedAt)],
      ['Your page', pageUrl],
      ['Plan', monthly(amount)],
    ],
    link: [`Subscribe – ${monthly(amount)}`, subscribeUrl],
  });
}

/** A charge for the plan went through: its first after a trial, a renewal, or a retry that worked. */
export function planReceiptMail(facts: {
  name: string;
  amount: number;
  paidAt: string;
  invoiceNumber: string | null;
  nextChargeOn: string | null;
  orderId: string;
  billingUrl: string;
}) {
  const { name, amount, paidAt, invoiceNumber, nextChargeOn, orderId, billingUrl } = facts;
  return compose({
    subject: `Your TradeCard receipt – ${formatPounds(amount)}`,
    name,
    lines: [
      `Thank you: we have charged your card ${formatPounds(amount)} for your TradeCard plan, and your page stays live.`,
    ],
    details: [
      ['Paid', formatPounds(amount)],
      ['Date', longDate(paidAt)],
      ...(invoiceNumber ? [['Invoice', invoiceNumber] as [string, string]] : []),
      ...(nextChargeOn ? [['Next charge on', longDate(nextChargeOn)] as [string, string]] : []),
      ...(invoiceNumber ? [] : [['Reference', orderId] as [string, string]]),
    ],
    link: ['View billing and receipts', billingUrl],
  });
}

/**
 * The first failed charge of an invoice; the provider's retries of the same invoice are not mailed again. A new
 * card pays what is due at once (api/payments/replace-card.ts), so the mail says so rather than "the next try".
 */
export function paymentFailedMail(facts: {
  name: string;
  amount: number;
  failedAt: string;
  nextAttempt: string | null;
  invoiceNumber: string | null;
  orderId: string;
  billingUrl: string;
}) {
  const { name, amount, failedAt, nextAttempt, invoiceNumber, orderId, billingUrl } = facts;
  const next = nextAttempt
    ? `We will try your card again on ${longDate(nextAttempt)}. Your page stays live meanwhile, but if the payment still fails after our last try, your plan ends and your page goes offline.`
    : 'We won’t try this card again, so your page goes offline until the payment is made.';
  return compose({
    subject: 'Your TradeCard payment didn’t go through',
    name,
    lines: [
      `We couldn’t take your ${formatPounds(amount)} payment for your TradeCard plan on ${longDate(failedAt)}.`,
      next,
      nextAttempt
        ? 'Update your card and we take the payment from it straight away, without waiting for the next try.'
        : 'Update your card and we take the payment from it straight away.',
    ],
    details: [
      ['Amount due', formatPounds(amount)],
      ...(nextAttempt ? [['Next try', longDate(nextAttempt)] as [string, string]] : []),
      invoiceNumber ? ['Invoice', invoiceNumber] : ['Reference', orderId],
    ],
    link: ['Update your card', billingUrl],
  });
}

/**
 * The provider gave up retrying and keeps the plan unpaid (Stripe's "mark the subscription as unpaid"): the page is
 * down until the payment is made, which a new card does at once.
 */
export function pageDownUnpaidMail(facts: {
  name: string;
  amount: number;
  /** The free trial's end, when it still keeps the page live. */
  trialRunsUntil: string | null;
  pageUrl: string;
  orderId: string;
  billingUrl: string;
}) {
  const { name, amount, trialRunsUntil, pageUrl, orderId, billingUrl } = facts;
  const page = trialRunsUntil
    ? `so your page stays live only until your free trial ends on ${longDateTime(trialRunsUntil)}.`
    : `so your page is offline: ${OFFLINE}.`;
  return compose({
    // A free trial that still runs keeps the page up: the subject says offline only when it is.
    subject: trialRunsUntil
      ? 'Your TradeCard payment didn’t go through: your page goes offline when your trial ends'
      : 'Your TradeCard payment didn’t go through: your page is offline',
    name,
    lines: [
      `We tried your card several times but couldn’t take your ${formatPounds(amount)} payment for your TradeCard plan, ${page}`,
      `${KEPT}. Update your card and we take the payment straight away: your page is back online as soon as it has gone through.`,
    ],
    details: [
      ['Amount due', formatPounds(amount)],
      ['Your page', pageUrl],
      ['Reference', orderId],
    ],
    link: ['Update your card', billingUrl],
  });
}

/** The plan was set to cancel at the end of the time paid for (or of its trial). */
export function cancelScheduledMail(facts: {
  name: string;
  endsAt: string;
  inTrial: boolean;
  amount: number;
  orderId: string;
  ordersUrl: string;
  /** Issue 32: the firm whose plan pays for the page now, which is why this one was set to cancel. */
  coveredBy?: string | null;
}) {
  const { name, endsAt, inTrial, amount, orderId, ordersUrl, coveredBy } = facts;
  if (coveredBy)
    return compose({
      subject: `Your own TradeCard plan ends on ${longDate(endsAt)}: ${oneLine(coveredBy, 60)} pays for your page`,
      name,
      lines: [
        `${oneLine(coveredBy, 80)}’s plan pays for your page now, so your own plan is set to cancel. It runs until ${longDateTime(endsAt)}, and your page stays live on the firm’s plan after that.`,
        inTrial ? 'You won’t be charged.' : 'You won’t be charged again.',
        'If you leave the firm, your page stays live on a 14-day free trial of your own, and you can choose a plan again.',
      ],
      details: [
        ['Your own plan ends', longDateTime(endsAt)],
        ['Reference', orderId],
      ],
      link: ['See your plans', ordersUrl],
    });
  return compose({
    subject: `Your TradeCard plan is set to cancel on ${longDate(endsAt)}`,
    name,
    lines: [
      `Your plan is set to cancel. It runs until ${longDateTime(endsAt)}: your page stays live until then, and then goes offline.`,
      inTrial ? 'You won’t be charged.' : 'You won’t be charged again.',
      `Changed your mind? Keep your plan and nothing changes: it carries on at ${monthly(amount)}.`,
    ],
    details: [
      ['Plan ends', longDateTime(endsAt)],
      ['Reference', orderId],
    ],
    link: ['Keep my plan', ordersUrl],
  });
}

/** The plan is over; the page goes offline with it unless the free trial still runs. */
export function planEndedMail(facts: {
  name: string;
  endedAt: string;
  /** The free trial's end, when it still keeps the page live. */
  trialRunsUntil: string | null;
  pageUrl: string;
  amount: number;
  orderId: string;
  subscribeUrl: string;
}) {
  const { name, endedAt, trialRunsUntil, pageUrl, amount, orderId, subscribeUrl } = facts;
  const page = trialRunsUntil
    ? `Your page stays live until your free trial ends on ${longDateTime(trialRunsUntil)}, and then goes offline.`
    : `Your page is offline: ${OFFLINE}.`;
  return compose({
    subject: 'Your TradeCard plan has ended',
    name,
    lines: [
      `Your TradeCard plan ended on ${longDate(endedAt)}. ${page}`,
      `${KEPT}. Subscribe again for ${monthly(amount)} and your page is back online as soon as you have paid.`,
    ],
    details: [
      ['Plan ended', longDate(endedAt)],
      ['Your page', pageUrl],
      ['Reference', orderId],
    ],
    link: [`Subscribe again – ${monthly(amount)}`, subscribeUrl],
  });
}
