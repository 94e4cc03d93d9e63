import { Hono } from 'hono';
import type { SimulatorContext } from '../context';
import { declined } from '../errors';
import { payInvoice } from '../subscriptions';
import { reply, type V1Env } from './v1';

/** Paying an open invoice now, as an integration does once the customer has given a new card. */
export function invoiceRoutes(ctx: SimulatorContext) {
  const app = new Hono<V1Env>();

  app.post('/:id/pay', async (c) => {
    const id = c.req.param('id');
    const { invoice, paid } = await ctx.db.transaction().execute((db) => payInvoice(db, id, ctx.now()));
    ctx.deliverSoon();
    // The failed attempt is kept, as at Stripe, and only then answered as the card error it is.
    if (!paid) throw declined();
    return reply(c, invoice);
  });

  return app;
}
