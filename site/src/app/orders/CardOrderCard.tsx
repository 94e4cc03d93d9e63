import { useMutation } from '@tanstack/react-query';
import type { Order } from '../../../../contract/order';
import { ApiError } from '../../lib/api';
import { toast } from '../../stores/toasts';
import { reorder } from './api';
import { detailsHref, orderTitle } from './fields';
import { formatDate, formatMoney, humanise } from './format';
import { fulfilmentLabel, fulfilmentTone } from './fulfilment';
import { FulfilmentProgress } from './Progress';
import { Tracking } from './Tracking';
import { Badge, DetailRows } from './ui';

const failed = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Checkout failed. Please try again.';

/** One card order on /myorders: where it is, how to track it, and buying the same again. */
export function CardOrderCard({ order }: { order: Order }) {
  const again = useMutation({
    mutationFn: () => reorder(order.id),
    onError: (error) => toast.error(failed(error)),
  });
  const titleId = `order-${order.id}`;

  return (
    <article className="card order" aria-labelledby={titleId}>
      <div className="order__head">
        <h2 className="order__title" id={titleId}>
          {orderTitle(order)}
        </h2>
        <Badge tone={fulfilmentTone(order.fulfillmentStatus)}>
          {fulfilmentLabel(order.fulfillmentStatus)}
        </Badge>
      </div>
      <DetailRows
        rows={[
          ['Type', 'NFC card order'],
          ['Status', humanise(order.status ?? 'paid')],
          ['Ordered', formatDate(order.createdAt)],
          ['Total', formatMoney(order.amountTotal, order.currency)],
        ]}
      />
      <FulfilmentProgress status={order.fulfillmentStatus} />
      <Tracking url={order.trackingUrl} />
      <div className="order__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={again.isPending || again.isSuccess}
          onClick={() => again.mutate()}
        >
          {again.isPending || again.isSuccess ? 'Opening checkout…' : 'Buy Again'}
        </button>
        <a className="button button--ghost" href={detailsHref(order)}>
          View details
        </a>
      </div>
    </article>
  );
}
