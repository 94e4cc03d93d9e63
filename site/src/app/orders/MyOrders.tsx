import type { ReactNode } from 'react';
import { useOrders } from './api';
import { CardOrderCard } from './CardOrderCard';
import { usePaymentReturn } from './payment-return';
import { SubscriptionCard } from './SubscriptionCard';
import { isHiddenOrder } from './subscription';
import { Loading } from './ui';

/** SPEC §2 "/myorders": card orders and subscriptions, newest first as the API sends them. */
export function MyOrders() {
  const orders = useOrders();
  usePaymentReturn();
  const visible = (orders.data ?? []).filter((order) => !isHiddenOrder(order));

  let body: ReactNode;
  if (orders.isPending) body = <Loading>Loading your orders…</Loading>;
  else if (orders.isError)
    body = (
      <p className="form__problem" role="alert">
        Failed to load orders
      </p>
    );
  else if (visible.length === 0)
    body = (
      <div className="card orders__empty">
        <h2>No orders yet</h2>
        <p>Your NFC card orders and your Profile Plan will show here.</p>
        <a className="button" href="/productandplan">
          Browse products
        </a>
      </div>
    );
  else
    body = (
      <ul className="orders__list">
        {visible.map((order) => (
          <li key={order.id}>
            {order.type === 'subscription' ? (
              <SubscriptionCard order={order} all={visible} />
            ) : (
              <CardOrderCard order={order} />
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <section className="orders" aria-labelledby="orders-title">
      <h1 className="orders__heading" id="orders-title">
        My Orders
      </h1>
      {body}
    </section>
  );
}
