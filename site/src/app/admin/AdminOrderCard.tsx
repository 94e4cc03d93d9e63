import type { AdminOrder } from '../../../../contract/order';
import { copyWithToast } from '../../lib/copy';
import { formatDateTime, formatMoney } from '../orders/format';
import { fulfilmentLabel, fulfilmentTone } from '../orders/fulfilment';
import { Badge, DetailRows } from '../orders/ui';
import { cancellationNote, customerEmail, customerName, shippingLines } from './forms';
import { OrderCards } from './OrderCards';
import { StatusForm } from './StatusForm';
import { TrackingForm } from './TrackingForm';

const copyId = (id: string) => copyWithToast(id, 'Copied');

/** One paid card order as the person packing it needs it: who, where to, how many, and its two forms. */
export function AdminOrderCard({ order }: { order: AdminOrder }) {
  const titleId = `admin-order-${order.id}`;
  const email = customerEmail(order);
  const lines = shippingLines(order);
  const cancelled = cancellationNote(order);

  return (
    <article className="card order admin-order" aria-labelledby={titleId}>
      <div className="order__head">
        <h2 className="order__title" id={titleId}>
          {customerName(order)}
        </h2>
        {cancelled ? (
          <Badge tone="red">Cancelled</Badge>
        ) : (
          <Badge tone={fulfilmentTone(order.fulfillmentStatus)}>
            {fulfilmentLabel(order.fulfillmentStatus)}
          </Badge>
        )}
      </div>
      {email && (
        <p className="admin-order__email">
          <a href={`mailto:${email}`}>{email}</a>
        </p>
      )}
      {cancelled && <p className="admin-order__note">{cancelled}</p>}
      {!cancelled && order.user === null && order.fulfillmentStatus !== 'shipped' && (
        <p className="admin-order__note">
          The customer has deleted their account. Their delivery details are kept for this order and erased
          when you mark it shipped.
        </p>
      )}
      <div className="admin-order__facts">
        <DetailRows
          rows={[
            ['Order ID', order.id, 'id'],
            ['Quantity', String(order.quantity)],
            ['Amount', formatMoney(order.amountTotal, order.currency)],
            ['Ordered', formatDateTime(order.createdAt)],
            ['Updated', formatDateTime(order.updatedAt)],
            ['Delivery window', order.deliveryWindow || '—'],
          ]}
        />
        <div>
          <h3 className="admin-order__label">Ship to</h3>
          {lines.length > 0 ? (
            <address className="admin-order__address">
              {[order.shipping?.name ?? order.deliveryName, ...lines].filter(Boolean).map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          ) : (
            <p>No shipping address recorded.</p>
          )}
        </div>
      </div>
      <button type="button" className="button button--ghost" onClick={() => void copyId(order.id)}>
        Copy order id
      </button>
      {/* A cancelled order has no cards to program (its codes were retired) and nothing to track or ship. */}
      {!cancelled && (
        <>
          <OrderCards order={order} />
          <div className="admin-order__forms">
            <TrackingForm order={order} />
            <StatusForm order={order} />
          </div>
        </>
      )}
    </article>
  );
}
