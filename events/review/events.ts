import { z } from 'zod';
import { imageRefSchema } from '../card/content';

/**
 * Issue 30: a review a real customer leaves through a single-use link the owner sent them, one stream per request.
 * The link's token is never stored: only its hash, so the log can't be read for a way to post as a customer.
 */
export const ReviewRequested = z.object({
  type: z.literal('ReviewRequested'),
  data: z.object({
    reviewId: z.string(),
    accountId: z.string(),
    /** Who the owner asked: their own words for the customer, shown to the owner only. */
    customerName: z.string(),
    /** Where the product mailed the link, when it did. */
    email: z.string().nullable(),
    /** The enquiry it was asked from, when it was; its job is shown beside the review. */
    enquiryId: z.string().nullable(),
    job: z.string().nullable(),
    tokenHash: z.string(),
    requestedAt: z.string(),
    expiresAt: z.string(),
  }),
});

/** The customer's review, as they sent it: the owner can never change its words or rating. */
export const ReviewReceived = z.object({
  type: z.literal('ReviewReceived'),
  data: z.object({
    reviewId: z.string(),
    accountId: z.string(),
    rating: z.int().min(1).max(5),
    text: z.string(),
    /** The name shown on the page (first name and initial unless the customer chose otherwise). */
    displayName: z.string(),
    photos: z.array(imageRefSchema),
    receivedAt: z.string(),
  }),
});

/** The owner's one public answer, shown under the review. */
export const ReviewReplied = z.object({
  type: z.literal('ReviewReplied'),
  data: z.object({ reviewId: z.string(), reply: z.string(), repliedAt: z.string(), by: z.string() }),
});

/** The owner asked support to look at the review (abuse, a stranger, a wrong business); it stays up meanwhile. */
export const ReviewReported = z.object({
  type: z.literal('ReviewReported'),
  data: z.object({ reviewId: z.string(), reason: z.string(), reportedAt: z.string(), by: z.string() }),
});

/**
 * Support took the review down; the page's count says how many were removed this way, so nothing goes silently.
 * `reason` is support's note to the owner. `admin`, not `by`: erasure and the export find an account's events by
 * `by`, and an admin's are not theirs to take.
 */
export const ReviewRemoved = z.object({
  type: z.literal('ReviewRemoved'),
  data: z.object({ reviewId: z.string(), reason: z.string(), removedAt: z.string(), admin: z.string() }),
});

/**
 * Gone for good, its words and photos redacted in the same transaction: the customer removed their own review
 * (`by: 'customer'`), or the owner's account was erased (no `by`).
 */
export const ReviewErased = z.object({
  type: z.literal('ReviewErased'),
  data: z.object({ reviewId: z.string(), accountId: z.string(), by: z.literal('customer').optional() }),
});

export const reviewEventSchemas = [
  ReviewRequested,
  ReviewReceived,
  ReviewReplied,
  ReviewReported,
  ReviewRemoved,
  ReviewErased,
] as const;

export type ReviewEvent = z.infer<(typeof reviewEventSchemas)[number]>;
export type RequestedReview = z.infer<typeof ReviewRequested>['data'];
export type ReceivedReview = z.infer<typeof ReviewReceived>['data'];

export const REVIEW_STREAM_PREFIX = 'review-';
export const reviewStreamId = (reviewId: string) => `${REVIEW_STREAM_PREFIX}${reviewId}`;

/** How long a review link can be used. */
export const REVIEW_LINK_DAYS = 30;

/**
 * Erasure: what the customer wrote, and who they are, is theirs; which account, the rating's existence and when
 * stay, as for an enquiry. The owner's reply goes too: it answers words that are gone.
 */
export const reviewRedactions = {
  ReviewRequested: (data: RequestedReview): RequestedReview => ({
    ...data,
    customerName: '[erased]',
    email: null,
    job: null,
  }),
  ReviewReceived: (data: ReceivedReview): ReceivedReview => ({
    ...data,
    text: '[erased]',
    displayName: '[erased]',
    photos: [],
  }),
  ReviewReplied: (data: z.infer<typeof ReviewReplied>['data']) => ({ ...data, reply: '[erased]' }),
  ReviewReported: (data: z.infer<typeof ReviewReported>['data']) => ({ ...data, reason: '[erased]' }),
};
