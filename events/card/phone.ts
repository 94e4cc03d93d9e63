import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers are kept as the tradesperson typed them (that is what the page shows) and dialled as E.164 with any
 * extension kept. The card is a UK product, so a number without a country code is read as British. The /min
 * metadata keeps the editor's bundle small; it knows every country's lengths and prefixes, which is all dialling
 * needs.
 */

const DEFAULT_COUNTRY = 'GB';

export type DialNumber = { e164: string; extension: string | undefined };

/**
 * The number to dial, or undefined when what was typed cannot be a phone number. "Possible" (right length for the
 * country) rather than "valid" (a range in use today): Ofcom's drama numbers such as 07700 900123 must still work,
 * and a new range should not need a library update before it can be dialled.
 */
export function dialNumber(typed: string): DialNumber | undefined {
  const parsed = parsePhoneNumberFromString(typed.trim(), DEFAULT_COUNTRY);
  if (!parsed?.isPossible()) return undefined;
  return { e164: parsed.number, extension: parsed.ext || undefined };
}

/** RFC 3966, e.g. `tel:+447700900123;ext=5`. */
export function telUri(typed: string): string | undefined {
  const dial = dialNumber(typed);
  if (!dial) return undefined;
  return dial.extension ? `tel:${dial.e164};ext=${dial.extension}` : `tel:${dial.e164}`;
}

export const isDiallable = (typed: string) => dialNumber(typed) !== undefined;
