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
