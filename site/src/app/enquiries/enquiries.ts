import { useQuery } from '@tanstack/react-query';
import {
  type Enquiry,
  enquiriesAnswer,
  enquiryUpdatedAnswer,
  MAILED_ADDRESSES_PER_PAGE_PER_DAY,
} from '../../../../contract/enquiry';
import { messageAnswer } from '../../../../contract/message';
import { callApi } from '../../lib/api';
import { formatDateTime } from '../orders/format';
import { queryKeys } from '../queries';

export const LOAD_ENQUIRIES_FAILED = 'Could not load your enquiries.';
export const CHANGE_FAILED = 'Could not change the enquiry. Please try again.';
export const DELETE_FAILED = 'Could not delete the enquiry. Please try again.';

/** Issue 17: the signed-in owner's quote requests, newest first, and whether the page takes them now. */
export function useEnquiries() {
  return useQuery({
    queryKey: queryKeys.enquiries,
    queryFn: () => callApi('/enquiries', enquiriesAnswer, { fallback: LOAD_ENQUIRIES_FAILED }),
  });
}

/** Moves an enquiry along; the answer is the enquiry as the change left it. */
export const changeStatus = (id: string, status: Enquiry['status']) =>
  callApi(`/enquiries/${encodeURIComponent(id)}/status`, enquiryUpdatedAnswer, {
    method: 'POST',
    body: { status },
    fallback: CHANGE_FAILED,
  });

/** Erases an enquiry for good: what the customer wrote, their photos, and our mail about it. */
export const deleteEnquiry = (id: string) =>
  callApi(`/enquiries/${encodeURIComponent(id)}`, messageAnswer, {
    method: 'DELETE',
    fallback: DELETE_FAILED,
  });

export const STATUS_LABELS: Record<Enquiry['status'], string> = {
  new: 'New',
  replied: 'Replied',
  won: 'Won',
  lost: 'Lost',
};

/**
 * 'Received 14 Mar 2026, 09:30', on the UK clock; for a request kept without a mail (it came after the page's
 * mailed requests of its day), said too, so the owner knows why no mail came.
 */
export const receivedLabel = (enquiry: Pick<Enquiry, 'receivedAt' | 'keptWithoutMail'>) =>
  `Received ${formatDateTime(enquiry.receivedAt)}${enquiry.keptWithoutMail ? KEPT_WITHOUT_MAIL : ''}`;

export const KEPT_WITHOUT_MAIL = ` · no email sent: it came after the ${MAILED_ADDRESSES_PER_PAGE_PER_DAY} people we mail you about in a day, so a flood of requests can’t fill your inbox`;

/** The list's own count, for the heading: '1 enquiry', '3 enquiries'. */
export const enquiriesCount = (count: number) => `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`;
