import { Hono } from 'hono';
import type { SimulatorContext } from '../context';
import { invalid } from '../errors';
import { formRecord, formText } from '../form';
import { createRefund, refundsOf } from '../refunds';
import { limitOf, listOf, reply, type V1Env } from './v1';

/** Refunds of card payments, named by their payment intent (the simulator has no charges to name them by). */
export function refundRoutes(ctx: SimulatorContext) {
  const app = new Hono<V1Env>();

  app.post('/', async (c) => {
    const params = c.get('params');
    const paymentIntent = formText(params, 'payment_intent');
    if (!paymentIntent)
      throw invalid('The simulator refunds a payment named by payment_intent.', 'parameter_missing');
    const amount = formText(params, 'amount');
    const refund = await ctx.db.transaction().execute((db) =>
      createRefund(
        db,
        {
          paymentIntent,
          amount: amount === null ? null : Number(amount),
          reason: formText(params, 'reason'),
          metadata: formRecord(params, 'metadata'),
        },
        ctx.now(),
      ),
    );
    return reply(c, refund);
  });

  app.get('/', async (c) => {
    const params = c.get('params');
    const paymentIntent = formText(params, 'payment_intent');
    if (!paymentIntent)
      throw invalid('The simulator lists the refunds of one payment_intent.', 'parameter_missing');
    const page = await refundsOf(ctx.db, paymentIntent, limitOf(formText(params, 'limit')));
    return reply(c, listOf('/v1/refunds', page));
  });

  return app;
}
