import { useCallback, useEffect, useState } from 'react';
import { type Order, ordersAnswer } from '../../../../contract/order';
import { callApi } from '../../lib/api';
import { stamped } from '../queries';
import { LOAD_FAILED } from './api';

/**
 * The signed-in person's orders for a public page's plan button, which has no query cache: read only when they may
 * have a plan (to know whether it is set to cancel, or kept unpaid). A failed read leaves the button as the stored
 * user describes it.
 */
export function usePlanOrders(hasPlan: boolean) {
  const [data, setData] = useState<Order[] | undefined>(undefined);

  const reload = useCallback(async () => {
    try {
      setData((await callApi(stamped('/me/orders'), ordersAnswer, { fallback: LOAD_FAILED })).data);
    } catch {
      setData(undefined);
    }
  }, []);

  useEffect(() => {
    if (hasPlan) void reload();
  }, [hasPlan, reload]);

  return { data, reload };
}
