import { Hono } from 'hono';
import { z } from 'zod';
import type { BillingAnswer } from '../../contract/billing';
import type { CancelledAnswer, OrdersAnswer } from '../../contract/order';
import { DomainError } from '../../events/errors';
import { ACCESS_STATUSES, type SubscriptionStatus } from '../../events/subscription/events';
import { log } from '../../observability/log';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { orderJson } from '../order-json';
import { customerOf, findOrder, findOrderBySubscription, ordersOfAccount } from '../orders';
import { recordPulled } from '../payments/handle-event';
import { pullOrder } from '../payments/pull';
import { recordSubscription } from '../payments/record';
import { readJson } from '../validate';

export const WILL_CANCEL = 'Subscription will cancel at the end of the current billing period.';
const NO_SUBSCRIPTION = 'We couldn’t find that subscription.';

const cancelBody = z
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
      .execute();
    for (const order of open) await recordPulled(deps, await pullOrder(deps, order));
    const orders = await ordersOfAccount(deps.db, accountId);
    return c.json({ success: true, data: orders.map(orderJson) } satisfies OrdersAnswer);
  });

  app.post('/cancel-subscription', signedIn, async (c) => {
    const body = await readJson(c, cancelBody);
    const order =
      (body.id ? await findOrder(deps.db, body.id) : undefined) ??
      (body.stripeSubscriptionId
        ? await findOrderBySubscription(deps.db, body.stripeSubscriptionId)
        : undefined);
    if (!order || order.account_id !== c.get('accountId') || order.type !== 'subscription')
      throw new DomainError('not_found', NO_SUBSCRIPTION);
    const running = ACCESS_STATUSES.includes(order.status as SubscriptionStatus) || order.status === 'unpaid';
    if (!order.provider_subscription_id || order.ended_at || !running)
      throw new DomainError('conflict', 'This subscription has already ended.');
    if (order.cancel_at_period_end !== 1) {
      const facts = await deps.payments.cancelAtPeriodEnd(
        order.provider_subscription_id,
        `cancel-${order.id}`,
      );
      await recordPulled(deps, (trx, now) => recordSubscription(trx, order, facts, now));
    }
    const updated = await findOrder(deps.db, order.id);
    return c.json({
      success: true,
      message: WILL_CANCEL,
      data: updated ? orderJson(updated) : null,
    } satisfies CancelledAnswer);
  });

  app.get('/billing', signedIn, async (c) => {
    const customerId = await customerOf(deps.db, c.get('accountId'), deps.payments.name);
    if (!customerId) return c.json({ paymentMethod: null, invoices: [] } satisfies BillingAnswer);
    try {
      return c.json((await deps.payments.billing(customerId)) satisfies BillingAnswer);
    } catch (error) {
      log.error({ err: error }, 'Reading billing from the payment provider failed');
      return c.json({ error: 'Could not load your billing details. Please try again in a minute.' }, 502);
    }
  });

  return app;
}
