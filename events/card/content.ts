import { z } from 'zod/mini';
import { CREDENTIAL_SCHEME_KEYS } from './credentials';

/**
 * The published content of a business card (SPEC §3), as the `CardPublished` event holds it: normalised, every field
 * present, snake_case as the spec names them. Input parsing (either casing, multipart quirks) lives in input.ts.
 * Written with zod/mini (ADR 021): the editor checks cards with these schemas, and classic zod in its first script
 * cost /myprofile its Lighthouse budget (issue 12).
 */

export const SECTION_KEYS = ['main', 'about', 'work', 'services', 'reviews', 'contact'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];
export const DEFAULT_SECTION_ORDER: SectionKey[] = [...SECTION_KEYS];

export const FONTS = ['Inter', 'Montserrat', 'Poppins'] as const;
export type Font = (typeof FONTS)[number];
export const DISPLAY_MODES = ['list', 'grid', 'carousel'] as const;
export const MAX_WORK_IMAGES = 10;
export const MAX_SERVICES = 30;
export const MAX_REVIEWS = 30;
export const DEFAULT_BUTTON_COLOUR = '#F47629';

/** An uploaded image: content-addressed, stored as WebP at each of `widths` (the largest is width × height). */
const positiveInt = () => z.int().check(z.positive());
export const imageRefSchema = z.object({
  id: z.string().check(z.regex(/^[a-f0-9]{24}$/)),
  width: positiveInt(),
  height: positiveInt(),
  widths: z.array(positiveInt()).check(z.minLength(1)),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

export const serviceSchema = z.object({ name: z.string(), price: z.string() });
export const reviewSchema = z.object({
  name: z.string(),
  text: z.string(),
  rating: z.int().check(z.gte(1), z.lte(5)),
});

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const MAX_AREAS = 30;
export const MAX_CREDENTIALS = 8;

/** `HH:MM` on a 24-hour clock; `24:00` closes at midnight. */
export const CLOCK_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
/** One day the owner is open: days not listed are closed, and an empty list means the page states no hours. */
const openingHoursSchema = z.object({
  day: z.enum(WEEKDAYS),
  opens: z.string().check(z.regex(CLOCK_TIME)),
  closes: z.string().check(z.regex(CLOCK_TIME)),
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;
const emergencyCalloutSchema = z.object({ on: z.boolean(), hours: z.string(), note: z.string() });
export type EmergencyCallout = z.infer<typeof emergencyCalloutSchema>;
/** A membership or registration as the owner states it (credentials.ts); `name` only for "other". */
const credentialSchema = z.object({
  scheme: z.enum(CREDENTIAL_SCHEME_KEYS),
  name: z.string(),
  number: z.string(),
  url: z.string(),
});
export type Credential = z.infer<typeof credentialSchema>;

export const cardContentSchema = z.object({
  page_theme: z.enum(['light', 'dark']),
  page_theme_variant: z.string(),
  style: z.enum(FONTS),
  text_alignment: z.enum(['left', 'center', 'right']),
  button_bg_color: z.string().check(z.regex(/^#[0-9A-F]{6}$/)),
  button_text_color: z.enum(['white', 'black']),
  about_me_layout: z.string(),
  work_display_mode: z.enum(DISPLAY_MODES),
  services_display_mode: z.enum(DISPLAY_MODES),
  reviews_display_mode: z.enum(DISPLAY_MODES),
  show_main_section: z.boolean(),
  show_about_me_section: z.boolean(),
  show_work_section: z.boolean(),
  show_services_section: z.boolean(),
  show_reviews_section: z.boolean(),
  show_contact_section: z.boolean(),
  section_order: z.array(z.enum(SECTION_KEYS)),
  cover_photo: z.nullable(imageRefSchema),
  avatar: z.nullable(imageRefSchema),
  main_heading: z.string(),
  sub_heading: z.string(),
  full_name: z.string(),
  job_title: z.string(),
  bio: z.string(),
  business_card_name: z.string(),
  works: z.array(imageRefSchema).check(z.maxLength(MAX_WORK_IMAGES)),
  services: z.array(serviceSchema).check(z.maxLength(MAX_SERVICES)),
  reviews: z.array(reviewSchema).check(z.maxLength(MAX_REVIEWS)),
  contact_email: z.string(),
  phone_number: z.string(),
  facebook_url: z.string(),
  instagram_url: z.string(),
  linkedin_url: z.string(),
  x_url: z.string(),
  tiktok_url: z.string(),
  // Issue 17's fields carry defaults so every card published before them still folds, reading as it did.
  whatsapp_greeting: z._default(z.string(), ''),
  opening_hours: z._default(z.array(openingHoursSchema).check(z.maxLength(WEEKDAYS.length)), () => []),
  emergency_callout: z._default(emergencyCalloutSchema, () => ({ on: false, hours: '', note: '' })),
  areas_covered: z._default(z.array(z.string()).check(z.maxLength(MAX_AREAS)), () => []),
  credentials: z._default(z.array(credentialSchema).check(z.maxLength(MAX_CREDENTIALS)), () => []),
  quotes_enabled: z._default(z.boolean(), true),
});
export type CardContent = z.infer<typeof cardContentSchema>;

/** SPEC §3 "Defaults for a new editor state". */
export const defaultCardContent = (): CardContent => ({
  page_theme: 'light',
  page_theme_variant: 'subtle-light',
  style: 'Inter',
  text_alignment: 'left',
  button_bg_color: DEFAULT_BUTTON_COLOUR,
  button_text_color: 'white',
  about_me_layout: 'side-by-side',
  work_display_mode: 'list',
  services_display_mode: 'list',
  reviews_display_mode: 'list',
  show_main_section: true,
  show_about_me_section: true,
  show_work_section: true,
  show_services_section: true,
  show_reviews_section: true,
  show_contact_section: true,
  section_order: [...DEFAULT_SECTION_ORDER],
  cover_photo: null,
  avatar: null,
  main_heading: '',
  sub_heading: '',
  full_name: '',
  job_title: '',
  bio: '',
  business_card_name: '',
  works: [],
  services: [],
  reviews: [],
  contact_email: '',
  phone_number: '',
  facebook_url: '',
  instagram_url: '',
  linkedin_url: '',
  x_url: '',
  tiktok_url: '',
  whatsapp_greeting: '',
  opening_hours: [],
  emergency_callout: { on: false, hours: '', note: '' },
  areas_covered: [],
  credentials: [],
  quotes_enabled: true,
});

/** Main first, each of the six exactly once, unknown keys dropped; an empty order falls back to the default. */
export function normaliseSectionOrder(order: readonly string[] | undefined): SectionKey[] {
  const known = (order ?? []).filter((key): key is SectionKey =>
    (SECTION_KEYS as readonly string[]).includes(key),
  );
  const unique = [...new Set(known)].filter((key) => key !== 'main');
  const missing = DEFAULT_SECTION_ORDER.filter((key) => key !== 'main' && !unique.includes(key));
  return ['main', ...unique, ...missing];
}

/** Every photo a card shows: its cover, its profile photo and its work, in that order. */
/** The fields of a card that hold its photos. */
export const CARD_IMAGE_FIELDS = ['cover_photo', 'avatar', 'works'] as const;

export const cardImages = (content: Pick<CardContent, (typeof CARD_IMAGE_FIELDS)[number]>): ImageRef[] =>
  CARD_IMAGE_FIELDS.flatMap((field) => [content[field]].flat()).flatMap((image) => (image ? [image] : []));

export const mediaUrl = (id: string, width: number) => `/media/${id}-${width}.webp`;
/** A photo's largest stored size: what the page's links, the editor and the API name it by. */
export const largestMediaUrl = (image: Pick<ImageRef, 'id' | 'widths'>) =>
  mediaUrl(image.id, Math.max(...image.widths));
