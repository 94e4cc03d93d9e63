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
const DRAWING_VERSION = 1;

/** Everything the image shows: it is drawn again only when one of these changes (render-account.ts). */
export type OgImageInputs = {
  name: string;
  trade: string;
  font: Font;
  /** The button colour: the background when there is no cover photo. */
  colour: string;
  cover: ImageRef | null;
  avatar: ImageRef | null;
};

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
export function ogImageInputs(published: CardContent, username: string): OgImageInputs {
  const content = shownContent(published);
  return {
    name: oneLine(displayName(content, username), NAME_LENGTH),
    trade: hasText(content.job_title) ? oneLine(content.job_title, TRADE_LENGTH) : '',
    font: content.style,
    colour: buttonColour(content.button_bg_color),
    cover: content.cover_photo,
    avatar: content.avatar,
  };
}

/** A short hash of the inputs and the drawing: kept with the page's record, and the version in the page's link. */
export function ogImageHash(inputs: OgImageInputs): string {
  const { name, trade, font, colour, cover, avatar } = inputs;
  const shown = [DRAWING_VERSION, name, trade, font, colour, cover, avatar];
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex').slice(0, 16);
}
