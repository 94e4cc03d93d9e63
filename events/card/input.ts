import { z } from 'zod/mini';
import { isWebAddress } from '../web-address';
import { AREA_PROBLEM, areaName, isAreaName, MAX_AREA_LENGTH, TOO_MANY_AREAS } from './areas';
import {
  type CardContent,
  CLOCK_TIME,
  DISPLAY_MODES,
  defaultCardContent,
  FONTS,
  MAX_AREAS,
  MAX_CREDENTIALS,
  MAX_REVIEWS,
  MAX_SERVICES,
  normaliseSectionOrder,
  type OpeningHours,
  WEEKDAYS,
} from './content';
import { CHOOSE_A_SCHEME, CREDENTIAL_SCHEME_KEYS, CREDENTIAL_SCHEMES, isOnHost } from './credentials';

/**
 * Turns what an editor sends (SPEC §5 "Profile save payload": either casing, booleans and lists as text from a
 * multipart form, empty fields left out) into card fields. Images are resolved by the caller; everything here is
 * text. Every error names its field in words a tradesperson understands. zod/mini, like content.ts: the editor checks
 * drafts with the same rules before it sends them.
 */

export type CardFields = Omit<CardContent, 'cover_photo' | 'avatar' | 'works'>;

const ALIASES: Record<string, string> = { font: 'style', twitter_url: 'x_url' };

/** pageTheme → page_theme; twitterUrl → x_url. */
export function snakeCaseKeys(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const snake = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    out[ALIASES[snake] ?? snake] = value;
  }
  return out;
}

/** Classic zod's `preprocess`: `prepare` runs on the raw value before `schema` checks it. */
const preprocess = <S extends z.ZodMiniType>(prepare: (value: unknown) => unknown, schema: S) =>
  z.pipe(z.transform(prepare), schema);

const text = (label: string, max: number) =>
  preprocess(
    (value) =>
      value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value,
    z
      .string({ error: `${label} must be text.` })
      .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters.`)),
  );

const choice = <T extends readonly [string, ...string[]]>(label: string, values: T, fallback: T[number]) =>
  preprocess(
    (value) => (value === undefined || value === null || value === '' ? fallback : value),
    z.enum(values, { error: `${label} must be ${values.slice(0, -1).join(', ')} or ${values.at(-1)}.` }),
  );

/** A switch sent as a boolean or as 'true'/'false' text; left out, it is `whenLeftOut` (on, for the show flags). */
const flag = (label: string, whenLeftOut = true) =>
  preprocess(
    (value) =>
      value === undefined || value === null || value === ''
        ? whenLeftOut
        : value === 'true'
          ? true
          : value === 'false'
            ? false
            : value,
    z.boolean({ error: `${label} must be true or false.` }),
  );

const webAddress = (label: string) =>
  text(label, 300).check(
    z.refine(
      (value) => value === '' || isWebAddress(value),
      `${label} must be a web address starting with https:// or http://.`,
    ),
  );

/** JSON sent as text in a multipart form, or as itself in JSON; left out, it is `whenLeftOut`. */
const parsedJson = (whenLeftOut: () => unknown) => (value: unknown) => {
  if (value === undefined || value === null || value === '') return whenLeftOut();
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return Symbol.for('invalid');
  }
};

const jsonList = (label: string) =>
  preprocess(
    parsedJson(() => []),
    z.array(z.unknown(), { error: `${label} must be a list.` }),
  );

const service = z.object(
  { name: text('Service name', 80), price: text('Service price', 40) },
  { error: 'Each service must have a name and a price.' },
);

const review = z.object(
  {
    name: text('Reviewer name', 80),
    text: text('Review text', 600),
    // SPEC §5: integer 1 to 5, clamped rather than refused.
    rating: preprocess(
      (value) => (value === undefined || value === null || value === '' ? 5 : Number(value)),
      z.pipe(
        z
          .number({ error: 'Each review rating must be a number from 1 to 5.' })
          .check(z.refine(Number.isFinite, 'Each review rating must be a number from 1 to 5.')),
        z.transform((value: number) => Math.min(5, Math.max(1, Math.round(value)))),
      ),
    ),
  },
  { error: 'Each review must have a name, a text and a rating.' },
);

const hexColour = preprocess(
  (value) => (value === undefined || value === null || value === '' ? '#F47629' : value),
  z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, 'Button colour must be a hex colour like #F47629.'),
      ),
    z.transform((value: string) => {
      const hex = value.slice(1).toUpperCase();
      return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`;
    }),
  ),
);

/** A list's rows checked one by one, the empty ones dropped, then at most `max` of them. */
const nonEmptyRows = <Row extends z.ZodMiniType>(
  list: ReturnType<typeof jsonList>,
  row: Row,
  keep: (value: z.output<Row>) => boolean,
  max: number,
  tooMany: string,
) =>
  z
    .pipe(
      z.pipe(
        // A row with nothing typed in it is dropped before it is checked, so a default (a credential's scheme, a
        // review's rating) can't turn the editor's blank row into one the rules refuse.
        z.pipe(
          list,
          z.transform((rows: unknown[]) => rows.filter((raw) => !isBlankRow(raw))),
        ),
        z.array(row),
      ),
      z.transform((rows: z.output<Row>[]) => rows.filter(keep)),
    )
    .check(z.refine((rows) => rows.length <= max, tooMany));

function isBlankRow(row: unknown): boolean {
  return (
    typeof row === 'object' &&
    row !== null &&
    Object.values(row).every((value) => value === undefined || value === null || String(value).trim() === '')
  );
}

const email = z.email();

const jsonObject = (label: string) =>
  preprocess(
    parsedJson(() => ({})),
    z.record(z.string(), z.unknown(), { error: `${label} must be a set of fields.` }),
  );

const openingDay = z
  .object(
    {
      // No fallback: a row without its day is the editor's or the caller's mistake, not Monday's hours.
      day: z.enum(WEEKDAYS, { error: `Opening day must be ${WEEKDAYS.slice(0, -1).join(', ')} or sunday.` }),
      opens: text('Opening time', 5).check(z.regex(CLOCK_TIME, 'Opening times must be like 08:00.')),
      closes: text('Closing time', 5).check(z.regex(CLOCK_TIME, 'Closing times must be like 17:30.')),
    },
    { error: 'Each open day must have a day, an opening time and a closing time.' },
  )
  .check(
    z.refine(
      (row) => row.opens < row.closes,
      // zod/mini's refine can't name the day in its message; the hours panel shows the row it belongs to.
      'Each day must close after it opens.',
    ),
  );

const openingHours = z
  .pipe(
    z.pipe(jsonList('Opening hours'), z.array(openingDay)),
    z.transform((rows: OpeningHours[]) =>
      [...rows].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day)),
    ),
  )
  .check(
    z.refine(
      (rows) => new Set(rows.map((row) => row.day)).size === rows.length,
      'Each day can have one set of opening hours.',
    ),
  );

const emergencyCallout = z.pipe(
  jsonObject('Emergency callout'),
  z.object(
    {
      on: flag('Emergency callout', false),
      hours: text('Callout hours', 80),
      note: text('Callout note', 200),
    },
    { error: 'Emergency callout must say whether it is on, its hours and a note.' },
  ),
);

const areasCovered = z
  .pipe(
    z.pipe(jsonList('Areas covered'), z.array(text('Each area', MAX_AREA_LENGTH))),
    z.transform((areas: string[]) => {
      const seen = new Set<string>();
      return areas.map(areaName).filter((area) => {
        const key = area.toLowerCase();
        if (area === '' || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }),
  )
  .check(
    z.refine((areas) => areas.every(isAreaName), AREA_PROBLEM),
    z.refine((areas) => areas.length <= MAX_AREAS, TOO_MANY_AREAS),
  );

const credential = z
  .object(
    {
      scheme: z.enum(CREDENTIAL_SCHEME_KEYS, { error: CHOOSE_A_SCHEME }),
      name: text('Scheme name', 60),
      number: text('Membership number', 40).check(
        z.regex(
          /^[\p{L}\d ./-]*$/u,
          'Membership numbers can hold letters, digits, spaces, dots, slashes and hyphens.',
        ),
      ),
      url: text('Scheme link', 300),
    },
    { error: 'Each credential must have a scheme, a number and a link.' },
  )
  .check(
    z.refine(
      (row) => row.scheme !== 'gas_safe' || /^\d{6,7}$/.test(row.number.replace(/\s/g, '')),
      'Gas Safe Register needs your licence number: the 6 or 7 digits on your Gas Safe ID card.',
    ),
    z.refine(
      (row) => row.scheme !== 'other' || row.name !== '',
      'Each other credential needs the name of its scheme.',
    ),
    z.refine(
      (row) =>
        row.scheme !== 'other' || (row.url !== '' && isWebAddress(row.url) && row.url.startsWith('https://')),
      'Each other credential needs a link starting with https:// where customers can check it.',
    ),
    z.refine(
      (row) =>
        row.scheme === 'other' || row.url === '' || isOnHost(row.url, CREDENTIAL_SCHEMES[row.scheme].host),
      'A scheme link must be your own listing on that scheme’s website, starting with https://.',
    ),
  );

const credentials = nonEmptyRows(
  jsonList('Credentials'),
  credential,
  // Rows with something typed are all kept: a scheme picked with no number is a membership stated.
  () => true,
  MAX_CREDENTIALS,
  `You can show at most ${MAX_CREDENTIALS} credentials.`,
);

/**
 * Whether a typed phone number can be dialled. The API and the seed use libphonenumber's check (phone.ts); the
 * editor checks roughly before it sends, so its first script doesn't carry the country data, and the API's answer
 * says the same sentence for anything the rough check lets through.
 */
export type DialCheck = (typed: string) => boolean;

const fieldsSchemaFor = (isDiallable: DialCheck) =>
  z.object({
    page_theme: choice('Page theme', ['light', 'dark'] as const, 'light'),
    page_theme_variant: z.pipe(
      text('Theme variant', 40),
      z.transform((value: string) => value || 'subtle-light'),
    ),
    style: choice('Font', FONTS, 'Inter'),
    text_alignment: choice('Text alignment', ['left', 'center', 'right'] as const, 'left'),
    button_bg_color: hexColour,
    button_text_color: choice('Button text colour', ['white', 'black'] as const, 'white'),
    about_me_layout: choice('About me layout', ['side-by-side', 'stacked'] as const, 'side-by-side'),
    work_display_mode: choice('Work display', DISPLAY_MODES, 'list'),
    services_display_mode: choice('Services display', DISPLAY_MODES, 'list'),
    reviews_display_mode: choice('Reviews display', DISPLAY_MODES, 'list'),
    show_main_section: flag('Show main section'),
    show_about_me_section: flag('Show about me section'),
    show_work_section: flag('Show my work section'),
    show_services_section: flag('Show services section'),
    show_reviews_section: flag('Show reviews section'),
    show_contact_section: flag('Show contact section'),
    section_order: z.pipe(
      jsonList('Section order'),
      z.transform((keys: unknown[]) => normaliseSectionOrder(keys.map(String))),
    ),
    main_heading: text('Main heading', 100),
    sub_heading: text('Subheading', 160),
    full_name: text('Full name', 80),
    job_title: text('Job title', 80),
    bio: text('Bio', 1500),
    business_card_name: text('Business name', 80),
    services: nonEmptyRows(
      jsonList('Services'),
      service,
      (row) => row.name !== '' || row.price !== '',
      MAX_SERVICES,
      `You can list at most ${MAX_SERVICES} services.`,
    ),
    reviews: nonEmptyRows(
      jsonList('Reviews'),
      review,
      (row) => row.name !== '' || row.text !== '',
      MAX_REVIEWS,
      `You can show at most ${MAX_REVIEWS} reviews.`,
    ),
    contact_email: z
      .pipe(
        text('Contact email', 254),
        z.transform((value: string) => value.toLowerCase()),
      )
      .check(
        z.refine(
          (value) => value === '' || email.safeParse(value).success,
          'Contact email must be a valid email address.',
        ),
      ),
    phone_number: text('Phone number', 40).check(
      z.refine(
        (value) => value === '' || isDiallable(value),
        'Phone number must be a number we can dial, like 07700 900123 or +44 7700 900123 ext. 5.',
      ),
    ),
    facebook_url: webAddress('Facebook link'),
    instagram_url: webAddress('Instagram link'),
    linkedin_url: webAddress('LinkedIn link'),
    x_url: webAddress('X link'),
    tiktok_url: webAddress('TikTok link'),
    whatsapp_greeting: text('WhatsApp greeting', 300),
    opening_hours: openingHours,
    emergency_callout: emergencyCallout,
    areas_covered: areasCovered,
    credentials,
    quotes_enabled: flag('Quote requests'),
  });

const schemas = new Map<DialCheck, ReturnType<typeof fieldsSchemaFor>>();
const fieldsSchema = (isDiallable: DialCheck) => {
  let schema = schemas.get(isDiallable);
  if (!schema) {
    schema = fieldsSchemaFor(isDiallable);
    schemas.set(isDiallable, schema);
  }
  return schema;
};

export type ParsedFields = { ok: true; fields: CardFields } | { ok: false; error: string };

export function parseCardFields(raw: Record<string, unknown>, isDiallable: DialCheck): ParsedFields {
  const parsed = fieldsSchema(isDiallable).safeParse(snakeCaseKeys(raw));
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues[0]?.message ?? 'Please check your card.' };
  return { ok: true, fields: parsed.data };
}

/** The fields of a card nobody has published: what `my_card` answers before the first publish. */
export const defaultCardFields = (): CardFields => {
  const { cover_photo: _cover, avatar: _avatar, works: _works, ...fields } = defaultCardContent();
  return fields;
};
