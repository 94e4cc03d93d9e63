import { Hono } from 'hono';
import { z } from 'zod';
import { runTrialClock } from '../accounts/scheduler';
import type { AppEnv, Deps } from '../deps';
import { readJson } from '../http/validate';
import type { OffsetClock } from '../process/offset-clock';

const MOVE_RULE = 'Say how far to move the clock: days and/or seconds, zero or more, at most a year in all.';
const YEAR_SECONDS = 366 * 24 * 60 * 60;

const moveBody = z
  .object({
    days: z.number({ error: MOVE_RULE }).min(0, MOVE_RULE).default(0),
    seconds: z.number({ error: MOVE_RULE }).min(0, MOVE_RULE).default(0),
  })
  .refine(({ days, seconds }) => days * 86_400 + seconds <= YEAR_SECONDS, MOVE_RULE);

/**
 * TEST_CLOCK=true only (api/env.ts refuses it in production mode and with real Stripe). Moving the clock then does
 * at once what the timers would do within seconds: the simulator bills what fell due (trial ends, renewals,
 * retries) and posts its webhooks, and the scheduler warns of and ends the account trials that are due. The answer
 * comes once all of that is recorded; the mail it queued is on its way to the outbox.
 */
export function offsetClockRoutes(deps: Deps, clock: OffsetClock) {
  const app = new Hono<AppEnv>();

  app.get('/', (c) => c.json({ now: deps.now().toISOString() }));

  app.post('/', async (c) => {
    const { days, seconds } = await readJson(c, moveBody);
    clock.advance((days * 86_400 + seconds) * 1000);
    await deps.stripeSimulator?.tick();
    const trials = await runTrialClock(deps);
    return c.json({ now: deps.now().toISOString(), trials });
  });

  return app;
}
