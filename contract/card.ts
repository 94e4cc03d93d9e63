import { z } from 'zod/mini';
import type { CardContent } from '../events/card/content';
import { firmBrandSchema } from './firm';
import { messageAnswer } from './message';

/** An uploaded image's stored sizes (events/card/content.ts imageRefSchema, which the editor checks it with). */
const imageRefSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  widths: z.array(z.number()),
});

/**
 * A saved card (api/cards/cards.ts cardJson builds it): what the API adds around the card's content. The content's own
 * fields travel as the domain names them and pass through unchanged; the editor checks them with the domain's
 * cardContentSchema (site/src/app/editor/saved-card.ts), so they are described once, in events/.
 */
export const cardSchema = z.looseObject({
  cover_photo: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  works: z.array(z.string()),
  /** The images again, with every stored width, for the editor's preview and the header's srcset. */
  media: z.object({
    cover_photo: z.nullable(imageRefSchema),
    avatar: z.nullable(imageRefSchema),
    works: z.array(imageRefSchema),
  }),
  username: z.string(),
  isPublished: z.boolean(),
  isLive: z.boolean(),
  publicProfileUrl: z.string(),
  qrCodeUrl: z.string(),
  isSubscribed: z.boolean(),
  trialExpires: z.nullable(z.string()),
});

type CardImages = 'cover_photo' | 'avatar' | 'works';
/** The content fields typed as the domain types them; the images as addresses, above. */
export type Card = Omit<CardContent, CardImages> & z.infer<typeof cardSchema>;

/** GET /business-card/my_card: the card, and whose it is. */
export const myCardAnswer = z.object({
  success: z.literal(true),
  data: z.extend(cardSchema, {
    user: z.object({ _id: z.string(), username: z.string() }),
    /** Issue 32: the brand of the firm the owner is in, whose locked parts their page shows instead of their own. */
    firmBrand: z.nullable(z.extend(firmBrandSchema, { firmName: z.string() })),
  }),
});
export type MyCardAnswer = z.infer<typeof myCardAnswer>;

/** POST /business-card/create_business_card: the card as published. */
export const publishedAnswer = z.extend(messageAnswer, { data: cardSchema });
export type PublishedAnswer = z.infer<typeof publishedAnswer>;

/** POST /business-card/photos: a photo stored as the editor picks it, named by `url` when the card is published. */
export const storedPhotoAnswer = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), media: imageRefSchema }),
});
export type StoredPhotoAnswer = z.infer<typeof storedPhotoAnswer>;
