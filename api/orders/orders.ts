import { sql } from 'kysely';
import { DomainError } from '../../events/errors';
import type { Db } from '../../platform/database/db';
import type { OrdersTable } from '../../platform/database/schema';

export type OrderRow = OrdersTable;

export const findOrder = (db: Db, id: string) =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

/** A card order the admin names by id; anything else (a plan, an unknown id) is not found. */
export async function cardOrderOrNotFound(db: Db, id: string): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (order?.type !== 'card') throw new DomainError('not_found', 'Order not found.');
  return order;
}

export const findOrderByCheckout = (db: Db, sessionId: string) =>
  db.selectFrom('orders').selectAll().where('checkout_session_id', '=', sessionId).executeTakeFirst();

export const findOrderBySubscription = (db: Db, subscriptionId: string) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where('provider_subscription_id', '=', subscriptionId)
    .executeTakeFirst();

/** Checkouts that were opened but never paid are not orders a person placed. */
const UNPLACED = ['pending', 'expired', 'failed'];

/** Card orders called off before they shipped (issue 28): `cancelled` while the refund is owed, then `refunded`. */
export const CANCELLED_STATUSES = ['cancelled', 'refunded'];
export const isCancelled = (order: Pick<OrderRow, 'status'>) => CANCELLED_STATUSES.includes(order.status);

export const ordersOfAccount = (db: Db, accountId: string) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', 'not in', UNPLACED)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();

/** The provider's customer from the account's latest order, so a new checkout joins the same customer. */
export async function customerOf(db: Db, accountId: string, provider: string): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('provider_customer_id')
    .where('account_id', '=', accountId)
    .where('provider', '=', provider)
    .where('provider_customer_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.provider_customer_id ?? null;
}

export type AdminOrderFilter = {
  type: 'card' | 'subscription';
  q: string;
  fulfillmentStatus: string | null;
  /** One order, as the admin list shows it (after an update). */
  id?: string;
};

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Paid orders with their customers, newest first; `q` matches order id, names, emails and the address, and the
 * address's postcode whether or not it is typed with its space.
 */
export function adminOrders(db: Db, filter: AdminOrderFilter) {
  let query = db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.account_id')
    .selectAll('orders')
    .select(['users.name as user_name', 'users.email as user_email', 'users.username as user_username'])
    .where('orders.type', '=', filter.type)
    .where('orders.status', 'not in', UNPLACED);
  if (filter.id) query = query.where('orders.id', '=', filter.id);
  // A step of fulfilment lists what is still to be made and sent: a cancelled order is at none of them.
  if (filter.fulfillmentStatus)
    query = query
      .where('orders.fulfillment_status', '=', filter.fulfillmentStatus)
      .where('orders.status', 'not in', CANCELLED_STATUSES);
  const q = filter.q.trim();
  if (q) {
    const pattern = likePattern(q);
    const like = (column: string) =>
      sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
    // Postcodes are typed any old way ("m12ab" for M1 2AB): the address also matches with every space taken out.
    const compactPattern = likePattern(q.replace(/\s+/g, ''));
    const compactAddress = sql<boolean>`replace(lower(coalesce(orders.delivery_address, '')), ' ', '') like ${compactPattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        like('orders.id'),
        like('orders.delivery_name'),
        like('orders.customer_email'),
        like('orders.delivery_address'),
        compactAddress,
        like('users.name'),
        like('users.email'),
        like('users.username'),
      ]),
    );
  }
  return query.orderBy('orders.created_at', 'desc').orderBy('orders.id').limit(500).execute();
}

export type AdminOrderRow = Awaited<ReturnType<typeof adminOrders>>[number];
