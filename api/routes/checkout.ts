import { Hono } from 'hono';
import { z } from 'zod';
import type { CheckoutAnswer } from '../../contract/checkout';
import type { OrderAnswer } from '../../contract/order';
import { DomainError } from '../../events/errors';
import { QUANTITY_RULE } from '../../events/order/decider';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { readJson, readOptionalJson } from '../http/validate';
import { orderJson } from '../orders/order-json';
import { findOrder, findOrderByCheckout } from '../orders/orders';
import { recordPulled } from '../payments/handle-event';
import { pullOrder } from '../payments/pull';
import { startCheckout } from '../payments/start-checkout';

const NO_ORDER = 'We couldn’t find that order.';

const quantitySchema = z.preprocess(
  (value) => (value === undefined || value === null ? 1 : typeof value === 'string' ? Number(value) : value),
  z.number({ error: QUANTITY_RULE }).int(QUANTITY_RULE).min(1, QUANTITY_RULE),
);
const cardCheckoutBody = z.object({ quantity: quantitySchema, cancelUrl: z.string().max(2000).optional() });
const subscribeBody = z.object({
  // Accepted for the spec's callers; the success address is always built here, never taken from a request.
  returnUrl: z.string().max(2000).optional(),
  cancelUrl: z.string().max(2000).optional(),
});
const reorderBody = z.object({
  orderId: z.string({ error: 'Which order? orderId is missing.' }).min(1).max(100),
});

const checkoutJson = (started: { url: string; sessionId: string; orderId: string }): CheckoutAnswer => ({
  url: started.url,
  id: started.sessionId,
  sessionId: started.sessionId,
  orderId: started.orderId,
});

export function checkoutRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  app.post('/subscribe', signedIn, async (c) => {
    const body = await readOptionalJson(c, subscribeBody);
    const started = await startCheckout(deps, c.get('accountId'), {
      kind: 'subscription',
      quantity: 1,
      reorderOf: null,
      cancelUrl: body.cancelUrl ?? c.req.header('referer') ?? null,
    });
    return c.json(checkoutJson(started));
  });

  app.post('/checkout/create-checkout-session', signedIn, async (c) => {
    const body = await readJson(c, cardCheckoutBody);
    const started = await startCheckout(deps, c.get('accountId'), {
      kind: 'card',
      quantity: body.quantity,
      reorderOf: null,
      cancelUrl: body.cancelUrl ?? c.req.header('referer') ?? null,
    });
    return c.json(checkoutJson(started));
  });

  app.get('/stripe-pk', (c) => {
    const key = deps.payments.publishableKey;
    return c.json({ publishableKey: key, key, pk: key, provider: deps.payments.name });
  });

  // After the provider sends the customer back: the webhook may not have arrived yet, so ask the provider too.
  app.get('/stripe/confirm', signedIn, async (c) => {
    const sessionId = c.req.query('session_id');
    const id = c.req.query('id');
    if (!sessionId && !id) throw new DomainError('invalid', 'session_id is missing.');
    const found = sessionId
      ? await findOrderByCheckout(deps.db, sessionId)
      : await findOrder(deps.db, id as string);
    if (!found || found.account_id !== c.get('accountId') || (id && found.id !== id))
      throw new DomainError('not_found', NO_ORDER);
    await recordPulled(deps, await pullOrder(deps, found));
    const order = await findOrder(deps.db, found.id);
    if (!order) throw new DomainError('not_found', NO_ORDER);
    return c.json({ success: true, data: orderJson(order) } satisfies OrderAnswer);
  });

  app.post('/reorder', signedIn, async (c) => {
    const { orderId } = await readJson(c, reorderBody);
    const order = await findOrder(deps.db, orderId);
    if (!order || order.account_id !== c.get('accountId')) throw new DomainError('not_found', NO_ORDER);
    const started = await startCheckout(deps, c.get('accountId'), {
      kind: order.type,
      quantity: order.quantity,
      reorderOf: order.id,
      cancelUrl: c.req.header('referer') ?? `${deps.publicUrl}/myorders`,
    });
    return c.json(checkoutJson(started));
  });

  return app;
}
