import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type CardContent, defaultCardContent } from '../../events/card/content';
import { shownContent } from '../../events/card/shown';
import type { DomainError } from '../../events/errors';
import { findShownCardContent } from '../../events/firm/branded-card';
import {
  REVIEW_LINK_EXPIRED,
  REVIEW_LINK_UNKNOWN,
  REVIEW_LINK_USED,
  REVIEW_LINK_WITHDRAWN,
} from '../../events/review/decider';
import type { ReviewRow } from '../../events/review/reviews-read-model';
import { displayName } from '../../renderer/profile/view-model';
import { findUserByUsername } from '../accounts/users';
import type { Deps } from '../deps';

// What a customer's review link leads to (issue 30): the page it belongs to, and why it can't take a review now.

export const NOT_SENT = 'Your review wasn’t sent';

/** A review refused as a whole: answered with a page saying what happened. */
export class Refused extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

/** Why a link can't take a review now, as the customer reads it, and the status that says it. */
export function linkRefusal(review: ReviewRow | undefined, now: Date): Refused | null {
  if (!review) return new Refused(404, 'Review link not found', REVIEW_LINK_UNKNOWN);
  if (review.status === 'removed')
    return new Refused(410, 'Review no longer available', REVIEW_LINK_WITHDRAWN);
  if (review.status === 'received') return new Refused(410, 'Review link already used', REVIEW_LINK_USED);
  if (now.getTime() >= Date.parse(review.expires_at))
    return new Refused(410, 'Review link expired', REVIEW_LINK_EXPIRED);
  return null;
}

export const refusalOf = (error: DomainError): Refused =>
  new Refused(
    error.kind === 'not_found' ? 404 : error.kind === 'gone' ? 410 : error.kind === 'conflict' ? 410 : 400,
    NOT_SENT,
    error.message,
  );

export type ReviewPage = { accountId: string; ownerName: string; username: string; content: CardContent };

/** The page a link belongs to, in its owner's colours (a page not live yet takes reviews in the default look). */
export async function findReviewPage(deps: Deps, username: string): Promise<ReviewPage | null> {
  const user = await findUserByUsername(deps.db, username);
  if (!user) return null;
  const content = await findShownCardContent(deps.db, user.id);
  const shown = content ? shownContent(content) : defaultCardContent();
  return { accountId: user.id, username, content: shown, ownerName: displayName(shown, username) };
}
