import { formatPounds } from '../../events/order/pricing';
import { compose, type Details, longDate, longDateTime } from './compose';

/**
 * The account's own mail (issue 28): its free trial starting at the first publish, and its deletion. Links are
 * absolute (PUBLIC_URL), built by the caller.
 */

/**
 * The account's one free trial started without a checkout (the first publish, or POST /api/trial/start): no plan,
 * no card, nothing to cancel. The checkout's own trial is told by its plan's mail (subscriptionStartedMail).
 */
export function trialStartedMail(facts: { name: string; endsAt: string; pageUrl: string; amount: number }) {
  const { name, endsAt, pageUrl } = facts;
  const terms = trialTerms(facts);
  return compose({
    subject: 'Your TradeCard page is live: your 14-day free trial has started',
    name,
    lines: [
      `Your free trial has started: your page is live until ${longDateTime(endsAt)}, free, with no card needed.`,
      terms.line,
    ],
    details: terms.details,
    link: ['View your page', pageUrl],
  });
}

/**
 * What follows a free trial, as every mail that starts one says it (the first trial, and a firm's leaver's, issue
 * 32): how to keep the page live, when the reminder comes, what happens without a plan; the trial's facts.
 */
export function trialTerms(facts: { endsAt: string; pageUrl: string; amount: number }) {
  const monthly = `${formatPounds(facts.amount)}/month`;
  return {
    line: `To keep it live after that, subscribe for ${monthly}. We will remind you 3 days before the trial ends; if you don’t subscribe, your page goes offline then, and everything you built is kept.`,
    details: [
      ['Free trial until', longDateTime(facts.endsAt)],
      ['Your page', facts.pageUrl],
      ['After the trial', monthly],
    ] satisfies Details,
  };
}

/** How long payment records outlive an account: HMRC's six years (the privacy policy says the same). */
export const PAYMENT_RECORDS_KEPT = '6 years after the end of the financial year they belong to';

/**
 * The account is gone. Sent to the address it had, captured before erasure, and greeted by no name: it says what
 * went and what stays, and carries nothing of the person beyond the address it goes to (ADR 004).
 */
export function accountDeletedMail(facts: {
  deletedAt: string;
  /** Until when the page's address stays reserved for the account's printed cards. */
  reservedUntil: string;
  /** Card orders that hadn't shipped, cancelled and refunded with the deletion. */
  refunded: { count: number; amount: number };
}) {
  const { deletedAt, reservedUntil, refunded } = facts;
  const orders = refunded.count === 1 ? 'Your card order' : `Your ${refunded.count} card orders`;
  return compose({
    subject: 'Your TradeCard account has been deleted',
    name: '',
    lines: [
      `As you asked, we deleted your TradeCard account on ${longDate(deletedAt)}. This is the last email we send you.`,
      'Erased: your name, email address and password, your page with its photos, services, reviews and contact details, the quote requests it received, its visit statistics, your sign-ins, and any plan you had (ended, with nothing more to pay).',
      `Kept, because the law requires it: the record of each payment you made (what it was for, the amount and the date, without your name, email or address), for ${PAYMENT_RECORDS_KEPT}, as HMRC requires. Stripe, which took your payments, keeps its own records of them for the same reason.`,
      `Your page’s address stays reserved until ${longDate(reservedUntil)}, so your printed cards and QR codes say the card is no longer in use rather than opening someone else’s page.`,
      ...(refunded.count > 0
        ? [
            `${orders} that hadn’t shipped ${refunded.count === 1 ? 'was' : 'were'} cancelled and ${formatPounds(refunded.amount)} refunded to the card you paid with: the receipt is in a separate email.`,
          ]
        : []),
    ],
    details: [
      ['Deleted on', longDate(deletedAt)],
      ['Payment records kept', PAYMENT_RECORDS_KEPT],
      ['Address reserved until', longDate(reservedUntil)],
    ],
  });
}
