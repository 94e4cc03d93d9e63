import { type CardContent, defaultCardContent, largestMediaUrl, type SectionKey } from './content';
import {
  canSaveContact,
  type Displayable,
  visibleReviews,
  visibleSections,
  visibleServices,
} from './display';

/**
 * What the public may see of a card (SPEC §4/§5), decided here once for every public output: the page (and the
 * editor's preview of it), Save My Number's vCard, the JSON-LD, the Wallet pass, the link preview image and the
 * quote pages. Each output draws from the card this returns, never from the content as published: a section that
 * doesn't show (switched off, or nothing in it) takes every field it holds with it, so no output can state what
 * the page doesn't (issue 28: the vCard gave out the email of a hidden Contact section, and Call and WhatsApp
 * stayed at the top of the page).
 *
 * Not in any section, and so shown whatever is hidden: the look, the emergency callout, the areas covered, the
 * credentials and the quote button. They are not content by SPEC §4 either: a page with only those is not set up.
 */

/** Each section's fields. The hours table is in the contact section, and WhatsApp's greeting goes with its number. */
const SECTION_FIELDS = {
  main: ['cover_photo', 'main_heading', 'sub_heading'],
  about: ['avatar', 'full_name', 'job_title', 'bio', 'business_card_name'],
  work: ['works'],
  services: ['services'],
  reviews: ['reviews'],
  contact: [
    'contact_email',
    'phone_number',
    'facebook_url',
    'instagram_url',
    'linkedin_url',
    'x_url',
    'tiktok_url',
    'whatsapp_greeting',
    'opening_hours',
  ],
} as const satisfies { [S in SectionKey]: readonly (keyof CardContent)[] };

/** A section's fields as they read when it doesn't show: as a new card has them (defaultCardContent). */
const without = (section: SectionKey): Partial<Displayable<never>> => {
  const blank = defaultCardContent();
  return Object.fromEntries(SECTION_FIELDS[section].map((field) => [field, blank[field]]));
};

export type Shown<Image> = {
  /** The card with everything the page doesn't show blanked, and the rows it drops (blank, placeholder) left out. */
  card: Displayable<Image>;
  /** The sections the page draws, in saved order; none means the not-set-up page. */
  sections: SectionKey[];
};

/** `imageUrl` gives each work image's address, so stand-ins can be dropped (display.ts). */
export function shownCard<Image>(card: Displayable<Image>, imageUrl: (image: Image) => string): Shown<Image> {
  const { sections, works } = visibleSections(card, imageUrl);
  let shown: Displayable<Image> = {
    ...card,
    works,
    services: visibleServices(card),
    reviews: visibleReviews(card),
  };
  for (const section of Object.keys(SECTION_FIELDS) as SectionKey[])
    if (!sections.includes(section)) shown = { ...shown, ...without(section) };
  return { card: shown, sections };
}

/** What the public may see of published content: the input of every output drawn from stored content. */
export const shownContent = (content: CardContent): CardContent => shownCard(content, largestMediaUrl).card;

/** Whether a card would show anything at all; when not, its page is the not-set-up page (SPEC §4). */
export const showsAnything = (content: CardContent) =>
  shownCard(content, largestMediaUrl).sections.length > 0;

/**
 * Save My Number and contact.vcf (SPEC §2/§5: when an email or phone exists), counting only what the page shows: with
 * the Contact section hidden there is no number or address to save, so neither the button nor the file.
 */
export const savesContact = (content: CardContent) => canSaveContact(shownContent(content));
