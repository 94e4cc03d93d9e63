import { Hono } from 'hono';
import { z } from 'zod';
import type { AdminReview, Review } from '../../contract/review';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { REVIEW_NOT_FOUND, type ReviewCommand, reviewDecider } from '../../events/review/decider';
import { reviewStreamId } from '../../events/review/events';
import { findReview, type ReviewRow, reviewsOfAccount } from '../../events/review/reviews-read-model';
import { requireAdmin } from '../auth/require-admin';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { readJson } from '../http/validate';

export const MAX_REPLY = 600;
export const MAX_REPORT_REASON = 500;
export const REVIEW_WORDS_ARE_THE_CUSTOMERS =
  'A verified review’s words and rating are the customer’s, so they can’t be changed. You can reply to it once, or report it to support.';

const REVIEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const text = (field: string, max: number) =>
  z
    .string({ error: `Please write the ${field}.` })
    .trim()
    .min(1, `Please write the ${field}.`)
    .max(max, `Please keep the ${field} to ${max} characters.`);
const replyBody = z.object(
  { reply: text('reply', MAX_REPLY) },
  { error: 'Request body must be a JSON object.' },
);
const reportBody = z.object(
  { reason: text('reason for the report', MAX_REPORT_REASON) },
  { error: 'Request body must be a JSON object.' },
);
const removeBody = z.object(
  { reason: text('reason for removing it', MAX_REPORT_REASON) },
  { error: 'Request body must be a JSON object.' },
);

/** A review as its owner and support see it: the customer's address stays with the request, never shown. */
export const reviewJson = (row: ReviewRow): Review => ({
  id: row.review_id,
  customerName: row.customer_name,
  status: row.status,
  job: row.job,
  enquiryId: row.enquiry_id,
  requestedAt: row.requested_at,
  expiresAt: row.expires_at,
  rating: row.rating,
  text: row.text,
  displayName: row.display_name,
  receivedAt: row.received_at,
  reply: row.reply,
  reportedAt: row.reported_at,
  removedAt: row.removed_at,
  removedReason: row.removed_reason,
});

/**
 * Issue 30: the owner's reviews (`/api/reviews`): the list, one public reply each, a report to support; any attempt
 * to change a verified review's words or rating is refused with why. Support's removal is under `/api/admin`.
 */
export function reviewRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  /** The command on the owner's own review; anyone else's, or none, is not found. */
  const decide = async (reviewId: string, command: ReviewCommand) => {
    const id = reviewId.toLowerCase();
    if (!REVIEW_ID.test(id)) throw new DomainError('not_found', REVIEW_NOT_FOUND);
    await handleCommand(deps.db, {
      decider: reviewDecider,
      streamId: reviewStreamId(id),
      command,
      now: deps.now(),
    });
    deps.onAppended();
    const row = await findReview(deps.db, id);
    if (!row) throw new DomainError('not_found', REVIEW_NOT_FOUND);
    return reviewJson(row);
  };

  app.get('/', signedIn, async (c) => {
    const rows = await reviewsOfAccount(deps.db, c.get('accountId'));
    return c.json({ success: true, data: rows.map(reviewJson) });
  });

  app.post('/:id/reply', signedIn, async (c) => {
    const { reply } = await readJson(c, replyBody);
    const data = await decide(c.req.param('id'), { type: 'ReplyToReview', by: c.get('accountId'), reply });
    return c.json({ success: true, message: 'Your reply is on your page.', data });
  });

  app.post('/:id/report', signedIn, async (c) => {
    const { reason } = await readJson(c, reportBody);
    const data = await decide(c.req.param('id'), { type: 'ReportReview', by: c.get('accountId'), reason });
    return c.json({
      success: true,
      message: 'Thank you. Support will look at this review; it stays on your page meanwhile.',
      data,
    });
  });

  // There is no way to edit a verified review: whatever an owner sends to change one is refused, and says why.
  for (const method of ['put', 'patch'] as const)
    app[method]('/:id', signedIn, () => {
      throw new DomainError('forbidden', REVIEW_WORDS_ARE_THE_CUSTOMERS);
    });

  return app;
}

/** A reported review as support sees it: the owner's reason, and the page it is on to look at it in place. */
export const adminReviewJson = (
  row: ReviewRow & { username: string | null },
  publicUrl: string,
): AdminReview => ({
  ...reviewJson(row),
  accountId: row.account_id,
  reportReason: row.report_reason,
  pageUrl: row.username ? `${publicUrl}/u/${encodeURIComponent(row.username)}` : null,
});

/** Support's side (`/api/admin/reviews`): the reviews owners reported, and removal, which the page counts. */
export function adminReviewRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const admin = requireAdmin(deps);

  app.get('/reviews', admin, async (c) => {
    const rows = await deps.db
      .selectFrom('reviews')
      .leftJoin('users', 'users.id', 'reviews.account_id')
      .selectAll('reviews')
      .select('users.username')
      .where('reviews.reported_at', 'is not', null)
      .orderBy('reviews.reported_at', 'desc')
      .execute();
    return c.json({ success: true, data: rows.map((row) => adminReviewJson(row, deps.publicUrl)) });
  });

  app.post('/reviews/:id/remove', admin, async (c) => {
    const { reason } = await readJson(c, removeBody);
    const id = c.req.param('id').toLowerCase();
    if (!REVIEW_ID.test(id)) throw new DomainError('not_found', 'There is no such review to remove.');
    await handleCommand(deps.db, {
      decider: reviewDecider,
      streamId: reviewStreamId(id),
      command: { type: 'RemoveReview', by: c.get('accountId'), reason },
      now: deps.now(),
    });
    deps.onAppended();
    return c.json({
      success: true,
      message: 'The review is removed; the page says one was removed by support.',
    });
  });

  return app;
}
