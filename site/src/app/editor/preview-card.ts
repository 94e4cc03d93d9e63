import {
  type DisplayCard,
  type ImageSource,
  imageSource,
  profileSections,
} from '../../../../renderer/profile/view-model';
import { isDirty } from './dirty';
import type { Draft, EditorImage } from './draft';
import { chosenCredentials } from './rows';
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
    credentials: chosenCredentials(draft.credentials),
  };
}

/** The look of a card, as opposed to its content: what the sample takes from the draft, so the controls tell the truth. */
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

/** `sample`: the example is shown, not the person's page. `empty`: their page, which would show nothing yet. */
export type PreviewCard = { card: DisplayCard; sample: boolean; empty: boolean };

/**
 * What the preview draws (issue 14, an honest preview). Someone who has published nothing and changed nothing
 * sees the sample card as an example, drawn in the look the controls show. From their first change on, the preview
 * is their page alone, never mixed with the sample, even while it is still empty: that is what would be published.
 */
export function previewCard(draft: Draft, baseline: Draft, isPublished: boolean): PreviewCard {
  const card = draftDisplayCard(draft);
  const empty = profileSections(card).sections.length === 0;
  if (isPublished || !empty || isDirty(draft, baseline)) return { card, sample: false, empty };
  const look = Object.fromEntries(LOOK.map((key) => [key, draft[key]]));
  return { card: { ...sampleCard(), ...look }, sample: true, empty: false };
}
