import type { ImageRef } from '../card/content';

/**
 * What a page shows of its verified reviews (issue 30): pure, so the profile components (drawn in the browser too)
 * can name it; on-the-page.ts reads it from the database.
 */

/** Verified reviews a page shows at most, newest first: the page stays within its 14 KB (issue 30). */
export const REVIEWS_ON_THE_PAGE = 20;
/** A review's words on the page, at most; the whole text stays the customer's in the log and the export. */
export const REVIEW_TEXT_ON_THE_PAGE = 400;

export type VerifiedReview = {
  rating: number;
  text: string;
  displayName: string;
  /** When it was left, as "November 2026". */
  month: string;
  job: string | null;
  photos: ImageRef[];
  reply: string | null;
};

/** What a page shows of its verified reviews: the newest, the average of all, and how many support took down. */
export type VerifiedReviews = {
  shown: VerifiedReview[];
  count: number;
  average: number;
  removedBySupport: number;
};

/** Clipped on a word where there is one, and marked as clipped. */
export function clipText(text: string, max = REVIEW_TEXT_ON_THE_PAGE): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
