import { Hono } from 'hono';
import type { SimulatorContext } from '../context';
import { declined, missing } from '../errors';
import type { Invoice } from '../objects';
import { findObject } from '../store';
import { payInvoice } from '../subscriptions';
import { reply, type V1Env } from './v1';

/** One invoice, for the integration's own invoice document; and paying an open one now, after a new card. */
export function invoiceRoutes(ctx: SimulatorContext) {
  const app = new Hono<V1Env>();

  app.get('/:id', async (c) => {
    const stored = await findObject<Invoice>(ctx.db, 'invoice', c.req.param('id'));
    if (!stored) throw missing('invoice', c.req.param('id'));
    return reply(c, stored.data);
  });

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
