import type { PublishedAnswer } from '../../../../contract/card';
import { type CardContent, cardContentSchema } from '../../../../events/card/content';

/** What GET my_card (and a successful publish) answers, as far as the editor needs it. */
export type SavedCard = {
  content: CardContent;
  isPublished: boolean;
  username: string;
};

/**
 * The API sends images twice (contract/card.ts): as addresses for simple screens and in `media` as full
 * references, which the preview needs for its sizes. Content that doesn't parse is refused rather than guessed
 * at, so a publish can never overwrite a card with defaults by mistake.
 */
export function readSavedCard(card: PublishedAnswer['data']): SavedCard {
  const content = cardContentSchema.parse({ ...card, ...card.media });
  return { content, isPublished: card.isPublished, username: card.username };
}
