import type { CardContent, SectionKey } from './content';

/**
 * SPEC §4/§5 public display rules, shared by the published page and the editor's preview: a section shows only if
 * its flag is on and it has content; some images, services, reviews and links are never shown.
 */

const PLACEHOLDER_WORDS = /placeholder|sample|demo|stock|default|template|card-mock/i;

/** Work images whose address suggests a stand-in rather than the tradesperson's own photo are dropped. */
export const isPlaceholderImage = (url: string) => PLACEHOLDER_WORDS.test(url);

export const hasText = (value: string | null | undefined) => (value ?? '').trim().length > 0;

/** `monday` → `Monday`, `licence number` → `Licence number`. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const visibleServices = (content: Pick<CardContent, 'services'>) =>
  content.services.filter((service) => hasText(service.name) || hasText(service.price));

export const visibleReviews = (content: Pick<CardContent, 'reviews'>) =>
  content.reviews.filter((review) => hasText(review.name) || hasText(review.text) || review.rating > 0);

export const SOCIAL_LINKS = [
  { field: 'facebook_url', label: 'Facebook' },
  { field: 'instagram_url', label: 'Instagram' },
  { field: 'linkedin_url', label: 'LinkedIn' },
  { field: 'x_url', label: 'X' },
  { field: 'tiktok_url', label: 'TikTok' },
] as const;

export const canSaveContact = (content: Pick<CardContent, 'contact_email' | 'phone_number'>) =>
  hasText(content.contact_email) || hasText(content.phone_number);

export type Displayable<Image> = Omit<CardContent, 'cover_photo' | 'avatar' | 'works'> & {
  cover_photo: Image | null;
  avatar: Image | null;
  works: Image[];
};

const visibilityFlag: Record<SectionKey, keyof CardContent> = {
  main: 'show_main_section',
  about: 'show_about_me_section',
  work: 'show_work_section',
  services: 'show_services_section',
  reviews: 'show_reviews_section',
  contact: 'show_contact_section',
};

/** Whether a section has anything to show, ignoring its visibility flag. */
export function sectionHasContent<Image>(
  card: Displayable<Image>,
  section: SectionKey,
  works: Image[],
): boolean {
  switch (section) {
    case 'main':
      return card.cover_photo !== null || hasText(card.main_heading) || hasText(card.sub_heading);
    case 'about':
      return (
        card.avatar !== null ||
        hasText(card.full_name) ||
        hasText(card.job_title) ||
        hasText(card.business_card_name) ||
        hasText(card.bio)
      );
    case 'work':
      return works.length > 0;
    case 'services':
      return visibleServices(card).length > 0;
    case 'reviews':
      return visibleReviews(card).length > 0;
    case 'contact':
      return canSaveContact(card);
  }
}

/**
 * The sections to render, in saved order. `imageUrl` gives each work image's address so placeholders can be
 * dropped. What an output may show of them is shown.ts's to say: use that, not this.
 */
export function visibleSections<Image>(card: Displayable<Image>, imageUrl: (image: Image) => string) {
  const works = card.works.filter((image) => !isPlaceholderImage(imageUrl(image)));
  const sections = card.section_order.filter(
    (section) => card[visibilityFlag[section]] !== false && sectionHasContent(card, section, works),
  );
  return { sections, works };
}

/** A courtesy title is not a first name: "Mr Taylor", not "Mr". */
const TITLE = /^(mr|mrs|ms|miss|mx|dr)\.?$/i;

/**
 * What a WhatsApp chat from the page opens with when the owner has written no greeting of their own (issue 17), and
 * what the editor's greeting field shows as its placeholder: the customer can change it before they send it.
 */
export function defaultWhatsappGreeting(fullName: string): string {
  const [first, second] = fullName
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[,;:]+$/, ''));
  const name = first && TITLE.test(first) && second ? `${first} ${second}` : first;
  return `Hello${name ? ` ${name}` : ''}, I found your page and I’d like to ask about a job.`;
}

/** The greeting a WhatsApp chat from the page opens with: the owner's own, else the default. */
export const whatsappGreeting = (content: Pick<CardContent, 'whatsapp_greeting' | 'full_name'>) =>
  hasText(content.whatsapp_greeting)
    ? content.whatsapp_greeting.trim()
    : defaultWhatsappGreeting(content.full_name);
