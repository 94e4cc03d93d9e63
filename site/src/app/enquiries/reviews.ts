import { reviewLinkAnswer } from '../../../../contract/review';
import { callApi } from '../../lib/api';

export const ASK_FAILED = 'Could not make a review link. Please try again.';

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
