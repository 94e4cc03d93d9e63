import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { BillingAnswer } from '../../contract/billing';
import type { CancelledAnswer, OrdersAnswer } from '../../contract/order';
import { DomainError } from '../../events/errors';
import { streamVersion } from '../../events/store';
import {
  ACCESS_STATUSES,
  type SubscriptionStatus,
  subscriptionStreamId,
} from '../../events/subscription/events';
import { log } from '../../observability/log';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { readJson } from '../http/validate';
import { orderJson } from '../orders/order-json';
import {
  customerOf,
  findOrder,
  findOrderBySubscription,
  type OrderRow,
  ordersOfAccount,
} from '../orders/orders';
import { billingAnswerOf } from '../payments/billing-answer';
import { recordPulled } from '../payments/handle-event';
import type { SubscriptionFacts } from '../payments/provider';
import { pullOrder } from '../payments/pull';
import { recordSubscription } from '../payments/record';

export const WILL_CANCEL = 'Subscription will cancel at the end of the current billing period.';
export const PLAN_KEPT = 'Your plan will carry on: it renews as before.';
const NO_SUBSCRIPTION = 'We couldn’t find that subscription.';
const ALREADY_ENDED = 'This subscription has already ended.';

const subscriptionBody = z
  .object({ id: z.string().max(100).optional(), stripeSubscriptionId: z.string().max(255).optional() })
  .refine((body) => body.id || body.stripeSubscriptionId, 'Which subscription? Send its id.');

export function orderRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  app.get('/me/orders', signedIn, async (c) => {
    const orders = await ordersOfAccount(deps.db, c.get('accountId'));
    return c.json({ success: true, data: orders.map(orderJson) } satisfies OrdersAnswer);
  });

  // After a return from payment (SPEC §4): bring every open checkout and running subscription up to date.
  app.post('/me/sync-subscriptions', signedIn, async (c) => {
    const accountId = c.get('accountId');
    const open = await deps.db
      .selectFrom('orders')
      .selectAll()
      .where('account_id', '=', accountId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'pending'),
          eb.and([eb('type', '=', 'subscription'), eb('ended_at', 'is', null)]),
        ]),
      )
      // Recorded oldest first on either database (PostgreSQL returns rows in no order of its own).
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const order of open) await recordPulled(deps, await pullOrder(deps, order));
    const orders = await ordersOfAccount(deps.db, accountId);
    return c.json({ success: true, data: orders.map(orderJson) } satisfies OrdersAnswer);
  });

  /** The account's own subscription named in the body, still running: what cancel and resume act on. */
  async function runningSubscription(c: Context<AppEnv>) {
    const body = await readJson(c, subscriptionBody);
    const order =
      (body.id ? await findOrder(deps.db, body.id) : undefined) ??
      (body.stripeSubscriptionId
        ? await findOrderBySubscription(deps.db, body.stripeSubscriptionId)
        : undefined);
    if (!order || order.account_id !== c.get('accountId') || order.type !== 'subscription')
      throw new DomainError('not_found', NO_SUBSCRIPTION);
    const running = ACCESS_STATUSES.includes(order.status as SubscriptionStatus) || order.status === 'unpaid';
    if (!order.provider_subscription_id || order.ended_at || !running)
      throw new DomainError('conflict', ALREADY_ENDED);
    return { order, subscriptionId: order.provider_subscription_id };
  }

  /**
   * Records the provider's answer and gives the order as it now stands. The idempotency key names the version of
   * the subscription's stream the change was asked from, so a retried request is answered once while cancel, keep,
   * cancel again (each recording a new version) all reach the provider.
   */
  async function recordChange(
    order: OrderRow,
    change: (key: string) => Promise<SubscriptionFacts>,
    kind: 'cancel' | 'resume',
  ) {
    const version = await streamVersion(deps.db, subscriptionStreamId(order.id));
    const facts = await change(`${kind}-${order.id}-${version}`);
    await recordPulled(deps, (trx, now) => recordSubscription(trx, order, facts, now));
    const updated = await findOrder(deps.db, order.id);
    return updated ? orderJson(updated) : null;
  }

  app.post('/cancel-subscription', signedIn, async (c) => {
    const { order, subscriptionId } = await runningSubscription(c);
    const data =
      order.cancel_at_period_end === 1
        ? orderJson(order)
        : await recordChange(order, (key) => deps.payments.cancelAtPeriodEnd(subscriptionId, key), 'cancel');
    return c.json({ success: true, message: WILL_CANCEL, data } satisfies CancelledAnswer);
  });

  // Issue 14: a plan set to cancel can be kept while its period runs; asking again for a kept plan changes nothing.
  app.post('/resume-subscription', signedIn, async (c) => {
    const { order, subscriptionId } = await runningSubscription(c);
    const data =
      order.cancel_at_period_end === 1
        ? await recordChange(order, (key) => deps.payments.resume(subscriptionId, key), 'resume')
        : orderJson(order);
    return c.json({ success: true, message: PLAN_KEPT, data } satisfies CancelledAnswer);
  });

  app.get('/billing', signedIn, async (c) => {
    const customerId = await customerOf(deps.db, c.get('accountId'), deps.payments.name);
    if (!customerId) return c.json({ paymentMethod: null, invoices: [] } satisfies BillingAnswer);
    try {
      return c.json(billingAnswerOf(await deps.payments.billing(customerId)) satisfies BillingAnswer);
    } catch (error) {
      log.error({ err: error }, 'Reading billing from the payment provider failed');
      return c.json({ error: 'Could not load your billing details. Please try again in a minute.' }, 502);
    }
  });

  return app;
}
