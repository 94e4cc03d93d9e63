import { type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api';
import { logOut } from '../../lib/logout';
import { usePaymentReturn } from '../orders/payment-return';
import { Loading } from '../orders/ui';
import { AdminFilters } from './AdminFilters';
import { AdminOrderCard } from './AdminOrderCard';
import { type Filters, NO_FILTERS, useAdminOrders } from './api';
import { ReportedReviews } from './ReportedReviews';

export const STAFF_ONLY = 'Only TradeCard staff can see this page.';

function StaffOnly() {
  return (
    <section className="card receipt receipt--empty" aria-labelledby="admin-title">
      <h1 className="orders__heading" id="admin-title">
        Card orders
      </h1>
      <p className="form__problem" role="alert">
        {STAFF_ONLY}
      </p>
      <a className="button" href="/myprofile">
        Go to your dashboard
      </a>
    </section>
  );
}

/**
 * SPEC §2 "/admin": paid card orders, searched and filtered, each with its tracking and status forms; below them,
 * the reviews owners reported (issue 30).
 */
export function Admin() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const orders = useAdminOrders(filters);
  usePaymentReturn();

  if (orders.error instanceof ApiError && orders.error.status === 403) return <StaffOnly />;

  let body: ReactNode;
  if (orders.isPending) body = <Loading>Loading card orders…</Loading>;
  else if (orders.isError)
    body = (
      <p className="form__problem" role="alert">
        {orders.error.message}
      </p>
    );
  else if (orders.data.length === 0) body = <p className="card">No card orders found.</p>;
  else
    body = (
      <ul className="orders__list">
        {orders.data.map((order) => (
          <li key={order.id}>
            <AdminOrderCard order={order} />
          </li>
        ))}
      </ul>
    );

  return (
    <section className="orders admin" aria-labelledby="admin-title">
      <div className="admin__bar">
        <h1 className="orders__heading" id="admin-title">
          Card orders
        </h1>
        <button type="button" className="button button--ghost" onClick={() => void logOut()}>
          Logout
        </button>
      </div>
      <AdminFilters onApply={setFilters} />
      {orders.data && orders.data.length > 0 && (
        <p className="admin__count" role="status">
          {orders.data.length === 1 ? '1 card order' : `${orders.data.length} card orders`}
        </p>
      )}
      {body}
      <ReportedReviews />
    </section>
  );
}
