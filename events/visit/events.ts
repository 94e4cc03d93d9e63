import { z } from 'zod';
import { VISIT_ACTIONS, VISIT_SOURCES } from './kinds';

export const tallySchema = z.object({
  source: z.enum(VISIT_SOURCES),
  action: z.enum(VISIT_ACTIONS),
  /** The card a tap or scan came by; null for the QR codes and links that belong to no card. */
  cardCode: z.string().nullable(),
  hits: z.number().int().positive(),
});
export type Tally = z.infer<typeof tallySchema>;

/**
 * Issue 16: one UTC day of one page's visits, tallied once the day is over from the raw rows (visit_counts, visit_visitors), which
 * are then deleted within days. Only counts: no visitor, address or hash is in it. `visitors`: unique visitors.
 */
export const VisitsTallied = z.object({
  type: z.literal('VisitsTallied'),
  data: z.object({
    accountId: z.string(),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    visitors: z.number().int().nonnegative(),
    tallies: z.array(tallySchema),
  }),
});

export const visitEventSchemas = [VisitsTallied] as const;
export type VisitEvent = z.infer<(typeof visitEventSchemas)[number]>;

export const visitStreamId = (accountId: string, day: string) => `visits-${accountId}-${day}`;

/** A deleted account's counts are its own business data: erased with it, leaving an empty day. */
export const visitRedactions = {
  VisitsTallied: (data: z.infer<typeof VisitsTallied>['data']) => ({ ...data, visitors: 0, tallies: [] }),
};
