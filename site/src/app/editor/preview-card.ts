import {
  type DisplayCard,
  type ImageSource,
  imageSource,
  profileSections,
} from '../../../../renderer/profile/view-model';
import type { Draft, EditorImage } from './draft';
import { sampleCard } from './sample';

const sources = new WeakMap<EditorImage, ImageSource>();

/** Stored photos get their srcset like on the live page; picked ones show from their object URL until published. */
function source(image: EditorImage): ImageSource {
  let found = sources.get(image);
  if (!found) {
    found =
      image.kind === 'saved'
        ? imageSource(image.ref)
        : { src: image.url, width: image.width, height: image.height };
    sources.set(image, found);
  }
  return found;
}

export function draftDisplayCard(draft: Draft): DisplayCard {
  return {
    ...draft,
    cover_photo: draft.cover_photo && source(draft.cover_photo),
    avatar: draft.avatar && source(draft.avatar),
    works: draft.works.map(source),
    services: draft.services.map(({ name, price }) => ({ name, price })),
    reviews: draft.reviews.map(({ name, text, rating }) => ({ name, text, rating })),
  };
}

/** The look of a card, as opposed to its content: what the sample borrows from a draft with no content yet. */
const LOOK = [
  'page_theme',
  'style',
  'text_alignment',
  'button_bg_color',
  'button_text_color',
  'section_order',
  'show_main_section',
  'show_about_me_section',
  'show_work_section',
  'show_services_section',
  'show_reviews_section',
  'show_contact_section',
] as const satisfies readonly (keyof Draft & keyof DisplayCard)[];

export type PreviewCard = { card: DisplayCard; sample: boolean };

/**
 * What the preview draws. Someone who has published nothing and typed nothing sees the sample card, restyled by
 * any look they have changed, so the controls visibly do something before there is content to show.
 */
export function previewCard(draft: Draft, baseline: Draft, isPublished: boolean): PreviewCard {
  const card = draftDisplayCard(draft);
  if (isPublished || profileSections(card).sections.length > 0) return { card, sample: false };
  const changed = Object.fromEntries(
    LOOK.filter((key) => draft[key] !== baseline[key]).map((key) => [key, draft[key]]),
  );
  return { card: { ...sampleCard(), ...changed }, sample: true };
}
