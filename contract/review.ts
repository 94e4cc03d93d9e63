import { z } from 'zod/mini';

/**
 * Issue 30: POST /review-requests and POST /enquiries/:id/review-request. The customer's single-use link, the message
 * the owner sends it with (WhatsApp, a text), and whether we mailed it to the customer ourselves.
 */
export const reviewLinkAnswer = z.object({
  success: z.literal(true),
  reviewId: z.string(),
  url: z.string(),
  message: z.string(),
  mailed: z.boolean(),
});
export type ReviewLinkAnswer = z.infer<typeof reviewLinkAnswer>;

/**
 * A review asked for, as its owner sees it (api/routes/reviews.ts reviewJson builds it): the customer's name and the
 * job while it waits, then their stars, words and display name, the owner's one reply, a report, support's removal.
 */
export const reviewSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  status: z.enum(['requested', 'received', 'removed']),
  job: z.nullable(z.string()),
  enquiryId: z.nullable(z.string()),
  requestedAt: z.string(),
  expiresAt: z.string(),
  rating: z.nullable(z.number()),
  text: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  receivedAt: z.nullable(z.string()),
  reply: z.nullable(z.string()),
  reportedAt: z.nullable(z.string()),
  removedAt: z.nullable(z.string()),
  removedReason: z.nullable(z.string()),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /reviews: the signed-in owner's reviews asked for, newest first. */
export const reviewsAnswer = z.object({ success: z.literal(true), data: z.array(reviewSchema) });

/** POST /reviews/:id/reply and /report: what was done, and the review as it is now. */
export const reviewUpdatedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: reviewSchema,
});

/** GET /admin/reviews: reviews owners reported, for support, with the owner's reason and whose page it is on. */
export const adminReviewSchema = z.extend(reviewSchema, {
  accountId: z.string(),
  reportReason: z.nullable(z.string()),
  pageUrl: z.nullable(z.string()),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsAnswer = z.object({ success: z.literal(true), data: z.array(adminReviewSchema) });
