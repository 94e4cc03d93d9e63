import { reviewLinkAnswer } from '../../../../contract/review';
import { callApi } from '../../lib/api';

export const ASK_FAILED = 'Could not make a review link. Please try again.';

/** A single-use review link for the customer of this enquiry (issue 30). */
export const askForReview = (enquiryId: string) =>
  callApi(`/enquiries/${encodeURIComponent(enquiryId)}/review-request`, reviewLinkAnswer, {
    method: 'POST',
    fallback: ASK_FAILED,
  });

/**
 * WhatsApp and text-message links that open with the message written, to the number the customer gave (its `tel:`
 * link, already in international form); none without one.
 */
export function reviewShareLinks(phoneHref: string | null, message: string) {
  const number = phoneHref?.startsWith('tel:+') ? phoneHref.slice('tel:+'.length).replace(/\D/g, '') : '';
  if (!number) return { whatsapp: null, sms: null };
  const text = encodeURIComponent(message);
  return { whatsapp: `https://wa.me/${number}?text=${text}`, sms: `sms:+${number}?&body=${text}` };
}
