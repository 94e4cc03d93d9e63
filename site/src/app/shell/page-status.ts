import type { Card } from '../../../../contract/card';

export const NOT_PUBLISHED_YET = 'Your page isn’t live yet: publish it from the editor first.';
export const NOT_LIVE = 'Your page isn’t live: your free trial has ended. Subscribe to put it back online.';

/**
 * Why Visit Page, and the shared link, would only lead to "This profile isn’t live yet", or null when the page is live (or
 * not known yet: the buttons stay usable while the card loads rather than flicker off).
 */
/**
 * Issue 28: screens about the service rather than the signed-in person's page (the admin's): the header card offers
 * no Visit Page or Share there, nor says the admin's own page isn't live.
 */
const SERVICE_SCREENS = new Set(['/admin']);
export const offersPageActions = (path: string) => !SERVICE_SCREENS.has(path.replace(/\/+$/, '') || '/');

export function pageUnavailableReason(card: Pick<Card, 'isPublished' | 'isLive'> | undefined): string | null {
  if (!card) return null;
  if (!card.isPublished) return NOT_PUBLISHED_YET;
  if (!card.isLive) return NOT_LIVE;
  return null;
}
