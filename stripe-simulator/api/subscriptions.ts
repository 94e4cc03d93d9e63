import { Hono } from 'hono';
import type { SimulatorContext } from '../context';
import { invalid, missing } from '../errors';
import { formText } from '../form';
import type { Subscription } from '../objects';
import { findObject } from '../store';
import { cancelNow, findSubscription, setCancelAtPeriodEnd, setDefaultPaymentMethod } from '../subscriptions';
import { reply, type V1Env } from './v1';

export function subscriptionRoutes(ctx: SimulatorContext) {
  const app = new Hono<V1Env>();

  app.get('/:id', async (c) => {
    const subscription = await findObject<Subscription>(ctx.db, 'subscription', c.req.param('id'));
    if (!subscription) throw missing('subscription', c.req.param('id'));
    return reply(c, subscription.data);
  });

  // The changes the app makes: cancel_at_period_end (cancel, or resume with false) and the card it charges.
  app.post('/:id', async (c) => {
    const cancel = formText(c.get('params'), 'cancel_at_period_end');
    const card = formText(c.get('params'), 'default_payment_method');
    if ((cancel !== 'true' && cancel !== 'false' && cancel !== null) || (cancel === null && !card))
      throw invalid(
        'The simulator updates only cancel_at_period_end (true or false) and default_payment_method.',
        'parameter_missing',
      );
    const id = c.req.param('id');
    const updated = await ctx.db.transaction().execute(async (db) => {
      const at = ctx.now();
      if (card) await setDefaultPaymentMethod(db, id, card, at);
      return cancel === null
        ? (await findSubscription(db, id)).data
        : setCancelAtPeriodEnd(db, id, cancel === 'true', at);
    });
    ctx.deliverSoon();
    return reply(c, updated);
  });

  app.delete('/:id', async (c) => {
    const id = c.req.param('id');
    const canceled = await ctx.db.transaction().execute((db) => cancelNow(db, id, ctx.now()));
    ctx.deliverSoon();
    return reply(c, canceled);
  });

  return app;
}
