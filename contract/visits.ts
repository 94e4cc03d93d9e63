import { z } from 'zod/mini';
import { CLICK_ACTIONS, type ClickAction } from '../events/visit/kinds';

export const STATS_PERIODS = [7, 30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

const bySource = z.object({ nfc: z.number(), qr: z.number(), link: z.number() });
const byClick = z.object(
  Object.fromEntries(CLICK_ACTIONS.map((action) => [action, z.number()])) as Record<
    ClickAction,
    z.ZodMiniNumber
  >,
);

/** One UTC day (YYYY-MM-DD) of one owner's page. `visitors`: unique visitors that day, by any source. */
export const statsDaySchema = z.object({
  day: z.string(),
  views: bySource,
  visitors: z.number(),
  /** Actions by the source the visitor came from. */
  clicks: z.object({ nfc: byClick, qr: byClick, link: byClick }),
});
export type StatsDay = z.infer<typeof statsDaySchema>;

/**
 * GET /api/profile/stats?days=7|30|90: every day of the period, oldest first, today (UTC) last and counted so far.
 * `visitors` in totals is the sum of each day's unique visitors (a visitor back on another day counts again).
 */
export const visitStatsSchema = z.object({
  days: z.array(statsDaySchema),
  totals: z.object({
    views: bySource,
    visitors: z.number(),
    clicks: z.object({ nfc: byClick, qr: byClick, link: byClick }),
  }),
});
export type VisitStats = z.infer<typeof visitStatsSchema>;
