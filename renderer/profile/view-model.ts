import type { CardContent, ImageRef } from '../../events/card/content';
import { mediaUrl } from '../../events/card/content';
import { shownCard, showsAnything } from '../../events/card/shown';

/**
 * What the profile components draw. The published page passes media URLs; the editor's live preview passes blob
 * URLs for images not yet uploaded, so components never see ImageRef.
 */
export type ImageSource = { src: string; srcset?: string; width: number; height: number };

export type DisplayCard = Omit<CardContent, 'cover_photo' | 'avatar' | 'works'> & {
  cover_photo: ImageSource | null;
  avatar: ImageSource | null;
  works: ImageSource[];
};

/** 640 px is enough for a phone's first paint; larger widths stay reachable through srcset. */
const DEFAULT_WIDTH = 640;

export function imageSource(ref: ImageRef): ImageSource {
  const widths = [...new Set(ref.widths)].sort((a, b) => a - b);
  const fitting = widths.filter((width) => width <= DEFAULT_WIDTH);
  const srcWidth = fitting.at(-1) ?? widths[0] ?? ref.width;
  return {
    src: mediaUrl(ref.id, srcWidth),
    srcset: widths.map((width) => `${mediaUrl(ref.id, width)} ${width}w`).join(', '),
    width: ref.width,
    height: ref.height,
  };
}

export function toDisplayCard(content: CardContent): DisplayCard {
  return {
    ...content,
    cover_photo: content.cover_photo && imageSource(content.cover_photo),
    avatar: content.avatar && imageSource(content.avatar),
    works: content.works.map(imageSource),
  };
}

/**
 * What the page may show of a card and its sections in order (events/card/shown.ts), keyed on what the browser
 * would fetch: the published page and the editor's preview draw only from this.
 */
export const profileSections = (card: DisplayCard) => shownCard(card, (image) => image.src);

/** False means the not-set-up page: every visible section is empty. */
export const hasVisibleContent = (content: CardContent) => showsAnything(content);

/** The name a visitor knows this card by; the username when the owner has given none. */
export function displayName(
  card: Pick<CardContent, 'main_heading' | 'business_card_name' | 'full_name'>,
  username: string,
) {
  const name = [card.business_card_name, card.full_name, card.main_heading].find(
    (text) => text.trim() !== '',
  );
  return name?.trim() ?? `@${username}`;
}
