import type { Db } from '../../../events/db';
import {
  CARD_UNIT_AMOUNT,
  CURRENCY,
  MAX_CARD_QUANTITY,
  SUBSCRIPTION_AMOUNT,
} from '../../../events/order/pricing';
import type { CheckoutRequest } from '../provider';
import { checkoutFacts, checkoutUrl } from './facts';
import { newSessionId } from './ids';
import { enqueue } from './outbox';
import type { SessionRow } from './rows';
import { addDays } from './time';

/** Stripe's default: a checkout left open for a day expires. */
export const SESSION_LIFETIME_DAYS = 1;
/** Stripe's own limit on trial_period_days. */
const MAX_TRIAL_DAYS = 730;

export const findSession = (db: Db, id: string) =>
  db.selectFrom('local_checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();

const findSessionByKey = (db: Db, key: string) =>
  db.selectFrom('local_checkout_sessions').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

function requireHttpUrl(name: string, value: string) {
  const protocol = URL.canParse(value) ? new URL(value).protocol : '';
  if (protocol !== 'http:' && protocol !== 'https:') throw new RangeError(`${name} must be an http(s) URL.`);
}

/** The request's trial as stored: an end date already past is no trial, so the first month is charged. */
function storedTrial(request: CheckoutRequest, at: string) {
  const { trial } = request;
  if (trial === null) return { trial_days: null, trial_ends_at: null };
  if (request.kind !== 'subscription') throw new RangeError('Only a subscription can have a trial.');
  if ('days' in trial) {
    if (!Number.isInteger(trial.days) || trial.days < 1 || trial.days > MAX_TRIAL_DAYS)
      throw new RangeError(`Trial days must be a whole number from 1 to ${MAX_TRIAL_DAYS}.`);
    return { trial_days: trial.days, trial_ends_at: null };
  }
  const endsAt = Date.parse(trial.endsAt);
  if (Number.isNaN(endsAt)) throw new RangeError('Trial end must be a date.');
  const iso = new Date(endsAt).toISOString();
  return { trial_days: null, trial_ends_at: iso > at ? iso : null };
}

/** When the trial of a session completed at `at` ends; null when the first payment is due at once. */
export function trialEndOf(session: SessionRow, at: string): string | null {
  if (session.trial_days !== null) return addDays(at, session.trial_days);
  return session.trial_ends_at !== null && session.trial_ends_at > at ? session.trial_ends_at : null;
}

export async function createSession(db: Db, request: CheckoutRequest, at: string, publicUrl: string) {
  const existing = await findSessionByKey(db, request.idempotencyKey);
  if (existing) return { sessionId: existing.id, url: checkoutUrl(publicUrl, existing.id) };
  const maxQuantity = request.kind === 'card' ? MAX_CARD_QUANTITY : 1;
  if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > maxQuantity)
    throw new RangeError(`Quantity must be a whole number from 1 to ${maxQuantity}.`);
  requireHttpUrl('successUrl', request.successUrl);
  requireHttpUrl('cancelUrl', request.cancelUrl);
  const trial = storedTrial(request, at);
  const unitAmount = request.kind === 'card' ? CARD_UNIT_AMOUNT : SUBSCRIPTION_AMOUNT;
  const hasTrial =
    request.kind === 'subscription' && (trial.trial_days !== null || trial.trial_ends_at !== null);
  await db
    .insertInto('local_checkout_sessions')
    .values({
      id: newSessionId(),
      idempotency_key: request.idempotencyKey,
      kind: request.kind,
      status: 'open',
      payment_status: 'unpaid',
      order_id: request.orderId,
      account_id: request.accountId,
      email: request.email,
      customer_id: request.customerId,
      quantity: request.quantity,
      unit_amount: unitAmount,
      amount_total: hasTrial ? 0 : unitAmount * request.quantity,
      currency: CURRENCY,
      ...trial,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      subscription_id: null,
      payment_intent_id: null,
      customer_name: null,
      shipping_address: null,
      created_at: at,
      expires_at: addDays(at, SESSION_LIFETIME_DAYS),
      completed_at: null,
    })
    // Two calls racing with one key: the second insert is dropped and both answer with the first's session.
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .execute();
  const stored = await findSessionByKey(db, request.idempotencyKey);
  if (!stored) throw new Error('Checkout session was not stored.');
  return { sessionId: stored.id, url: checkoutUrl(publicUrl, stored.id) };
}

export const isExpired = (session: SessionRow, at: string) =>
  session.status === 'expired' || (session.status === 'open' && session.expires_at <= at);

export const nextExpiringSession = (db: Db, at: string) =>
  db
    .selectFrom('local_checkout_sessions')
    .select(['id', 'expires_at'])
    .where('status', '=', 'open')
    .where('expires_at', '<=', at)
    .orderBy('expires_at')
    .limit(1)
    .executeTakeFirst();

export async function expireSession(db: Db, id: string, now: string): Promise<void> {
  const { numUpdatedRows } = await db
    .updateTable('local_checkout_sessions')
    .set({ status: 'expired' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  const session = await findSession(db, id);
  if (numUpdatedRows === 0n || !session) return;
  await enqueue(db, [{ type: 'checkout.expired', session: checkoutFacts(session) }], now);
}
