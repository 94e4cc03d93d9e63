import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ordersAnswer } from '../../../../contract/order';
import { callApi } from '../../lib/api';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';
import { isPaymentReturn, withoutQuery } from './return-address';

export const SUBSCRIPTION_UPDATED = 'Subscription updated successfully!';
/** Back from buying cards: say what happened, not that a subscription changed (issue 14). */
export const CARD_ORDER_CONFIRMED = 'Payment received: your card order is confirmed.';

/** Brings subscriptions up to date from the provider, then the user and their orders from us. */
export async function syncSubscriptions(client: QueryClient) {
  try {
    await callApi('/me/sync-subscriptions', ordersAnswer, {
      method: 'POST',
      body: { ts: Date.now() },
      fallback: 'Could not sync subscriptions.',
    });
  } catch {
    // SPEC §7: a failed sync is ignored; the provider's webhook brings the same news a moment later.
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.profile }),
    client.invalidateQueries({ queryKey: queryKeys.orders }),
  ]);
}

/**
 * SPEC §4 "Payment return": back from checkout, sync, refetch, say so and clear the query. `ready` holds it back
 * until the screen has read what it needs from the address; `keep` names what a reload still needs; `done` is
 * what the toast says.
 */
export function usePaymentReturn({
  ready = true,
  keep = '',
  done = SUBSCRIPTION_UPDATED,
}: {
  ready?: boolean;
  keep?: string;
  done?: string;
} = {}) {
  const client = useQueryClient();
  const [returning] = useState(() => isPaymentReturn(window.location.search));
  const [synced, setSynced] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!returning || !ready || started.current) return;
    started.current = true;
    void syncSubscriptions(client).then(() => {
      window.history.replaceState(window.history.state, '', withoutQuery(window.location, keep.split(',')));
      toast.success(done);
      setSynced(true);
    });
  }, [returning, ready, keep, done, client]);

  return { returning, synced };
}
