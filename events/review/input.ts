export const MAX_REVIEW_TEXT = 1500;
export const MAX_DISPLAY_NAME = 40;
export const MAX_REVIEW_PHOTOS = 2;

/** What the customer typed into the review form, tidied: shown back to them when something needs fixing. */
export type ReviewFormValues = { rating: string; text: string; displayName: string; consent: boolean };
export type ReviewField = 'rating' | 'text' | 'displayName' | 'consent';

export type ReviewFields = { rating: number; text: string; displayName: string };

export type ReviewInput =
  | { ok: true; values: ReviewFormValues; fields: ReviewFields }
  | { ok: false; values: ReviewFormValues; errors: Partial<Record<ReviewField, string>> };

/** A repeated or missing field, or a file where text belongs, reads as nothing typed. */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The name a review shows by default: the first name and the initial of the last ("Pat Customer" → "Pat C."), so a
 * customer isn't named in full on a stranger's page unless they choose to be.
 */
export function defaultDisplayName(customerName: string): string {
  const words = customerName.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words.at(-1) : undefined;
  const initial = last ? `${Array.from(last)[0]?.toUpperCase()}.` : '';
  return [first, initial].filter(Boolean).join(' ').slice(0, MAX_DISPLAY_NAME);
}

/**
 * Checks the review form (issue 30): stars 1 to 5, a few words, the name to show, and consent to publish. Every
 * problem is worded for the customer and named by its field.
 */
export function parseReviewForm(raw: Record<string, unknown>, ownerName: string): ReviewInput {
  const values: ReviewFormValues = {
    rating: textOf(raw.rating).trim(),
    // A browser sends a textarea's line breaks as CRLF, which its maxlength counted as one character each.
    text: textOf(raw.text).replace(/\r\n?/g, '\n').trim(),
    displayName: textOf(raw.displayName).replace(/\s+/g, ' ').trim(),
    consent: textOf(raw.consent) === 'yes',
  };
  const errors: Partial<Record<ReviewField, string>> = {};
  const rating = /^[1-5]$/.test(values.rating) ? Number(values.rating) : null;
  if (rating === null) errors.rating = 'Please choose a star rating from 1 to 5.';
  if (values.text === '') errors.text = 'Please write a few words about the job.';
  else if (values.text.length > MAX_REVIEW_TEXT)
    errors.text = `Your review can be at most ${MAX_REVIEW_TEXT.toLocaleString('en-GB')} characters.`;
  if (values.displayName === '') errors.displayName = 'Please give the name to show with your review.';
  else if (values.displayName.length > MAX_DISPLAY_NAME)
    errors.displayName = `The name can be at most ${MAX_DISPLAY_NAME} characters.`;
  if (!values.consent)
    errors.consent = `Please tick the box to let ${ownerName} show your review on their page.`;
  if (rating === null || Object.keys(errors).length > 0) return { ok: false, values, errors };
  return { ok: true, values, fields: { rating, text: values.text, displayName: values.displayName } };
}
