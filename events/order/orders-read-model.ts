import type { OrdersTable } from '../../platform/database/schema';
import type { ReadModel } from '../read-model';
import type { ProjectedEvent } from '../store';
import type { SubscriptionEvent } from '../subscription/events';
import type { OrderEvent } from './events';

type OrdersState = { row: OrdersTable | null };

const ORDER_STREAM = /^(?:order|subscription)-(.+)$/;

type NewOrder = Pick<
  OrdersTable,
  'id' | 'account_id' | 'type' | 'amount_total' | 'currency' | 'quantity' | 'provider' | 'checkout_session_id'
> &
  Pick<OrdersTable, 'fulfillment_status' | 'reorder_of' | 'created_at' | 'firm_id' | 'for_account_id'>;

const newOrderRow = (order: NewOrder): OrdersTable => ({
  status: 'pending',
  delivery_window: null,
  delivery_name: null,
  delivery_address: null,
  tracking_url: null,
  customer_email: null,
  provider_subscription_id: null,
  provider_customer_id: null,
  trial_end: null,
  current_period_start: null,
  current_period_end: null,
  cancel_at_period_end: 0,
  canceled_at: null,
  ended_at: null,
  paid_at: null,
  updated_at: order.created_at,
  ...order,
});

function applyOrderEvent(row: OrdersTable | null, event: OrderEvent, at: string): OrdersTable | null {
  if (event.type === 'CardOrderCheckoutStarted') {
    const { data } = event;
    return newOrderRow({
      id: data.orderId,
      account_id: data.accountId,
      type: 'card',
      fulfillment_status: 'order_placed',
      amount_total: data.amountTotal,
      currency: data.currency,
      quantity: data.quantity,
      provider: data.provider,
      checkout_session_id: data.checkoutSessionId,
      reorder_of: data.reorderOf,
      firm_id: data.firmId ?? null,
      for_account_id: data.forAccountId ?? null,
      created_at: at,
    });
  }
  if (!row) return row;
  switch (event.type) {
    case 'CardOrderPaid': {
      const { data } = event;
      return {
        ...row,
        status: 'paid',
        amount_total: data.amountTotal,
        currency: data.currency,
        provider_customer_id: data.customerId,
        customer_email: data.customerEmail,
        delivery_name: data.deliveryName,
        delivery_address: data.deliveryAddress ? JSON.stringify(data.deliveryAddress) : null,
        delivery_window: data.deliveryWindow,
        paid_at: at,
      };
    }
    case 'CardOrderCheckoutClosed':
      return { ...row, status: event.data.reason === 'expired' ? 'expired' : 'failed' };
    case 'FulfilmentStatusChanged':
      return { ...row, fulfillment_status: event.data.fulfillmentStatus };
    case 'TrackingUpdated':
      return { ...row, tracking_url: event.data.trackingUrl, delivery_window: event.data.deliveryWindow };
    case 'CardOrderHeldForShipping':
    case 'CardCodesAssigned':
      return row;
    // `cancelled` while the refund is owed, `refunded` once the money is back (the whole amount: amount_total).
    case 'CardOrderCancelled':
      return { ...row, status: 'cancelled', canceled_at: at };
    case 'CardOrderRefunded':
      return { ...row, status: 'refunded' };
    case 'CardOrderDeliveryErased':
      // As the in-place redaction of CardOrderPaid leaves them, so the inline row and a replayed one agree.
      return {
        ...row,
        customer_email: null,
        delivery_name: '[erased]',
        delivery_address: null,
        tracking_url: null,
      };
  }
}

function applySubscriptionEvent(
  row: OrdersTable | null,
  event: SubscriptionEvent,
  at: string,
): OrdersTable | null {
  if (event.type === 'SubscriptionCheckoutStarted') {
    const { data } = event;
    return newOrderRow({
      id: data.orderId,
      account_id: data.accountId,
      type: 'subscription',
      fulfillment_status: null,
      amount_total: data.amount,
      currency: data.currency,
      quantity: data.quantity ?? 1,
      provider: data.provider,
      checkout_session_id: data.checkoutSessionId,
      reorder_of: data.reorderOf,
      firm_id: data.firmId ?? null,
      for_account_id: null,
      created_at: at,
    });
  }
  if (!row) return row;
  switch (event.type) {
    case 'SubscriptionUpdated': {
      const { data } = event;
      return {
        ...row,
        status: data.status,
        provider_subscription_id: data.providerSubscriptionId,
        provider_customer_id: data.customerId,
        trial_end: data.trialEnd,
        current_period_start: data.currentPeriodStart,
        current_period_end: data.currentPeriodEnd,
        cancel_at_period_end: data.cancelAtPeriodEnd ? 1 : 0,
        canceled_at: data.canceledAt,
        ended_at: data.endedAt,
        quantity: data.quantity ?? row.quantity,
        paid_at: row.paid_at ?? at,
      };
    }
    case 'SubscriptionEnded':
      return { ...row, ended_at: event.data.endedAt };
    case 'SubscriptionCheckoutClosed':
      return { ...row, status: event.data.reason === 'expired' ? 'expired' : 'failed' };
    case 'SubscriptionPaymentSucceeded':
    case 'SubscriptionPaymentFailed':
      return row;
  }
}

/** Card orders and subscriptions, as the order screens and the admin list read them. */
export const ordersReadModel: ReadModel<OrdersState> = {
  table: 'orders',
  keyColumn: 'id',
  owns: (streamId) => ORDER_STREAM.test(streamId),
  keyOf: (streamId) => ORDER_STREAM.exec(streamId)?.[1] ?? streamId,
  initialState: () => ({ row: null }),
  evolve: (state, event: ProjectedEvent) => {
    const at = event.occurredAt;
    const row = event.streamId.startsWith('order-')
      ? applyOrderEvent(state.row, event as OrderEvent, at)
      : applySubscriptionEvent(state.row, event as SubscriptionEvent, at);
    return { row: row && row !== state.row ? { ...row, updated_at: at } : row };
  },
  toRow: ({ row }) => row,
};
