import { createHash } from 'node:crypto';
import type { CardContent, Font, ImageRef } from '../../events/card/content';
import { hasText } from '../../events/card/display';
import { shownContent } from '../../events/card/shown';
import { buttonColour } from '../profile/theme';
import { displayName } from '../profile/view-model';

/** The link preview image beside each live page: `u/<username>/og.jpg` (ADR 030, decision 7). */
export const OG_IMAGE_FILE = 'og.jpg';
/** The size WhatsApp, LinkedIn, Facebook and X all show large. */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/** Changed whenever the drawing (draw.ts) or its fonts change, so every image is drawn again at its next render. */
const DRAWING_VERSION = 2;

/** Everything the image shows: it is drawn again only when one of these changes (render-account.ts). */
export type OgImageInputs = {
  name: string;
  trade: string;
  font: Font;
  /** The button colour: the background when there is no cover photo. */
  colour: string;
  cover: ImageRef | null;
  avatar: ImageRef | null;
  /** Issue 30: the verified customers' average, as words (`Rated 4.8 out of 5 by 12 verified customers`); '' for none. */
  rating: string;
};

/** What customers' reviews the page shows: its average and how many (events/review/verified.ts). */
export type RatingFacts = { count: number; average: number } | null;

/** Words, not a ★: the card's own font has no star, and a preview is read at a glance. */
export const ratingWords = (verified: RatingFacts) =>
  verified && verified.count > 0
    ? `Rated ${verified.average.toFixed(1)} out of 5 by ${verified.count} verified ${verified.count === 1 ? 'customer' : 'customers'}`
    : '';

const NAME_LENGTH = 70;
const TRADE_LENGTH = 60;

/** One line of at most `length` characters, without control characters (which no markup may carry). */
function oneLine(text: string, length: number) {
  const line = text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...line];
  return characters.length <= length
    ? line
    : `${characters
        .slice(0, length - 1)
        .join('')
        .trimEnd()}…`;
}

/** From what the page shows (shown.ts): a hidden section's photo, name or trade is not drawn. */
export function ogImageInputs(
  published: CardContent,
  username: string,
  verified: RatingFacts = null,
): OgImageInputs {
  const content = shownContent(published);
  return {
    name: oneLine(displayName(content, username), NAME_LENGTH),
    trade: hasText(content.job_title) ? oneLine(content.job_title, TRADE_LENGTH) : '',
    font: content.style,
    colour: buttonColour(content.button_bg_color),
    cover: content.cover_photo,
    avatar: content.avatar,
    rating: content.show_reviews_section === false ? '' : ratingWords(verified),
  };
}

/** A short hash of the inputs and the drawing: kept with the page's record, and the version in the page's link. */
export function ogImageHash(inputs: OgImageInputs): string {
  const { name, trade, font, colour, cover, avatar, rating } = inputs;
  const shown = [DRAWING_VERSION, name, trade, font, colour, cover, avatar, rating];
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex').slice(0, 16);
}
