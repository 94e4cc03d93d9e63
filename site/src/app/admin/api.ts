import { useQuery } from '@tanstack/react-query';
import { messageAnswer } from '../../../../contract/message';
import { adminOrdersAnswer, adminOrderUpdatedAnswer } from '../../../../contract/order';
import { adminReviewsAnswer } from '../../../../contract/review';
import { ApiError, callApi } from '../../lib/api';

export type Filters = { q: string; fulfillmentStatus: string };
export const NO_FILTERS: Filters = { q: '', fulfillmentStatus: '' };
export const ADMIN_ORDERS = ['admin_orders'] as const;

export const adminQuery = (filters: Filters) =>
  new URLSearchParams({
    type: 'card',
    q: filters.q.trim(),
    fulfillmentStatus: filters.fulfillmentStatus,
  }).toString();

const refused = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

export function useAdminOrders(filters: Filters) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS, filters.q.trim(), filters.fulfillmentStatus],
    // Asking again won't make someone an admin.
    retry: (count, error) => count < 1 && !refused(error),
    queryFn: async () =>
      (
        await callApi(`/admin/orders?${adminQuery(filters)}`, adminOrdersAnswer, {
          fallback: 'Could not load card orders.',
        })
      ).data,
  });
}

export type TrackingBody = { trackingUrl: string | null; deliveryWindow: string | null; notify: boolean };
export type StatusBody = { fulfillmentStatus: string; notify: boolean };

export const updateTracking = (id: string, body: TrackingBody) =>
  callApi(`/admin/orders/${encodeURIComponent(id)}/tracking`, adminOrderUpdatedAnswer, {
    method: 'PATCH',
    body,
    fallback: 'Failed to update tracking',
  });

export const updateStatus = (id: string, body: StatusBody) =>
  callApi(`/admin/orders/${encodeURIComponent(id)}/status`, adminOrderUpdatedAnswer, {
    method: 'PATCH',
    body,
    fallback: 'Failed to update status',
  });

/** Issue 16: codes for an order paid before cards had them; an order that has its codes gets no more. */
export const createCardCodes = (id: string) =>
  callApi(`/admin/orders/${encodeURIComponent(id)}/cards`, adminOrderUpdatedAnswer, {
    method: 'POST',
    body: {},
    fallback: 'Failed to create card codes',
  });

/** The printable sheet and the encoders' CSV: pages of the API itself, opened or downloaded as they are. */
export const cardSheetHref = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/cards/sheet`;
export const cardCsvHref = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/cards.csv`;

export const REPORTED_REVIEWS = ['admin_reviews'] as const;

/** Issue 30: verified reviews owners reported, newest report first, for support to keep or remove. */
export function useReportedReviews() {
  return useQuery({
    queryKey: REPORTED_REVIEWS,
    retry: (count, error) => count < 1 && !refused(error),
    queryFn: async () =>
      (await callApi('/admin/reviews', adminReviewsAnswer, { fallback: 'Could not load reported reviews.' }))
        .data,
  });
}

/** Support removes a review that breaks the rules; the page then says one was removed by support. */
export const removeReview = (id: string, reason: string) =>
  callApi(`/admin/reviews/${encodeURIComponent(id)}/remove`, messageAnswer, {
    method: 'POST',
    body: { reason },
    fallback: 'Failed to remove the review',
  });
