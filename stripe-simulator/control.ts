import { Hono } from 'hono';
import { z } from 'zod';
import { checkKey } from './api/v1';
import { StripeApiError } from './errors';

/** What the control API drives: the simulator's function API, which tests call directly. */
export type Controls = {
  now(): number;
  advanceClock(seconds: number): Promise<{ ran: number; delivered: number }>;
  holdWebhooks(): Promise<void>;
  releaseWebhooks(order?: { reverse?: boolean }): Promise<number>;
  resendEvent(eventId: string): Promise<number>;
  deliverPending(): Promise<number>;
  events(): Promise<unknown[]>;
};

const ClockMove = z.union([
  z.strictObject({ advanceSeconds: z.number().int().min(0) }),
  z.strictObject({ to: z.iso.datetime({ offset: true }) }),
]);
const Release = z.strictObject({ reverse: z.boolean().optional() });

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The simulator's own API (not Stripe's), under /_simulator, behind the same secret key as /v1: move the clock,
 * and hold, reorder, duplicate and list webhooks. Bodies are JSON; errors are `{ "error": "..." }`.
 */
export function controlRoutes(controls: Controls) {
  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof StripeApiError) return c.json({ error: error.message }, error.status);
    if (error instanceof z.ZodError) return c.json({ error: z.prettifyError(error) }, 400);
    if (error instanceof RangeError) return c.json({ error: error.message }, 400);
    throw error;
  });
  app.use(async (c, next) => {
    checkKey(c.req.header('Authorization'));
    await next();
  });
  const body = async <T>(c: { req: { json(): Promise<unknown> } }, schema: z.ZodType<T>) =>
    schema.parse(await c.req.json().catch(() => ({})));

  app.get('/clock', (c) => c.json({ now: iso(controls.now()) }));

  app.post('/clock', async (c) => {
    const move = await body(c, ClockMove);
    const seconds =
      'advanceSeconds' in move
        ? move.advanceSeconds
        : Math.floor(Date.parse(move.to) / 1000) - controls.now();
    if (seconds < 0) throw new RangeError('The clock only moves forward.');
    const result = await controls.advanceClock(seconds);
    return c.json({ now: iso(controls.now()), ...result });
  });

  app.post('/webhooks/hold', async (c) => {
    await controls.holdWebhooks();
    return c.json({ holding: true });
  });

  app.post('/webhooks/release', async (c) => {
    const order = await body(c, Release);
    return c.json({ delivered: await controls.releaseWebhooks(order) });
  });

  app.post('/webhooks/deliver', async (c) => c.json({ delivered: await controls.deliverPending() }));

  app.post('/events/:id/resend', async (c) =>
    c.json({ delivered: await controls.resendEvent(c.req.param('id')) }),
  );

  app.get('/events', async (c) => c.json({ data: await controls.events() }));

  return app;
}
