import { useState } from 'react';
import type { Order } from '../../../../contract/order';
import { ApiError } from '../../lib/api';
import { type Lookup, readLookup, useConfirmedOrder } from './api';
import { deliveryLine } from './fields';
import { deliveryEstimate, formatDate, formatMoney, humanise } from './format';
import { fulfilmentLabel, fulfilmentTone } from './fulfilment';
import { NotFound } from './NotFound';
import { FulfilmentProgress } from './Progress';
import { CARD_ORDER_CONFIRMED, usePaymentReturn } from './payment-return';
import { Tracking } from './Tracking';
import { Badge, DetailRows, Loading, Tile } from './ui';

const MESSAGES = { session: 'Could not confirm your order immediately.', id: 'Could not load your order.' };

/** An order that isn't there is just 'No order found'; anything else failed and says so (SPEC §8). */
const problemOf = (error: Error | null, lookup: Lookup) => {
  if (!error || (error instanceof ApiError && error.status === 404)) return null;
  return lookup.sessionId ? MESSAGES.session : MESSAGES.id;
};

function Receipt({ order }: { order: Order }) {
  return (
    <article className="card receipt" aria-labelledby="receipt-title">
      <div className="receipt__top">
        <Badge tone={fulfilmentTone(order.fulfillmentStatus)}>
          {fulfilmentLabel(order.fulfillmentStatus)}
        </Badge>
        <Tracking url={order.trackingUrl} />
      </div>
      <FulfilmentProgress status={order.fulfillmentStatus} />
      <h1 className="receipt__title" id="receipt-title">
        Payment Successful!
      </h1>
      <p className="receipt__lead">Thank you for your order. Your card is on its way.</p>
      <div className="tiles">
        <Tile label="Amount paid" value={formatMoney(order.amountTotal, order.currency)} />
        <Tile label="Estimated delivery date" value={deliveryEstimate(order.deliveryWindow)} />
      </div>
      <div className="receipt__actions">
        <a className="button" href="/myprofile">
          Go to Your Dashboard
        </a>
        <a className="button button--ghost" href="/myorders">
          View All Orders
        </a>
      </div>
      <h2 className="receipt__subtitle">Order details</h2>
      <DetailRows
        rows={[
          ['Order ID', order.id, 'id'],
          ['Quantity', String(order.quantity)],
          ['Price Paid', formatMoney(order.amountTotal, order.currency)],
          ['Delivery', deliveryLine(order)],
          ['Created', formatDate(order.createdAt)],
          ['Status', humanise(order.status ?? 'paid')],
        ]}
      />
    </article>
  );
}

/** SPEC §2 "Order success (/success)": back from paying for cards, or opened from /myorders. */
export function OrderSuccess() {
  const [lookup] = useState(() => readLookup(window.location.search));
  const confirmed = useConfirmedOrder(lookup, MESSAGES);
  const asked = Boolean(lookup.id || lookup.sessionId);
  usePaymentReturn({ ready: !asked || !confirmed.isPending, keep: 'id', done: CARD_ORDER_CONFIRMED });

  if (!asked) return <NotFound title="No order found" problem={null} />;
  if (confirmed.isPending) return <Loading>Confirming your payment…</Loading>;
  if (confirmed.data?.type === 'card') return <Receipt order={confirmed.data} />;
  return <NotFound title="No order found" problem={problemOf(confirmed.error, lookup)} />;
}
