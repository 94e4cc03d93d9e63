import type { SimulatorContext } from './context';
import { chargeSucceeds } from './customers';
import type { SimulatorDb } from './db';
import { invalid, missing } from './errors';
import { amountDueFor, type InvoiceLine, wholeLine } from './invoice-object';
import { createInvoice, recordAttempt } from './invoices';
import type { Customer, Invoice, Subscription } from './objects';
import { findObject, type Stored, saveObject } from './store';
import { addMonths, DAY } from './time';
import { recordEvent } from './webhooks';

/**
 * Stripe's default recovery: after a failed charge, retry every few days; when the fourth try fails, cancel (or mark
 * the subscription unpaid, as the account's setting says: SimulatorContext.failedPayments).
 */
export const RETRY_EVERY = 3 * DAY;
export const MAX_ATTEMPTS = 4;

/** What Stripe keeps about a subscription's billing without returning it. */
export type SubscriptionInternal = {
  /** The product's name for invoice lines: prices here are inline, with no product objects to look up. */
  description: string;
  /** Periods run from here, month by month (the trial's end, or the start). */
  anchor: number;
  periodsBilled: number;
  failedAttempts: number;
  nextAttemptAt: number | null;
  /**
   * Prorations waiting for the next renewal, as Stripe's pending invoice items; absent on subscriptions stored before
   * quantities could change.
   */
  pendingItems?: InvoiceLine[];
};

type StoredSubscription = Stored<Subscription, SubscriptionInternal>;

/** The subscription's one item, which holds its price, quantity and period (since API 2025-03-31). */
export const periodOf = (subscription: Subscription) => {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no item.`);
  return item;
};

/**
 * When the clock next has work for a subscription: its period end, or a retry of a failed payment. An unpaid one
 * waits for its open invoice to be paid (no more invoices or tries meanwhile), unless it was set to cancel.
 */
export function dueAt(subscription: Subscription, internal: SubscriptionInternal): number | null {
  if (subscription.status === 'canceled') return null;
  const periodEnd = periodOf(subscription).current_period_end;
  if (subscription.status === 'unpaid') return subscription.cancel_at_period_end ? periodEnd : null;
  const retry = internal.nextAttemptAt;
  if (subscription.status !== 'past_due' || retry === null) return periodEnd;
  return subscription.cancel_at_period_end && periodEnd < retry ? periodEnd : retry;
}

/** Writes a change and its event: `deleted` once it has ended, `updated` otherwise. */
export async function changed(
  db: SimulatorDb,
  subscription: Subscription,
  internal: SubscriptionInternal,
  at: number,
) {
  await saveObject(db, subscription, { internal, dueAt: dueAt(subscription, internal) });
  const type =
    subscription.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated';
  await recordEvent(db, type, subscription, at);
  return subscription;
}

const withPeriod = (subscription: Subscription, start: number, end: number): Subscription => {
  const [item, ...rest] = subscription.items.data;
  if (!item) return subscription;
  const items = {
    ...subscription.items,
    data: [{ ...item, current_period_start: start, current_period_end: end }, ...rest],
  };
  return { ...subscription, items };
};

/** The card a subscription charges, as Stripe picks it: its own default, else the customer's invoice default. */
async function cardOf(db: SimulatorDb, subscription: Subscription): Promise<string | null> {
  if (typeof subscription.default_payment_method === 'string') return subscription.default_payment_method;
  const customer = await findObject<Customer>(db, 'customer', String(subscription.customer));
  const fallback = customer?.data.invoice_settings?.default_payment_method;
  return typeof fallback === 'string' ? fallback : null;
}

const ended = (
  subscription: Subscription,
  at: number,
  canceledAt = subscription.canceled_at ?? at,
): Subscription => ({
  ...subscription,
  status: 'canceled',
  canceled_at: canceledAt,
  ended_at: at,
  cancel_at: null,
});

/** A trial's end or a period's end: a new month starts whether or not its invoice is paid, as in Stripe. */
async function renew(
  ctx: SimulatorContext,
  db: SimulatorDb,
  { data, internal }: StoredSubscription,
  at: number,
) {
  const periodsBilled = internal.periodsBilled + 1;
  const item = periodOf(data);
  const start = item.current_period_end;
  const end = addMonths(internal.anchor, periodsBilled);
  // Prorations from changes during the period gone come first, then the plan for the period ahead, as at Stripe.
  const pending = internal.pendingItems ?? [];
  const lines = [
    ...pending,
    wholeLine({
      description: internal.description,
      quantity: item.quantity ?? 1,
      unitAmount: item.price.unit_amount ?? 0,
      period: { start, end },
      subscriptionItem: item.id,
    }),
  ];
  const paid = amountDueFor(lines) === 0 || (await chargeSucceeds(db, await cardOf(db, data)));
  const customer = await findObject<Customer>(db, 'customer', String(data.customer));
  const invoice = await createInvoice(ctx, db, {
    customer: String(data.customer),
    customerEmail: customer?.data.email ?? null,
    currency: data.currency,
    lines,
    subscription: data,
    billingReason: 'subscription_cycle',
    paid,
    nextPaymentAttempt: at + RETRY_EVERY,
    at,
  });
  await recordEvent(db, paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, at);
  const renewed: Subscription = {
    ...withPeriod(data, start, end),
    status: paid ? 'active' : 'past_due',
    latest_invoice: invoice.id,
  };
  return changed(
    db,
    renewed,
    {
      ...internal,
      periodsBilled,
      // Billed now, so billed once.
      pendingItems: [],
      failedAttempts: paid ? 0 : 1,
      nextAttemptAt: paid ? null : at + RETRY_EVERY,
    },
    at,
  );
}

async function retry(
  ctx: SimulatorContext,
  db: SimulatorDb,
  { data, internal }: StoredSubscription,
  at: number,
) {
  const latest =
    typeof data.latest_invoice === 'string'
      ? await findObject<Invoice>(db, 'invoice', data.latest_invoice)
      : undefined;
  const open = latest?.data.status === 'open' ? latest.data : null;
  const paid = await chargeSucceeds(db, await cardOf(db, data));
  const failedAttempts = internal.failedAttempts + 1;
  const nextAttempt = failedAttempts >= MAX_ATTEMPTS ? null : at + RETRY_EVERY;
  const invoice = open ? await recordAttempt(db, open, paid, at, nextAttempt) : null;
  const recovered = { ...internal, failedAttempts: 0, nextAttemptAt: null };
  if (paid || !invoice) {
    if (invoice) await recordEvent(db, 'invoice.paid', invoice, at);
    return changed(db, { ...data, status: 'active' }, recovered, at);
  }
  await recordEvent(db, 'invoice.payment_failed', invoice, at);
  if (failedAttempts >= MAX_ATTEMPTS) {
    const givenUp = { ...internal, failedAttempts, nextAttemptAt: null };
    const after =
      ctx.failedPayments.afterLastRetry === 'unpaid'
        ? { ...data, status: 'unpaid' as const }
        : ended(data, at, at);
    return changed(db, after, givenUp, at);
  }
  const waiting = { ...internal, failedAttempts, nextAttemptAt: at + RETRY_EVERY };
  await saveObject(db, data, { internal: waiting, dueAt: dueAt(data, waiting) });
  return data;
}

/**
 * Does what fell due for one subscription at its due time (not the clock's now), so a clock that jumped months
 * bills each month in turn.
 */
export async function runSubscriptionStep(ctx: SimulatorContext, id: string, now: number): Promise<void> {
  await ctx.db.transaction().execute(async (db) => {
    const stored = await findObject<Subscription, SubscriptionInternal>(db, 'subscription', id);
    if (!stored || stored.dueAt === null || stored.dueAt > now) return;
    const at = stored.dueAt;
    const periodEnd = periodOf(stored.data).current_period_end;
    if (stored.data.cancel_at_period_end && periodEnd <= at)
      await changed(db, ended(stored.data, periodEnd), stored.internal, at);
    else if (stored.data.status === 'past_due') await retry(ctx, db, stored, at);
    else await renew(ctx, db, stored, at);
  });
}

export async function findSubscription(db: SimulatorDb, id: string): Promise<StoredSubscription> {
  const stored = await findObject<Subscription, SubscriptionInternal>(db, 'subscription', id);
  if (!stored) throw missing('subscription', id);
  return stored;
}

/**
 * `POST /v1/invoices/:id/pay`: one more go at a subscription's open invoice with the card it now charges. Paid, a
 * past-due or unpaid subscription is active again; declined, the attempt is kept (the caller then answers 402, as
 * Stripe does) and the retries carry on as scheduled.
 */
export async function payInvoice(db: SimulatorDb, invoiceId: string, at: number) {
  const stored = await findObject<Invoice>(db, 'invoice', invoiceId);
  if (!stored) throw missing('invoice', invoiceId);
  const invoice = stored.data;
  if (invoice.status !== 'open') throw invalid('Invoice is already paid.', 'invoice_not_open');
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  const subscription = subscriptionId ? await findSubscription(db, String(subscriptionId)) : undefined;
  if (!subscription) throw invalid('The simulator pays only the open invoices of subscriptions.');
  const paid = await chargeSucceeds(db, await cardOf(db, subscription.data));
  // Declined, the scheduled retry stays the next attempt.
  const attempted = await recordAttempt(db, invoice, paid, at, subscription.internal.nextAttemptAt ?? null);
  await recordEvent(db, paid ? 'invoice.paid' : 'invoice.payment_failed', attempted, at);
  if (paid && (subscription.data.status === 'past_due' || subscription.data.status === 'unpaid')) {
    const recovered = { ...subscription.internal, failedAttempts: 0, nextAttemptAt: null };
    await changed(db, { ...subscription.data, status: 'active' }, recovered, at);
  }
  return { invoice: attempted, paid };
}

/** Ends the subscription at once, without refund. */
export async function cancelNow(db: SimulatorDb, id: string, at: number) {
  const { data, internal } = await findSubscription(db, id);
  if (data.status === 'canceled') throw invalid('This subscription has already been canceled.');
  return changed(db, ended(data, at, at), internal, at);
}
