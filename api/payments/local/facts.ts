import type { CheckoutFacts, InvoiceFacts, PostalAddress, SubscriptionFacts } from '../provider';
import type { InvoiceRow, SessionRow, SubscriptionRow } from './rows';

/** Where the server mounts `routes()`. */
export const CHECKOUT_PATH = '/checkout/test';

export const checkoutUrl = (publicUrl: string, sessionId: string) =>
  `${publicUrl}${CHECKOUT_PATH}/${sessionId}`;

export const receiptUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${CHECKOUT_PATH}/receipts/${token}`;

export const successUrlOf = (session: SessionRow) =>
  session.success_url.split('{CHECKOUT_SESSION_ID}').join(session.id);

export function checkoutFacts(row: SessionRow): CheckoutFacts {
  const address = row.shipping_address === null ? null : (JSON.parse(row.shipping_address) as PostalAddress);
  return {
    id: row.id,
    mode: row.kind === 'card' ? 'payment' : 'subscription',
    status: row.status,
    paymentStatus: row.payment_status,
    orderId: row.order_id,
    accountId: row.account_id,
    customerId: row.customer_id,
    customerEmail: row.email,
    customerName: row.customer_name,
    amountTotal: row.amount_total,
    currency: row.currency,
    quantity: row.quantity,
    subscriptionId: row.subscription_id,
    paymentIntentId: row.payment_intent_id,
    shipping: address && row.customer_name !== null ? { name: row.customer_name, address } : null,
  };
}

export function subscriptionFacts(row: SubscriptionRow): SubscriptionFacts {
  return {
    id: row.id,
    customerId: row.customer_id,
    status: row.status,
    trialEnd: row.trial_end,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    canceledAt: row.canceled_at,
    endedAt: row.ended_at,
    orderId: row.order_id,
    accountId: row.account_id,
  };
}

export function invoiceFacts(row: InvoiceRow, publicUrl: string): InvoiceFacts {
  return {
    id: row.id,
    number: row.number,
    subscriptionId: row.subscription_id,
    customerId: row.customer_id,
    amountPaid: row.amount_paid,
    amountDue: row.amount_due,
    currency: row.currency,
    status: row.status,
    created: row.created_at,
    pdfUrl: receiptUrl(publicUrl, row.receipt_token),
  };
}
