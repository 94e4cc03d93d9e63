import { z } from 'zod';
import { cardContentSchema, defaultCardContent } from './content';

/** The whole published content, so the log alone can rebuild every page exactly as it was published. */
export const CardPublished = z.object({
  type: z.literal('CardPublished'),
  data: z.object({ accountId: z.string(), content: cardContentSchema }),
});

/** The account was deleted: the card goes with it (its published content is redacted in the same transaction). */
export const CardErased = z.object({
  type: z.literal('CardErased'),
  data: z.object({ accountId: z.string() }),
});

export const cardEventSchemas = [CardPublished, CardErased] as const;

export type CardEvent = z.infer<(typeof cardEventSchemas)[number]>;

export const cardStreamId = (accountId: string) => `card-${accountId}`;

/** Erasure: a card is personal data through and through, so nothing of its content survives. */
export const cardRedactions = {
  CardPublished: (data: z.infer<typeof CardPublished>['data']) => ({
    accountId: data.accountId,
    content: defaultCardContent(),
  }),
};
