import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { type FormObject, formList, formRecord, formText } from '../../../../../stripe-simulator/form';

/**
 * Test support: Stripe objects as the API returns them (API 2026-10-28), limited to the fields our provider and a
 * curious reader would look at. Each builder casts once, here, so tests handle the SDK's own types.
 */

export const unixNow = () => Math.floor(Date.now() / 1000);
export const DAY = 86_400;
export const MONTH = 30 * DAY;

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export type ShippingInput = { name: string; address: Stripe.Address };

export const DEFAULT_SHIPPING: ShippingInput = {
  name: 'Dana Plumber',
  address: {
    line1: '1 High Street',
    line2: null,
    city: 'Leeds',
    state: null,
    postal_code: 'LS1 1AA',
    country: 'GB',
  },
};

export const sessionFromParams = (params: FormObject): Stripe.Checkout.Session => {
  const created = unixNow();
  const id = stripeId('cs_test');
  const amount = formList(params, 'line_items').reduce<number>(
    (sum, item) =>
      sum +
      Number(formText(item, 'price_data', 'unit_amount') ?? 0) * Number(formText(item, 'quantity') ?? 1),
    0,
  );
  const allowedCountries = formList(params, 'shipping_address_collection', 'allowed_countries');
  const session = {
    id,
    object: 'checkout.session',
    mode: formText(params, 'mode'),
    status: 'open',
    payment_status: 'unpaid',
    amount_subtotal: amount,
    amount_total: amount,
    currency: formText(params, 'line_items', 0, 'price_data', 'currency'),
    client_reference_id: formText(params, 'client_reference_id'),
    customer: formText(params, 'customer'),
    customer_creation: formText(params, 'customer_creation'),
    customer_details: null,
    customer_email: formText(params, 'customer_email'),
    collected_information: null,
    metadata: formRecord(params, 'metadata'),
    created,
    expires_at: created + DAY,
    livemode: false,
    invoice: null,
    payment_intent: null,
    subscription: null,
    shipping_address_collection: allowedCountries.length > 0 ? { allowed_countries: allowedCountries } : null,
    success_url: formText(params, 'success_url'),
    cancel_url: formText(params, 'cancel_url'),
    url: `https://checkout.stripe.com/c/pay/${id}`,
  };
  return session as unknown as Stripe.Checkout.Session;
};

export const customerObject = (fields: { email: string | null; name?: string | null }): Stripe.Customer => {
  const customer = {
    id: stripeId('cus'),
    object: 'customer',
    created: unixNow(),
    email: fields.email,
    name: fields.name ?? null,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: {},
  };
  return customer as unknown as Stripe.Customer;
};

export const deletedCustomer = (id: string): Stripe.DeletedCustomer => ({
  id,
  object: 'customer',
  deleted: true,
});

export type CardInput = { brand?: string; last4?: string; exp_month?: number; exp_year?: number };

export const cardPaymentMethod = (customerId: string, card: CardInput = {}): Stripe.PaymentMethod => {
  const method = {
    id: stripeId('pm'),
    object: 'payment_method',
    type: 'card',
    created: unixNow(),
    customer: customerId,
    livemode: false,
    metadata: {},
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: card.brand ?? 'visa',
      display_brand: card.brand ?? 'visa',
      last4: card.last4 ?? '4242',
      exp_month: card.exp_month ?? 12,
      exp_year: card.exp_year ?? new Date().getUTCFullYear() + 3,
      country: 'GB',
      funding: 'credit',
    },
  };
  return method as unknown as Stripe.PaymentMethod;
};

export const subscriptionObject = (fields: {
  customerId: string;
  paymentMethodId: string | null;
  unitAmount: number;
  currency: string;
  trialEnd: number | null;
  metadata: Record<string, string>;
}): Stripe.Subscription => {
  const start = unixNow();
  const id = stripeId('sub');
  const periodEnd = fields.trialEnd ?? start + MONTH;
  const subscription = {
    id,
    object: 'subscription',
    customer: fields.customerId,
    status: fields.trialEnd ? 'trialing' : 'active',
    created: start,
    start_date: start,
    billing_cycle_anchor: periodEnd,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    currency: fields.currency,
    default_payment_method: fields.paymentMethodId,
    collection_method: 'charge_automatically',
    trial_start: fields.trialEnd ? start : null,
    trial_end: fields.trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    metadata: fields.metadata,
    livemode: false,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          subscription: id,
          created: start,
          quantity: 1,
          current_period_start: start,
          current_period_end: periodEnd,
          metadata: {},
          price: {
            id: stripeId('price'),
            object: 'price',
            currency: fields.currency,
            unit_amount: fields.unitAmount,
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
  return subscription as unknown as Stripe.Subscription;
};

export const invoiceObject = (fields: {
  customerId: string;
  subscription: Stripe.Subscription | null;
  amount: number;
  currency: string;
  status?: Stripe.Invoice.Status;
  number?: string | null;
}): Stripe.Invoice => {
  const id = stripeId('in');
  const status = fields.status ?? 'paid';
  const finalised = status !== 'draft';
  const subscription = fields.subscription;
  const invoice = {
    id,
    object: 'invoice',
    customer: fields.customerId,
    status,
    number: finalised ? (fields.number ?? `TC${randomBytes(3).toString('hex').toUpperCase()}-0001`) : null,
    created: unixNow(),
    currency: fields.currency,
    amount_due: fields.amount,
    amount_paid: status === 'paid' ? fields.amount : 0,
    amount_remaining: status === 'paid' ? 0 : fields.amount,
    billing_reason: subscription ? 'subscription_create' : 'manual',
    parent: subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
        }
      : null,
    hosted_invoice_url: finalised ? `https://invoice.stripe.com/i/acct_test/${id}` : null,
    invoice_pdf: finalised ? `https://pay.stripe.com/invoice/acct_test/${id}/pdf` : null,
    livemode: false,
    metadata: {},
  };
  return invoice as unknown as Stripe.Invoice;
};

export type EventObject =
  | Stripe.Checkout.Session
  | Stripe.Subscription
  | Stripe.Invoice
  | Stripe.Customer
  | Stripe.PaymentMethod;

/** The envelope Stripe posts to a webhook endpoint; the object is a snapshot, unaffected by later changes. */
export const eventEnvelope = (
  type: string,
  object: EventObject,
  previous?: Record<string, unknown>,
): Stripe.Event => {
  const event = {
    id: stripeId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: unixNow(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
  };
  return event as unknown as Stripe.Event;
};

/** Stripe's error body; `code` is what clients match on. */
export const stripeError = (type: string, message: string, code?: string) => ({
  error: { type, message, ...(code ? { code } : {}) },
});
