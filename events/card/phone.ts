import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers are kept as the tradesperson typed them (that is what the page shows) and dialled as E.164 with any
 * extension kept. The card is a UK product, so a number without a country code is read as British. The /min
 * metadata keeps the editor's bundle small; it knows every country's lengths and prefixes, which is all dialling
 * needs.
 */

const DEFAULT_COUNTRY = 'GB';

export type DialNumber = Readonly<{ e164: string; extension: string | undefined }>;

/**
 * The number to dial, or undefined when what was typed cannot be a phone number. "Possible" (right length for the
 * country) rather than "valid" (a range in use today): Ofcom's drama numbers such as 07700 900123 must still work,
 * and a new range should not need a library update before it can be dialled.
 */
export function dialNumber(typed: string): DialNumber | undefined {
  if (dialled.has(typed)) return dialled.get(typed);
  const parsed = parsePhoneNumberFromString(typed.trim(), DEFAULT_COUNTRY);
  const dial = parsed?.isPossible()
    ? Object.freeze({ e164: parsed.number, extension: parsed.ext || undefined })
    : undefined;
  if (dialled.size >= DIALLED_KEPT) dialled.clear();
  dialled.set(typed, dial);
  return dial;
}

/**
 * Numbers read lately, and what they dial: a page render reads its number for the Call button, WhatsApp, the
 * JSON-LD and the vCard, and parsing one is ~0.15 ms (a tenth of a full rebuild's time, issue 29). Bounded, and
 * forgotten wholesale: a miss only costs the parse.
 */
const dialled = new Map<string, DialNumber | undefined>();
const DIALLED_KEPT = 512;

/** RFC 3966, e.g. `tel:+447700900123;ext=5`. */
export function telUri(typed: string): string | undefined {
  const dial = dialNumber(typed);
  if (!dial) return undefined;
  return dial.extension ? `tel:${dial.e164};ext=${dial.extension}` : `tel:${dial.e164}`;
}

export const isDiallable = (typed: string) => dialNumber(typed) !== undefined;
