import { Hono } from 'hono';
import type { SimulatorContext } from '../context';
import { invalid, missing } from '../errors';
import { formText } from '../form';
import type { Subscription } from '../objects';
import { findObject } from '../store';
import { cancelNow, setCancelAtPeriodEnd } from '../subscriptions';
import { reply, type V1Env } from './v1';

export function subscriptionRoutes(ctx: SimulatorContext) {
  const app = new Hono<V1Env>();

  app.get('/:id', async (c) => {
    const subscription = await findObject<Subscription>(ctx.db, 'subscription', c.req.param('id'));
    if (!subscription) throw missing('subscription', c.req.param('id'));
    return reply(c, subscription.data);
  });

  // Only cancel_at_period_end is updatable here: the one change the app makes (cancel, or resume with false).
  app.post('/:id', async (c) => {
    const value = formText(c.get('params'), 'cancel_at_period_end');
    if (value !== 'true' && value !== 'false')
      throw invalid('The simulator updates only cancel_at_period_end (true or false).', 'parameter_missing');
    const id = c.req.param('id');
    const updated = await ctx.db
      .transaction()
      .execute((db) => setCancelAtPeriodEnd(db, id, value === 'true', ctx.now()));
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
