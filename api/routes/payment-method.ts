import { Hono } from 'hono';
import { z } from 'zod';
import type { BillingAnswer, CardReplacedAnswer, CardSetupAnswer } from '../../contract/billing';
import { DomainError } from '../../events/errors';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { readJson, readOptionalJson } from '../http/validate';
import { customerOf } from '../orders/orders';
import { billingAnswerOf } from '../payments/billing-answer';
import { recordPulled } from '../payments/handle-event';
import type { CardReplaced } from '../payments/provider';
import { pullOrder } from '../payments/pull';
import { runningPlans } from '../payments/replace-card';
import { sameSiteUrl } from '../payments/start-checkout';

export const NO_CARD_YET =
  'There’s no card to replace yet: a card is saved when you first start your plan or buy a card.';
export const SETUP_NOT_FOUND = 'We couldn’t find that card update. Please try again.';
export const SETUP_NOT_FINISHED = 'Your new card wasn’t saved. Please try again.';
export const CARD_REPLACED = 'Your new card is saved. Your plan charges it from now on.';
export const CARD_REPLACED_PAID = 'Your new card is saved, and the payment that was due has gone through.';
export const CARD_REPLACED_DECLINED =
  'Your new card is saved, but the payment that is due was declined. Please try another card.';

const BILLING_PATH = '/billing';
const MINUTE_MS = 60_000;

const setupBody = z.object({ cancelUrl: z.string().max(2000).optional() });
const confirmBody = z.object({
  sessionId: z
    .string({ error: 'Which card update? sessionId is missing.' })
    .min(1, 'Which card update? sessionId is missing.')
    .max(255),
});

const replacedMessage = (openInvoice: Extract<CardReplaced, { outcome: 'replaced' }>['openInvoice']) =>
  openInvoice === 'paid'
    ? CARD_REPLACED_PAID
    : openInvoice === 'declined'
      ? CARD_REPLACED_DECLINED
      : CARD_REPLACED;

/**
 * Issue 14: '+ Add Payment Method' replaces the card the plan charges. The provider's setup checkout saves it; back
 * on the billing page, confirm makes it the one charged and pays what the old card left unpaid.
 */
export function paymentMethodRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  app.post('/', signedIn, async (c) => {
    const body = await readOptionalJson(c, setupBody);
    const accountId = c.get('accountId');
    const customerId = await customerOf(deps.db, accountId, deps.payments.name);
    if (!customerId) throw new DomainError('conflict', NO_CARD_YET);
    const billing = `${deps.publicUrl}${BILLING_PATH}`;
    const { sessionId, url } = await deps.payments.createCardSetup({
      customerId,
      accountId,
      successUrl: `${billing}?setup_session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: sameSiteUrl(deps.publicUrl, body.cancelUrl) ?? billing,
      // One card form a minute per account: clicks and scripts within it get the same form back from the provider
      // (its idempotent replay) instead of a new session each (issue 11, finding 10), until that form is used:
      // then the provider hands out a new one (a second card change within the minute).
      idempotencyKey: `card-setup-${accountId}-${Math.floor(deps.now().getTime() / MINUTE_MS)}`,
    });
    return c.json({ url, sessionId } satisfies CardSetupAnswer);
  });

  app.post('/confirm', signedIn, async (c) => {
    const { sessionId } = await readJson(c, confirmBody);
    const accountId = c.get('accountId');
    const customerId = await customerOf(deps.db, accountId, deps.payments.name);
    if (!customerId) throw new DomainError('not_found', SETUP_NOT_FOUND);
    const running = await runningPlans(deps.db, accountId, deps.payments.name);
    const subscriptionIds = running.flatMap((order) => order.provider_subscription_id ?? []);
    const replaced = await deps.payments.applySetupCard(sessionId, customerId, subscriptionIds);
    if (replaced.outcome === 'unknown') throw new DomainError('not_found', SETUP_NOT_FOUND);
    if (replaced.outcome === 'not-complete') throw new DomainError('conflict', SETUP_NOT_FINISHED);
    // The provider's webhooks bring the same news; the person looking at the page should not wait for them.
    for (const order of running) await recordPulled(deps, await pullOrder(deps, order));
    const billing: BillingAnswer = billingAnswerOf(await deps.payments.billing(customerId));
    return c.json({
      success: true,
      message: replacedMessage(replaced.openInvoice),
      paymentDue: replaced.openInvoice,
      billing,
    } satisfies CardReplacedAnswer);
  });

  return app;
}
