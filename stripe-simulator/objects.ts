import type Stripe from 'stripe';
import { newId } from './ids';

/**
 * Stripe's objects as the API returns them, limited to the fields a client of the simulator reads. Each builder
 * casts once, here, so the rest of the simulator handles the SDK's own types and tsc checks every field name.
 */

export type Session = Stripe.Checkout.Session;
export type Customer = Stripe.Customer;
export type PaymentMethod = Stripe.PaymentMethod;
export type Subscription = Stripe.Subscription;
export type Invoice = Stripe.Invoice;
export type InvoiceLineItem = Stripe.InvoiceLineItem;
export type SetupIntent = Stripe.SetupIntent;
export type Refund = Stripe.Refund;
export type ShippingDetails = { name: string; address: Stripe.Address };

export const customerObject = (fields: { email: string | null; name: string | null; created: number }) =>
  ({
    id: newId('cus'),
    object: 'customer',
    created: fields.created,
    email: fields.email,
    name: fields.name,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: {},
  }) as unknown as Customer;

export const deletedCustomer = (id: string): Stripe.DeletedCustomer => ({
  id,
  object: 'customer',
  deleted: true,
});

/** Any future date will do for a test card; three years on, as a newly issued card might run. */
export const cardPaymentMethod = (fields: { customer: string; last4: string; created: number }) =>
  ({
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    created: fields.created,
    customer: fields.customer,
    livemode: false,
    metadata: {},
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: 'visa',
      display_brand: 'visa',
      last4: fields.last4,
      exp_month: 12,
      exp_year: new Date(fields.created * 1000).getUTCFullYear() + 3,
      country: 'GB',
      funding: 'credit',
    },
  }) as unknown as PaymentMethod;

/** What a setup-mode checkout leaves: the card it saved, for the integration to make the default if it wants. */
export const setupIntentObject = (fields: { customer: string; paymentMethod: string; created: number }) =>
  ({
    id: newId('seti'),
    object: 'setup_intent',
    created: fields.created,
    customer: fields.customer,
    payment_method: fields.paymentMethod,
    payment_method_types: ['card'],
    status: 'succeeded',
    usage: 'off_session',
    livemode: false,
    metadata: {},
  }) as unknown as SetupIntent;

export const subscriptionObject = (fields: {
  customer: string;
  paymentMethod: string;
  price: { unit_amount: number; currency: string; product: string };
  created: number;
  /** How many of the plan: a firm pays one a member. */
  quantity: number;
  trialEnd: number | null;
  periodEnd: number;
  metadata: Record<string, string>;
}) => {
  const id = newId('sub');
  return {
    id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.trialEnd ? 'trialing' : 'active',
    created: fields.created,
    start_date: fields.created,
    billing_cycle_anchor: fields.trialEnd ?? fields.created,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    currency: fields.price.currency,
    default_payment_method: fields.paymentMethod,
    collection_method: 'charge_automatically',
    latest_invoice: null,
    trial_start: fields.trialEnd ? fields.created : null,
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
          id: newId('si'),
          object: 'subscription_item',
          subscription: id,
          created: fields.created,
          quantity: fields.quantity,
          current_period_start: fields.created,
          current_period_end: fields.periodEnd,
          metadata: {},
          price: {
            id: newId('price'),
            object: 'price',
            currency: fields.price.currency,
            unit_amount: fields.price.unit_amount,
            product: fields.price.product,
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
  } as unknown as Subscription;
};

/** A refund of a card payment: a test card's settles at once, as Stripe's test mode settles it. */
export const refundObject = (fields: {
  paymentIntent: string;
  amount: number;
  currency: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}) =>
  ({
    id: newId('re'),
    object: 'refund',
    amount: fields.amount,
    currency: fields.currency,
    payment_intent: fields.paymentIntent,
    charge: null,
    balance_transaction: null,
    created: fields.created,
    reason: fields.reason,
    status: 'succeeded',
    metadata: fields.metadata,
    receipt_number: null,
    destination_details: { type: 'card', card: { type: 'refund', reference_status: 'pending' } },
  }) as unknown as Refund;
