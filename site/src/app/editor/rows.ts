import type { Credential } from '../../../../events/card/content';
import { hasText } from '../../../../events/card/display';
import type { CredentialRow, ReviewRow, ServiceRow } from './draft';

export const MIN_RATING = 1;
export const MAX_RATING = 5;

/** SPEC §5: ratings are whole stars from 1 to 5; anything else is pulled into range rather than refused. */
export function clampRating(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return MAX_RATING;
  return Math.min(MAX_RATING, Math.max(MIN_RATING, Math.round(number)));
}

/** SPEC §5: a service needs a name or a price; empty rows are dropped on save. */
export const keptServices = (rows: ServiceRow[]) =>
  rows
    .filter((row) => hasText(row.name) || hasText(row.price))
    .map((row) => ({ name: row.name.trim(), price: row.price.trim() }));

/** SPEC §5: a review needs a name or a text; empty rows are dropped on save. */
export const keptReviews = (rows: ReviewRow[]) =>
  rows
    .filter((row) => hasText(row.name) || hasText(row.text))
    .map((row) => ({ name: row.name.trim(), text: row.text.trim(), rating: clampRating(row.rating) }));

/**
 * Credentials as the API reads them: rows with nothing picked or typed dropped, every value trimmed, a name only for
 * "other" (one typed before switching to a listed scheme would otherwise be stored unseen). A row with text but no
 * scheme is kept, so the check before publishing can ask for one (validate.ts).
 */
export const keptCredentials = (rows: CredentialRow[]) =>
  rows
    .filter((row) => row.scheme !== '' || hasText(row.name) || hasText(row.number) || hasText(row.url))
    .map((row) => ({
      scheme: row.scheme,
      name: row.scheme === 'other' ? row.name.trim() : '',
      number: row.number.trim(),
      url: row.url.trim(),
    }));

/** The credentials with a scheme picked, as a card holds them: what the preview draws and this device keeps. */
export const chosenCredentials = (rows: CredentialRow[]): Credential[] =>
  keptCredentials(rows).flatMap(({ scheme, ...row }) => (scheme === '' ? [] : [{ scheme, ...row }]));

/**
 * SPEC §5: the phone field takes digits, +, brackets, spaces and hyphens, and (issue 14) what an extension is
 * written with: "ext. 5", "extension 5", "x5", "#5". Anything else is dropped as typed.
 */
export const phoneCharacters = (typed: string) => typed.replace(/[^0-9+() \-.#extnsio]/gi, '');

/**
 * People type `facebook.com/me`; the API wants a full web address. Adding the scheme when they leave the field
 * shows them exactly what will be saved.
 */
export function withScheme(typed: string): string {
  const value = typed.trim();
  if (value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  return `https://${value.replace(/^\/+/, '')}`;
}
