import { Hono } from 'hono';
import { z } from 'zod';
import { STATS_PERIODS, type StatsPeriod, type VisitStats } from '../../contract/visits';
import { DomainError } from '../../events/errors';
import type { AppEnv, Deps } from '../deps';
import { visitStats } from '../visits/stats';

export const PERIOD_RULE = `Choose a period of ${STATS_PERIODS.join(', ')} days.`;
const PERIODS = STATS_PERIODS.map(String) as [string, ...string[]];

/** `?days=7|30|90`: the periods the statistics offer, for the owner's page and a firm's team alike. */
export const statsQuery = z.object({
  days: z.enum(PERIODS, { error: PERIOD_RULE }).transform((days) => Number(days) as StatsPeriod),
});

/**
 * GET /profile/stats?days=7|30|90, mounted inside profileRoutes (which signs the user in): the signed-in owner's
 * own page's visits, and nobody else's, whatever the query says.
 */
export function statsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const parsed = statsQuery.safeParse(c.req.query());
    if (!parsed.success) throw new DomainError('invalid', parsed.error.issues[0]?.message ?? PERIOD_RULE);
    const stats = await visitStats(deps.db, c.get('accountId'), { days: parsed.data.days, now: deps.now() });
    return c.json(stats satisfies VisitStats);
  });

  return app;
}
