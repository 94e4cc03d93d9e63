import VCard from 'vcard-creator';
import type { CardContent } from '../events/card/content';
import { hasText } from '../events/card/display';
import { dialNumber } from '../events/card/phone';
import { shownContent } from '../events/card/shown';

export type VCardInput = {
  content: CardContent;
  /** Absolute address of the live page. */
  pageUrl: string;
  /** A small JPEG of the avatar, embedded so the contact shows a face offline. */
  photoJpeg?: Uint8Array;
  /** REV, e.g. the publish time. Left out when absent, so the same card always gives the same bytes. */
  revision?: Date;
};

const NOTE_LENGTH = 200;

// vcard-creator escapes text properties (\ ; , newline) but not a lone CR, and not EMAIL, TEL or URL at all; a line
// break in any of those would start a property of the attacker's choosing. Normalise before handing values over.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F]/g;
const text = (value: string) => value.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
const singleLine = (value: string) =>
  value
    .replace(/[\r\n]+/g, ' ')
    .replace(CONTROL, '')
    .trim();

// TEL and EMAIL are not text values, so the library leaves them alone; keep only what can belong in them. A number
// is written as it is dialled (E.164, the extension in RFC 3966 form); one that cannot be dialled is kept as typed.
function phoneValue(value: string) {
  const dial = dialNumber(singleLine(value));
  if (!dial) return singleLine(value).replace(/[^\d+()\-. x]/gi, '');
  return dial.extension ? `${dial.e164};ext=${dial.extension}` : dial.e164;
}
const emailValue = (value: string) => singleLine(value).replace(/[\s,;]/g, '');

function splitName(fullName: string) {
  const parts = fullName.split(/\s+/);
  if (parts.length < 2) return { givenName: fullName, familyName: '' };
  return { givenName: parts.slice(0, -1).join(' '), familyName: parts.at(-1) ?? '' };
}

function note(content: CardContent) {
  if (hasText(content.sub_heading)) return text(content.sub_heading);
  const bio = text(content.bio);
  return bio.length > NOTE_LENGTH ? `${bio.slice(0, NOTE_LENGTH - 1).trimEnd()}…` : bio;
}

/**
 * contact.vcf (vCard 3.0) behind 'Save My Number': only what the page shows (shown.ts), so nothing of a hidden
 * section, and only the card's public contact email, never the account's. The name (FN, N) is always there, as 3.0
 * requires; a page with no number or email to show offers no vCard at all (savesContact).
 */
export function buildVCard({ content: published, pageUrl, photoJpeg, revision }: VCardInput): string {
  const content = shownContent(published);
  const card = new VCard();
  const fullName = singleLine(content.full_name);
  const business = singleLine(content.business_card_name);
  const phone = phoneValue(content.phone_number);
  const email = emailValue(content.contact_email);
  // FN and N are required in vCard 3.0; phones show the number or address themselves when there is no name.
  const name =
    fullName ||
    business ||
    singleLine(content.main_heading) ||
    email ||
    singleLine(content.phone_number) ||
    'Contact';

  // FN first so the library keeps the name as written rather than rebuilding it from N's parts.
  card.addFullName(name);
  card.addName(fullName ? splitName(fullName) : { givenName: name });
  if (business) card.addCompany({ name: business });
  if (hasText(content.job_title)) card.addJobtitle(singleLine(content.job_title));
  if (phone) card.addPhoneNumber({ number: phone, type: ['work'] });
  if (email) card.addEmail({ address: email, type: ['work'] });
  card.addUrl({ url: singleLine(pageUrl) });
  const about = note(content);
  if (about) card.addNote(about);
  // The photo is made by the caller from the avatar; a hidden About section takes it with it.
  if (content.avatar && photoJpeg && photoJpeg.length > 0) {
    card.addPhoto({ image: Buffer.from(photoJpeg).toString('base64'), mime: 'JPEG' });
  }
  if (revision) return card.addRevision(revision).toString();
  // The library stamps REV with the clock otherwise; it is optional in 3.0, and rendering must be idempotent.
  return card.toString().replace(/^REV:[^\r\n]*\r\n/m, '');
}
