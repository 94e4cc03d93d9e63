import { Hono } from 'hono';
import { z } from 'zod';
import { QUANTITY_RULE } from '../../events/order/decider';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { buyCardsForMember, startFirmPlan } from '../firms/plan-checkout';
import { readJson, readOptionalJson } from '../http/validate';

const objectOnly = { error: 'Request body must be a JSON object.' };
const planBody = z.object({ cancelUrl: z.string().max(2000).optional() }, objectOnly);
const cardOrderBody = z.object(
  {
    forAccountId: z.string({ error: 'Say which member the cards are for: forAccountId.' }).max(100),
    quantity: z.preprocess(
      (value) => (value === undefined || value === null ? 1 : value),
      z.number({ error: QUANTITY_RULE }).int(QUANTITY_RULE).min(1, QUANTITY_RULE),
    ),
    cancelUrl: z.string().max(2000).optional(),
  },
  objectOnly,
);

/**
 * Issue 32, the firm's one bill (mounted under `/api/firms`): its admin takes out the plan that pays for every
 * member's page, one place a member, and buys NFC cards for a member on it. The plan's quantity follows the members
 * by itself (api/firms/plan.ts); cancelling or resuming it is the admin's Your subscription, as any plan's.
 */
export function firmBillRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  app.post('/:id/plan', signedIn, async (c) => {
    const body = await readOptionalJson(c, planBody);
    const cancelUrl = body.cancelUrl ?? c.req.header('referer') ?? null;
    const started = await startFirmPlan(deps, c.req.param('id'), c.get('accountId'), cancelUrl);
    return c.json({ success: true, ...started }, 201);
  });

  app.post('/:id/card-orders', signedIn, async (c) => {
    const body = await readJson(c, cardOrderBody);
    const started = await buyCardsForMember(deps, c.req.param('id'), c.get('accountId'), {
      forAccountId: body.forAccountId,
      quantity: body.quantity,
      cancelUrl: body.cancelUrl ?? c.req.header('referer') ?? null,
    });
    return c.json({ success: true, ...started }, 201);
  });

  return app;
}
