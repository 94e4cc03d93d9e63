import { randomUUID } from 'node:crypto';
import { accountDecider, inTrial } from '../../events/account/decider';
import { accountStreamId, TRIAL_DAYS } from '../../events/account/events';
import { handleCommand, loadState } from '../../events/command';
import { DomainError } from '../../events/errors';
import { isValidQuantity, orderDecider, QUANTITY_RULE } from '../../events/order/decider';
import { orderStreamId } from '../../events/order/events';
import { subscriptionDecider } from '../../events/subscription/decider';
import { subscriptionStreamId } from '../../events/subscription/events';
import type { Db } from '../../platform/database/db';
import { SESSION_EXPIRED } from '../auth/require-user';
import type { Deps } from '../deps';
import { customerOf } from '../orders/orders';
import type { CheckoutRequest } from './provider';
import { coveringFirm } from './record';

export const ALREADY_SUBSCRIBED = 'You already have an active subscription.';
/** Issue 32: the page is paid for already, by the firm the account is in. */
export const FIRM_PAYS = (firm: string) =>
  `${firm}’s plan pays for your page: there is nothing for you to pay while you are in the firm.`;

/** Stripe Checkout refuses a trial that ends within 48 hours; a shorter remainder is simply paid from today. */
const MIN_TRIAL_MS = 48 * 60 * 60 * 1000;

/**
 * ADR 009: one free trial per account. A running trial carries over to the subscription (it ends when the trial
 * would have); an account that never started one gets the 14 days; an ended trial gets none.
 */
function trialFor(account: Awaited<ReturnType<typeof loadAccount>>, now: Date): CheckoutRequest['trial'] {
  if (account.trialExpires === null) return { days: TRIAL_DAYS };
  if (inTrial(account) && Date.parse(account.trialExpires) - now.getTime() >= MIN_TRIAL_MS)
    return { endsAt: account.trialExpires };
  return null;
}

async function loadAccount(deps: Pick<Deps, 'db'>, accountId: string) {
  const account = await loadState(deps.db, accountDecider, accountStreamId(accountId));
  if (account.status !== 'active') throw new DomainError('unauthorised', SESSION_EXPIRED);
  return account;
}

/**
 * Issue 11, finding 10: one account opened 1,464 checkouts in 10 s, each a permanent event and a session at the
 * provider. Five, not fewer: going back from a checkout doesn't close it (the provider keeps it open for a day),
 * so a buyer who changes their mind a few times must not be shut out for the rest of the day.
 */
export const MAX_OPEN_CHECKOUTS = 5;
/** Stripe's default, and the simulator's: an unpaid checkout is closed a day after it opened. */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The account's checkouts still open (unpaid, within their lifetime), card orders and plans alike, oldest first. */
export async function openCheckouts(db: Db, accountId: string, now: Date) {
  return db
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .where('created_at', '>', new Date(now.getTime() - CHECKOUT_LIFETIME_MS).toISOString())
    .orderBy('created_at')
    .execute();
}

function waitWords(seconds: number): string {
  if (seconds < 60 * 60) {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  const hours = Math.ceil(seconds / (60 * 60));
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** Refuses one more checkout past the limit, saying when the oldest open one lapses and frees a place. */
async function refuseTooManyCheckouts(db: Db, accountId: string, now: Date, allowed: number) {
  const open = await openCheckouts(db, accountId, now);
  if (open.length <= allowed) return;
  const oldest = open[0] as { created_at: string };
  const wait = Math.max(
    1,
    Math.ceil((Date.parse(oldest.created_at) + CHECKOUT_LIFETIME_MS - now.getTime()) / 1000),
  );
  throw new DomainError(
    'too_many',
    `You already have ${MAX_OPEN_CHECKOUTS} checkouts open that haven’t been paid. Please finish one of them, or try again in ${waitWords(wait)}.`,
    { retryAfterSeconds: wait },
  );
}

/** A path on our own site, or null: a checkout's way back must not become an open redirect. */
export function sameSiteUrl(publicUrl: string, candidate: string | null | undefined): string | null {
  if (!candidate) return null;
  try {
    const url = new URL(candidate, publicUrl);
    return url.origin === new URL(publicUrl).origin ? url.href : null;
  } catch {
    return null;
  }
}

export type StartCheckout = {
  kind: 'subscription' | 'card';
  quantity: number;
  reorderOf: string | null;
  /** Where the user came from; they go back there if they cancel. */
  cancelUrl: string | null;
  /**
   * Issue 32, paid by a firm's admin: its plan (`quantity` its members, no trial: the members' own trials are
   * theirs), or cards for one of its members, issued to them. The caller has checked the admin's right to it.
   */
  firm?: { firmId: string; forAccountId?: string };
};

/** Opens a checkout with the provider, then records the order it will pay for. */
export async function startCheckout(
  deps: Pick<Deps, 'db' | 'payments' | 'publicUrl' | 'now' | 'onAppended'>,
  accountId: string,
  start: StartCheckout,
) {
  const account = await loadAccount(deps, accountId);
  const now = deps.now();
  if (start.kind === 'card' && !isValidQuantity(start.quantity))
    throw new DomainError('invalid', QUANTITY_RULE);
  const firmPlan = start.kind === 'subscription' && start.firm !== undefined;
  if (start.kind === 'subscription' && !firmPlan && account.isSubscribed) {
    const firm = await coveringFirm(deps.db, accountId);
    throw new DomainError('conflict', firm ? FIRM_PAYS(firm) : ALREADY_SUBSCRIBED);
  }
  // Before the provider is asked: a refused request costs no session there and no event here.
  await refuseTooManyCheckouts(deps.db, accountId, now, MAX_OPEN_CHECKOUTS - 1);
  const orderId = randomUUID();
  const successPath = start.kind === 'card' ? '/success' : firmPlan ? '/firm' : '/SuccessSubscription';
  const fallbackCancel = start.kind === 'card' ? '/whatisnfc' : '/subscription';
  const { sessionId, url } = await deps.payments.createCheckout({
    kind: start.kind,
    orderId,
    accountId,
    email: account.email,
    customerId: await customerOf(deps.db, accountId, deps.payments.name),
    quantity: start.kind === 'card' || firmPlan ? start.quantity : 1,
    trial: start.kind === 'subscription' && !firmPlan ? trialFor(account, now) : null,
    successUrl: `${deps.publicUrl}${successPath}?id=${orderId}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: sameSiteUrl(deps.publicUrl, start.cancelUrl) ?? `${deps.publicUrl}${fallbackCancel}`,
    idempotencyKey: `checkout-${orderId}`,
  });
  const opened = {
    orderId,
    accountId,
    provider: deps.payments.name,
    checkoutSessionId: sessionId,
    reorderOf: start.reorderOf,
  };
  // Counted again with this one recorded, in its transaction: requests racing past the first check while the
  // provider answered roll back here (their sessions at the provider simply lapse).
  const withinLimit = (trx: Db) => refuseTooManyCheckouts(trx, accountId, now, MAX_OPEN_CHECKOUTS);
  if (start.kind === 'card') {
    await handleCommand(deps.db, {
      decider: orderDecider,
      streamId: orderStreamId(orderId),
      command: {
        type: 'StartCardCheckout',
        ...opened,
        quantity: start.quantity,
        ...(start.firm?.forAccountId
          ? { forAccountId: start.firm.forAccountId, firmId: start.firm.firmId }
          : {}),
      },
      now,
      alsoInTransaction: withinLimit,
    });
  } else {
    await handleCommand(deps.db, {
      decider: subscriptionDecider,
      streamId: subscriptionStreamId(orderId),
      command: {
        type: 'StartSubscriptionCheckout',
        ...opened,
        ...(firmPlan && start.firm ? { firmId: start.firm.firmId, quantity: start.quantity } : {}),
      },
      now,
      alsoInTransaction: withinLimit,
    });
  }
  deps.onAppended();
  return { orderId, sessionId, url };
}
