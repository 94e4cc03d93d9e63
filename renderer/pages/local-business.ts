import { type CardContent, largestMediaUrl } from '../../events/card/content';
import { credentialCheckUrl, credentialName } from '../../events/card/credentials';
import { capitalised, hasText, SOCIAL_LINKS } from '../../events/card/display';
import { dialNumber } from '../../events/card/phone';
import { shownContent } from '../../events/card/shown';
import { externalHref, withoutControls } from '../profile/safe-href';
import { displayName } from '../profile/view-model';

/**
 * schema.org's business types for the trades we serve, each a HomeAndConstructionBusiness, picked by the first word
 * found in the owner's job title; anything else is a plain LocalBusiness.
 */
const TRADE_TYPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/plumb|heating engineer|gas engineer|boiler/i, 'Plumber'],
  [/electric|spark/i, 'Electrician'],
  [/hvac|air.?con|refrigerat|ventilat/i, 'HVACBusiness'],
  [/roof/i, 'RoofingContractor'],
  [/locksmith/i, 'Locksmith'],
  [/paint|decorat/i, 'HousePainter'],
  [/builder|building|construct|contractor|carpent|joiner|brick|plaster|tiler/i, 'GeneralContractor'],
];

export const businessType = (jobTitle: string) =>
  TRADE_TYPES.find(([words]) => words.test(jobTitle))?.[1] ?? 'LocalBusiness';

const DAY_URL = (day: string) => `https://schema.org/${capitalised(day)}`;

/** The business's own picture: the cover at its largest width, else the profile photo; absolute, as crawlers need. */
function businessImage(content: CardContent, pageUrl: string): string | undefined {
  const photo = content.cover_photo ?? content.avatar;
  return photo ? new URL(largestMediaUrl(photo), pageUrl).href : undefined;
}

/** E.164, with an extension as schema.org's examples write one. */
function telephoneOf(typed: string): string | undefined {
  const dial = dialNumber(withoutControls(typed));
  return dial && (dial.extension ? `${dial.e164} ext. ${dial.extension}` : dial.e164);
}

type Input = { content: CardContent; username: string; pageUrl: string };

/**
 * The page as search engines read a local business: what the page shows, nothing more. No aggregateRating: the
 * reviews on a page are typed by its owner, which Google's review-snippet rules call self-serving for a
 * LocalBusiness and never show, and which would misstate them as independent ratings (ADR 030).
 */
export function localBusiness({ content: published, username, pageUrl }: Input): Record<string, unknown> {
  // As the page decides it (shown.ts): a hidden section's fields are blank here, its number and email included.
  const content = shownContent(published);
  const sameAs = SOCIAL_LINKS.map(({ field }) => externalHref(content[field])).filter(Boolean);
  const description = [content.sub_heading, content.bio].find(hasText)?.trim();
  return prune({
    '@context': 'https://schema.org',
    '@type': businessType(content.job_title),
    '@id': `${pageUrl}#business`,
    name: displayName(content, username),
    url: pageUrl,
    description,
    image: businessImage(content, pageUrl),
    telephone: telephoneOf(content.phone_number),
    email: hasText(content.contact_email) ? content.contact_email.trim() : undefined,
    areaServed: content.areas_covered.map((name) => ({ '@type': 'Place', name })),
    openingHoursSpecification: content.opening_hours.map(({ day, opens, closes }) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: DAY_URL(day),
      opens,
      // schema.org writes midnight at the end of a day as 23:59.
      closes: closes === '24:00' ? '23:59' : closes,
    })),
    memberOf: content.credentials.map((credential) => ({
      '@type': 'Organization',
      name: credentialName(credential),
      url: externalHref(credentialCheckUrl(credential)),
    })),
    sameAs,
  });
}

/** Empty strings, lists and missing values left out, so the data states only what is known. */
function prune(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, field]) => field !== undefined && field !== '' && !(Array.isArray(field) && field.length === 0),
    ),
  );
}

/**
 * JSON for a `<script type="application/ld+json">` data block. `<` is written `\u003c` so no value can close the
 * block or open a comment, and U+2028/2029 are escaped for old parsers; JSON reads all three back unchanged.
 */
export const jsonLdText = (data: unknown) =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
