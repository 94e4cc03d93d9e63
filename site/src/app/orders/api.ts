import { useQuery } from '@tanstack/react-query';
import { checkoutAnswer } from '../../../../contract/checkout';
import { cancelledAnswer, type Order, orderAnswer, ordersAnswer } from '../../../../contract/order';
import { ApiError, callApi } from '../../lib/api';
import { queryKeys, stamped } from '../queries';
import { KEEP_FAILED } from './plan-state';

export const LOAD_FAILED = 'Failed to load orders';
export const CANCEL_FAILED = 'Failed to cancel subscription';
export const WILL_CANCEL = 'Subscription will cancel at the end of the current billing period.';
const REORDER_FAILED = 'Could not start checkout. Please try again.';

export function useOrders() {
  return useQuery({
    queryKey: queryKeys.orders,
    queryFn: async () => (await callApi(stamped('/me/orders'), ordersAnswer, { fallback: LOAD_FAILED })).data,
  });
}

export type Lookup = { id: string | null; sessionId: string | null };

export const readLookup = (search: string): Lookup => {
  const params = new URLSearchParams(search);
  return { id: params.get('id'), sessionId: params.get('session_id') };
};

const confirm = async (query: string, fallback: string) =>
  (await callApi(`/stripe/confirm?${query}`, orderAnswer, { fallback })).data;

/**
 * The order a success page shows, asked of the provider as well (the webhook may be late). Back from checkout it
 * is found by its session; failing that, or opened from /myorders, by its id.
 */
export function useConfirmedOrder(lookup: Lookup, messages: { session: string; id: string }) {
  return useQuery({
    queryKey: ['order_confirm', lookup.sessionId, lookup.id],
    enabled: Boolean(lookup.sessionId || lookup.id),
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
    queryFn: async () => {
      const byId = () => confirm(`id=${encodeURIComponent(lookup.id ?? '')}`, messages.id);
      if (!lookup.sessionId) return byId();
      try {
        return await confirm(`session_id=${encodeURIComponent(lookup.sessionId)}`, messages.session);
      } catch (error) {
        if (!lookup.id) throw error;
        return byId().catch(() => {
          throw new ApiError(messages.session, error instanceof ApiError ? error.status : 0);
        });
      }
    },
  });
}

export async function cancelSubscription(order: Order) {
  const { data } = await callApi('/cancel-subscription', cancelledAnswer, {
    method: 'POST',
    body: { id: order.id, stripeSubscriptionId: order.stripeSubscriptionId },
    fallback: CANCEL_FAILED,
  });
  return data;
}

/** 'Keep my plan': undoes a cancel at period end; answers the plan as it now stands. */
export async function resumeSubscription(orderId: string) {
  const { data } = await callApi('/resume-subscription', cancelledAnswer, {
    method: 'POST',
    body: { id: orderId },
    fallback: KEEP_FAILED,
  });
  return data;
}

/** Buy Again and Resubscribe now: a new checkout like the order, then off to the provider. */
export async function reorder(orderId: string) {
  const { url } = await callApi('/reorder', checkoutAnswer, {
    method: 'POST',
    body: { orderId },
    fallback: REORDER_FAILED,
  });
  if (!url) throw new ApiError('Payment provider redirect failed. Please try again.', 200);
  window.location.assign(url);
}
