import { z } from 'zod/mini';

/**
 * Issue 16: how a visitor reached a profile page. `nfc`: one of the owner's cards (/c/<code>); `qr`: a QR code the
 * product drew (/q/<username>, or a card's printed code); `link`: the plain address /u/<username>.
 */
export const VISIT_SOURCES = ['nfc', 'qr', 'link'] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

/** What a visitor did on the page, besides opening it (`view`). `save` is Save My Number (the vCard). */
export const VISIT_ACTIONS = [
  'view',
  'save',
  'call',
  'whatsapp',
  'email',
  'facebook',
  'instagram',
  'linkedin',
  'x',
  'tiktok',
] as const;
export type VisitAction = (typeof VISIT_ACTIONS)[number];
export type ClickAction = Exclude<VisitAction, 'view'>;
export const CLICK_ACTIONS = VISIT_ACTIONS.filter((action): action is ClickAction => action !== 'view');

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
