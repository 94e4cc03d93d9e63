import { useQuery } from '@tanstack/react-query';
import {
  type Review,
  reviewLinkAnswer,
  reviewsAnswer,
  reviewUpdatedAnswer,
} from '../../../../contract/review';
import { callApi } from '../../lib/api';
import { formatDate } from '../orders/format';
import { queryKeys } from '../queries';

export const ASK_FAILED = 'Could not make a review link. Please try again.';
export const LOAD_REVIEWS_FAILED = 'Could not load your reviews.';
export const REPLY_FAILED = 'Could not post your reply. Please try again.';
export const REPORT_FAILED = 'Could not send your report. Please try again.';

/** The owner's reviews asked for, newest first: those still waiting, those received, those support removed. */
export function useReviews() {
  return useQuery({
    queryKey: queryKeys.reviews,
    queryFn: async () => (await callApi('/reviews', reviewsAnswer, { fallback: LOAD_REVIEWS_FAILED })).data,
  });
}

/** The owner's one public reply under a verified review. */
export const replyToReview = (id: string, reply: string) =>
  callApi(`/reviews/${encodeURIComponent(id)}/reply`, reviewUpdatedAnswer, {
    method: 'POST',
    body: { reply },
    fallback: REPLY_FAILED,
  });

/** A review the owner thinks breaks the rules goes to support; it stays on the page until support decides. */
export const reportReview = (id: string, reason: string) =>
  callApi(`/reviews/${encodeURIComponent(id)}/report`, reviewUpdatedAnswer, {
    method: 'POST',
    body: { reason },
    fallback: REPORT_FAILED,
  });

/** '3 asked for · 2 received', the line above the list (issue 30: requests sent and reviews received). */
export function reviewsTally(reviews: readonly Pick<Review, 'status'>[]) {
  const received = reviews.filter((review) => review.status !== 'requested').length;
  return `${reviews.length} asked for · ${received} received`;
}

/** Where a review has got to, in a line: waiting (and until when), received, or removed by support (and why). */
export function reviewProgress(review: Review, now = new Date()) {
  switch (review.status) {
    case 'requested':
      return new Date(review.expiresAt) > now
        ? `Asked ${formatDate(review.requestedAt)} · the link works until ${formatDate(review.expiresAt)}`
        : `Asked ${formatDate(review.requestedAt)} · the link expired ${formatDate(review.expiresAt)}`;
    case 'received':
      return `Received ${formatDate(review.receivedAt)}`;
    case 'removed':
      return `Removed by support ${formatDate(review.removedAt)}${review.removedReason ? `: ${review.removedReason}` : ''}`;
  }
}

/** A single-use review link for the customer of this enquiry (issue 30). */
export const askForReview = (enquiryId: string) =>
  callApi(`/enquiries/${encodeURIComponent(enquiryId)}/review-request`, reviewLinkAnswer, {
    method: 'POST',
    fallback: ASK_FAILED,
  });

/** A review link for a customer who never used the quote form (issue 30). */
export const askAnyCustomer = (customer: { name: string; email: string }) =>
  callApi('/review-requests', reviewLinkAnswer, {
    method: 'POST',
    body: customer.email.trim() ? customer : { name: customer.name },
    fallback: ASK_FAILED,
  });

/**
 * WhatsApp and text-message links that open with the message written: to the number the customer gave (its `tel:`
 * link, already in international form), or, without one, to whichever contact the owner picks in the app.
 */
export function reviewShareLinks(phoneHref: string | null, message: string) {
  const number = phoneHref?.startsWith('tel:+') ? phoneHref.slice('tel:+'.length).replace(/\D/g, '') : '';
  const text = encodeURIComponent(message);
  return number
    ? { whatsapp: `https://wa.me/${number}?text=${text}`, sms: `sms:+${number}?&body=${text}` }
    : { whatsapp: `https://wa.me/?text=${text}`, sms: `sms:?&body=${text}` };
}
