import type Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES } from '../../../events/subscription/events';
import type {
  BillingFacts,
  CheckoutFacts,
  InvoiceFacts,
  PostalAddress,
  SubscriptionFacts,
} from '../provider';

/**
 * Pure translations from Stripe's objects to the provider-neutral facts. Stripe's enums are open (`OtherString`),
 * so every status is narrowed here to the values the rest of the app knows, with a fallback that grants nothing.
 */

export const isoFromUnix = (seconds: number | null | undefined): string | null =>
  seconds == null ? null : new Date(seconds * 1000).toISOString();

/** Stripe fields that hold either an id or, when expanded, the object itself. */
export const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

const oneOf = <T extends string>(value: string | null | undefined, allowed: readonly T[], fallback: T): T =>
  allowed.find((candidate) => candidate === value) ?? fallback;

/** Metadata values we wrote ourselves; an empty string counts as absent. */
const metadataValue = (metadata: Stripe.Metadata | null | undefined, key: string): string | null => {
  const value = metadata?.[key];
  return value ? value : null;
};

const quantityFrom = (raw: string | null): number | null => {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
};

/**
 * Stripe's address fields are all nullable, ours mostly aren't. Checkout always collects line1, city and country
 * for the shipping countries we allow, but some of them have no postcode, so missing text becomes ''.
 */
export const postalAddress = (address: Stripe.Address): PostalAddress => ({
  line1: address.line1 ?? '',
  line2: address.line2 || null,
  city: address.city ?? '',
  state: address.state || null,
  postal_code: address.postal_code ?? '',
  country: address.country ?? '',
});

export const checkoutFacts = (session: Stripe.Checkout.Session): CheckoutFacts => {
  const shipping = session.collected_information?.shipping_details ?? null;
  return {
    id: session.id,
    mode: session.mode === 'subscription' ? 'subscription' : 'payment',
    status: oneOf(session.status, ['open', 'complete', 'expired'], 'open'),
    paymentStatus: oneOf(session.payment_status, ['paid', 'unpaid', 'no_payment_required'], 'unpaid'),
    orderId: metadataValue(session.metadata, 'orderId') ?? session.client_reference_id ?? null,
    accountId: metadataValue(session.metadata, 'accountId'),
    customerId: idOf(session.customer),
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    customerName: session.customer_details?.name ?? null,
    amountTotal: session.amount_total,
    currency: session.currency,
    quantity: quantityFrom(metadataValue(session.metadata, 'quantity')),
    subscriptionId: idOf(session.subscription),
    paymentIntentId: idOf(session.payment_intent),
    shipping: shipping ? { name: shipping.name, address: postalAddress(shipping.address) } : null,
  };
};

export const subscriptionFacts = (subscription: Stripe.Subscription): SubscriptionFacts => {
  // Since API 2025-03-31 the billing period belongs to each item; we sell one item per subscription.
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    // An unknown future status grants nothing until the app learns about it.
    status: oneOf(subscription.status, SUBSCRIPTION_STATUSES, 'incomplete'),
    // Stripe leaves quantity out only for metered prices, which we don't sell: one of the plan, then.
    quantity: item?.quantity ?? 1,
    trialEnd: isoFromUnix(subscription.trial_end),
    currentPeriodStart: isoFromUnix(item?.current_period_start),
    currentPeriodEnd: isoFromUnix(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: isoFromUnix(subscription.canceled_at),
    endedAt: isoFromUnix(subscription.ended_at),
    orderId: metadataValue(subscription.metadata, 'orderId'),
    accountId: metadataValue(subscription.metadata, 'accountId'),
  };
};

const invoiceSubscriptionId = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription);

/** The customer's copy at the provider: Stripe's PDF, else its hosted page. */
export const invoicePdf = (invoice: Stripe.Invoice): string | null =>
  invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? null;

export const invoiceFacts = (invoice: Stripe.Invoice): InvoiceFacts => ({
  id: invoice.id,
  number: invoice.number,
  subscriptionId: invoiceSubscriptionId(invoice),
  customerId: idOf(invoice.customer),
  amountPaid: invoice.amount_paid,
  amountDue: invoice.amount_due,
  currency: invoice.currency,
  // A null status only appears on previews, which are never finalised: treat them as drafts.
  status: oneOf(invoice.status, ['draft', 'open', 'paid', 'uncollectible', 'void'], 'draft'),
  created: new Date(invoice.created * 1000).toISOString(),
  pdfUrl: invoicePdf(invoice),
  billingReason: invoice.billing_reason ?? null,
  nextPaymentAttempt: isoFromUnix(invoice.next_payment_attempt),
});

export const billingPaymentMethod = (
  method: string | Stripe.PaymentMethod | null | undefined,
): BillingFacts['paymentMethod'] => {
  if (method == null || typeof method === 'string' || method.type !== 'card' || !method.card) return null;
  const { brand, last4, exp_month, exp_year } = method.card;
  return { card: { brand, last4, exp_month, exp_year } };
};
