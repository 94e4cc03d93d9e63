import { type Draft, type EditorImage, savedImageUrl } from './draft';
import { keptCredentials, keptReviews, keptServices } from './rows';

/** Every text field of the card the editor sends, font included (it is called `style` on the wire too). */
const TEXT_FIELDS = [
  'page_theme',
  'page_theme_variant',
  'style',
  'text_alignment',
  'button_bg_color',
  'button_text_color',
  'about_me_layout',
  'work_display_mode',
  'services_display_mode',
  'reviews_display_mode',
  'main_heading',
  'sub_heading',
  'full_name',
  'job_title',
  'bio',
  'business_card_name',
  'contact_email',
  'phone_number',
  'facebook_url',
  'instagram_url',
  'linkedin_url',
  'x_url',
  'tiktok_url',
  'whatsapp_greeting',
] as const satisfies readonly (keyof Draft)[];

export const VISIBILITY_FLAGS = [
  'show_main_section',
  'show_about_me_section',
  'show_work_section',
  'show_services_section',
  'show_reviews_section',
  'show_contact_section',
] as const satisfies readonly (keyof Draft)[];

/**
 * The card's text as the API reads it (SPEC §5): empty texts left out (the API reads a missing field as empty),
 * flags as 'true'/'false', lists and the callout as JSON text, empty service, review and credential rows dropped.
 */
export function cardFields(draft: Draft): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const key of TEXT_FIELDS) {
    const value = draft[key];
    if (typeof value === 'string' && value.trim() !== '') fields[key] = value;
  }
  for (const key of VISIBILITY_FLAGS) fields[key] = String(draft[key] !== false);
  fields.section_order = JSON.stringify(draft.section_order);
  fields.services = JSON.stringify(keptServices(draft.services));
  fields.reviews = JSON.stringify(keptReviews(draft.reviews));
  fields.quotes_enabled = String(draft.quotes_enabled !== false);
  fields.opening_hours = JSON.stringify(draft.opening_hours);
  fields.emergency_callout = JSON.stringify(draft.emergency_callout);
  fields.areas_covered = JSON.stringify(draft.areas_covered);
  fields.credentials = JSON.stringify(keptCredentials(draft.credentials));
  return fields;
}

/**
 * A photo's address. Every photo is stored by the time a card is published (photos go up as they are picked, and
 * the publish waits for those still going), so one that isn't is a fault in the editor, not something to send.
 */
function addressOf(image: EditorImage): string {
  if (image.kind === 'saved') return image.url;
  if (image.stored) return savedImageUrl(image.stored);
  throw new Error(
    `The photo ${image.key} is not stored yet; its upload must end before the card is published.`,
  );
}

function appendImage(form: FormData, name: 'cover_photo' | 'avatar', image: EditorImage | null) {
  if (image) form.append(name, addressOf(image));
  form.append(`${name}_removed`, String(image === null));
}

/** The multipart body for POST /api/business-card/create_business_card: text and photo addresses, no files. */
export function buildPayload(draft: Draft): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(cardFields(draft))) form.append(key, value);
  appendImage(form, 'cover_photo', draft.cover_photo);
  appendImage(form, 'avatar', draft.avatar);
  // The whole list under `works`, by address, in the editor's order: the API publishes them in the order sent. An
  // empty `existing_works` says the list is complete even with no photos.
  form.append('existing_works', '[]');
  for (const image of draft.works) form.append('works', addressOf(image));
  return form;
}
