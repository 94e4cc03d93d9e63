import { SUBSCRIPTION_AMOUNT } from '../../events/order/pricing';
import { ACCESS_STATUSES, type SubscriptionStatus } from '../../events/subscription/events';
import type { Db } from '../../platform/database/db';
import { type TrialEndingPlan, trialEndedMail, trialEndingSoonMail } from '../mail/plan-templates';
import { enqueueMail } from '../mail/queue';
import { siteLinks } from '../mail/site-links';
import type { MailContent } from '../mail/templates';
import { ordersOfAccount } from '../orders/orders';
import { findUserById } from './users';

/**
 * The free trial's two mails, queued in the transaction that appends TrialEndingSoon or TrialEnded. "The trial" is
 * the account's (users.trial_expires): a subscription taken out during it carries the same end (ADR 009), and one
 * taken out first sets it, so there is one trial to tell the person about, whichever way it began.
 */

type Plan = Awaited<ReturnType<typeof ordersOfAccount>>[number];

/** What follows the trial, from the plans still running; null when a paid plan already keeps the page live. */
function afterTheTrial(publicUrl: string, plans: Plan[], trialExpires: string): TrialEndingPlan | null {
  const links = siteLinks(publicUrl);
  const running = plans.filter(
    (plan) => ACCESS_STATUSES.includes(plan.status as SubscriptionStatus) && plan.ended_at === null,
  );
  if (running.length === 0) return { kind: 'none', subscribeUrl: links.subscribe };
  const carriesOn = running.filter((plan) => plan.cancel_at_period_end !== 1);
  if (carriesOn.length === 0) return { kind: 'cancelling', ordersUrl: links.orders };
  const trialing = carriesOn.find((plan) => plan.status === 'trialing');
  if (!trialing) return null;
  return { kind: 'renews', chargeOn: trialing.trial_end ?? trialExpires, ordersUrl: links.orders };
}

async function queueFor(trx: Db, to: string, mail: MailContent, now: Date) {
  await enqueueMail(trx, { to, ...mail }, now);
  return true;
}

/** With TrialEndingSoon. False when nothing was queued: a paid plan already carries the page past the trial. */
export async function queueTrialEndingMail(trx: Db, publicUrl: string, accountId: string, now: Date) {
  const user = await findUserById(trx, accountId);
  if (!user?.trial_expires) return false;
  const subscriptions = (await ordersOfAccount(trx, accountId)).filter((o) => o.type === 'subscription');
  const plan = afterTheTrial(publicUrl, subscriptions, user.trial_expires);
  if (!plan) return false;
  const mail = trialEndingSoonMail({
    name: user.name,
    endsAt: user.trial_expires,
    pageUrl: siteLinks(publicUrl).page(user.username),
    amount: SUBSCRIPTION_AMOUNT,
    plan,
  });
  return queueFor(trx, user.email, mail, now);
}

/**
 * With TrialEnded. Only for someone who never had a plan: a subscriber's page stays live, and someone whose plan
 * ended heard so from that plan's own mail (a plan cancelled during the trial ends when the trial does).
 */
export async function queueTrialEndedMail(trx: Db, publicUrl: string, accountId: string, now: Date) {
  const user = await findUserById(trx, accountId);
  if (!user?.trial_expires || user.is_subscribed === 1) return false;
  const plans = (await ordersOfAccount(trx, accountId)).filter((o) => o.type === 'subscription');
  if (plans.length > 0) return false;
  const links = siteLinks(publicUrl);
  const mail = trialEndedMail({
    name: user.name,
    endedAt: user.trial_expires,
    pageUrl: links.page(user.username),
    amount: SUBSCRIPTION_AMOUNT,
    subscribeUrl: links.subscribe,
  });
  return queueFor(trx, user.email, mail, now);
}
