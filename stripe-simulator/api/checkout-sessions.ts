import { Hono } from 'hono';
import type { SimulatorContext } from '../context';
import { invalid, missing } from '../errors';
import { createSession, expireSession, findSession } from '../sessions';
import { reply, type V1Env } from './v1';

export function checkoutSessionRoutes(ctx: SimulatorContext) {
  const app = new Hono<V1Env>();

  app.post('/', async (c) => reply(c, await createSession(ctx, c.get('params'))));

  app.get('/:id', async (c) => {
    const session = await findSession(ctx, c.req.param('id'));
    if (!session) throw missing('checkout.session', c.req.param('id'));
    return reply(c, session.data);
  });

  app.post('/:id/expire', async (c) => {
    const session = await findSession(ctx, c.req.param('id'));
    if (!session) throw missing('checkout.session', c.req.param('id'));
    if (session.data.status !== 'open')
      throw invalid('Only Checkout Sessions with a status in ["open"] can be expired.');
    const expired = await expireSession(ctx, session.data.id, ctx.now());
    ctx.deliverSoon();
    return reply(c, expired);
  });

  return app;
}
