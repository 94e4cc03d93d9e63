import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../contract/order';
import { ApiError } from '../../lib/api';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';
import { CANCEL_FAILED, cancelSubscription, reorder, WILL_CANCEL } from './api';
import { detailsHref } from './fields';
import { formatDate, humanise } from './format';
import { KeepPlanButton } from './KeepPlanButton';
import { ProgressBar } from './Progress';
import { syncSubscriptions } from './payment-return';
import {
  canCancel,
  canKeep,
  PLAN_TITLE,
  restartAction,
  subscriptionCaption,
  subscriptionLabel,
  subscriptionProgress,
  subscriptionTone,
} from './subscription';
import { Badge, DetailRows } from './ui';

export const CONFIRM_CANCEL = 'Cancel this subscription at the end of the current period?';

type Props = { order: Order; all: Order[] };

/** One subscription on /myorders: its state, how far through the period it is, and cancel or restart. */
export function SubscriptionCard({ order, all }: Props) {
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelSubscription(order),
    onSuccess: async (updated) => {
      if (updated)
        client.setQueryData<Order[]>(queryKeys.orders, (orders) =>
          orders?.map((each) => (each.id === updated.id ? updated : each)),
        );
      toast.success(WILL_CANCEL);
      // SPEC §4: after a cancel, as after a payment, the user and their orders are read again.
      await syncSubscriptions(client);
    },
    onError: () => toast.error(CANCEL_FAILED),
  });
  const restart = useMutation({
    mutationFn: () => reorder(order.id),
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : 'Subscription failed. Please try again.'),
  });

  async function kept(updated: Order | null) {
    if (updated)
      client.setQueryData<Order[]>(queryKeys.orders, (orders) =>
        orders?.map((each) => (each.id === updated.id ? updated : each)),
      );
    await syncSubscriptions(client);
  }

  const caption = subscriptionCaption(order);
  const percent = subscriptionProgress(order);
  const action = restartAction(order, all);
  const titleId = `order-${order.id}`;

  function askToCancel() {
    if (window.confirm(CONFIRM_CANCEL)) cancel.mutate();
  }

  return (
    <article className="card order" aria-labelledby={titleId}>
      <div className="order__head">
        <h2 className="order__title" id={titleId}>
          {PLAN_TITLE}
        </h2>
        <Badge tone={subscriptionTone(order)}>{subscriptionLabel(order)}</Badge>
      </div>
      <DetailRows
        rows={[
          ['Type', 'Subscription'],
          ['Status', humanise(order.status ?? 'inactive')],
          ['Started', formatDate(order.createdAt)],
        ]}
      />
      <p className="order__caption" id={`${titleId}-caption`}>
        {caption}
      </p>
      <ProgressBar
        percent={percent}
        label="Time through this period"
        valueText={`${percent}% of the period gone`}
      />
      <div className="order__actions">
        {canCancel(order) && (
          <button
            type="button"
            className="button button--ghost"
            disabled={cancel.isPending}
            onClick={askToCancel}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel subscription'}
          </button>
        )}
        {canKeep(order) && (
          <KeepPlanButton orderId={order.id} onKept={kept} describedBy={`${titleId}-caption`} />
        )}
        {action === 'resubscribe' && (
          <button
            type="button"
            className="button"
            disabled={restart.isPending || restart.isSuccess}
            onClick={() => restart.mutate()}
          >
            {restart.isPending || restart.isSuccess ? 'Opening checkout…' : 'Resubscribe now'}
          </button>
        )}
        {action === 'cancelled' && (
          <button type="button" className="button" disabled>
            Cancelled
          </button>
        )}
        <a className="button button--ghost" href={detailsHref(order)}>
          View details
        </a>
      </div>
    </article>
  );
}
