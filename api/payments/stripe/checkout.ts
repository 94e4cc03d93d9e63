import type Stripe from 'stripe';
import {
  CARD_PRODUCT_NAME,
  CARD_UNIT_AMOUNT,
  CURRENCY,
  SHIPPING_COUNTRIES,
  SUBSCRIPTION_AMOUNT,
  SUBSCRIPTION_PRODUCT_NAME,
} from '../../../events/order/pricing';
import type { CardSetupRequest, CheckoutRequest } from '../provider';

type SessionParams = Stripe.Checkout.SessionCreateParams;

const unixSeconds = (iso: string): number => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`Trial end is not a valid date: ${iso}`);
  return Math.floor(ms / 1000);
};

type TrialParams = Pick<
  Stripe.Checkout.SessionCreateParams.SubscriptionData,
  'trial_end' | 'trial_period_days'
>;

const trialParams = (trial: CheckoutRequest['trial']): TrialParams => {
  if (trial === null) return {};
  if ('endsAt' in trial) return { trial_end: unixSeconds(trial.endsAt) };
  return { trial_period_days: trial.days };
};

/**
 * The Checkout Session for a request. Prices are inline (`price_data`) so the amounts in pricing.ts are the only
 * source of truth: nothing has to be created in the Stripe dashboard first.
 */
export const checkoutParams = (request: CheckoutRequest): SessionParams => {
  const ours = { orderId: request.orderId, accountId: request.accountId };
  const common: SessionParams = {
    client_reference_id: request.orderId,
    metadata: { ...ours, kind: request.kind, quantity: String(request.quantity) },
    ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  };

  if (request.kind === 'subscription') {
    return {
      ...common,
      mode: 'subscription',
      line_items: [
        {
          price_data: {
            currency: CURRENCY,
            unit_amount: SUBSCRIPTION_AMOUNT,
            recurring: { interval: 'month' },
            product_data: { name: SUBSCRIPTION_PRODUCT_NAME },
          },
          // One tradesperson's plan, or a firm's: one a member, at the same unit price.
          quantity: request.quantity,
        },
      ],
      subscription_data: {
        metadata: ours,
        ...trialParams(request.trial),
        // A trial taken without a card on file must end the subscription, not turn it into an unpaid one.
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      },
    };
  }

  return {
    ...common,
    mode: 'payment',
    line_items: [
      {
        price_data: {
          currency: CURRENCY,
          unit_amount: CARD_UNIT_AMOUNT,
          product_data: { name: CARD_PRODUCT_NAME },
        },
        quantity: request.quantity,
      },
    ],
    shipping_address_collection: { allowed_countries: [...SHIPPING_COUNTRIES] },
    // Payment mode only creates a Customer when asked; later orders reuse it so invoices and cards stay together.
    ...(request.customerId ? {} : { customer_creation: 'always' }),
    payment_intent_data: { metadata: ours },
    // A card order gets an invoice too, so it shows with a PDF on the billing page beside the plan's.
    invoice_creation: { enabled: true },
  };
};

/** A setup-mode session for the customer: it saves a card and charges nothing (the app then makes it the default). */
export const cardSetupParams = (request: CardSetupRequest): SessionParams => ({
  mode: 'setup',
  customer: request.customerId,
  // Stripe needs a currency in setup mode to offer the payment methods that suit it.
  currency: CURRENCY,
  metadata: { accountId: request.accountId, kind: 'card-setup' },
  setup_intent_data: { metadata: { accountId: request.accountId } },
  success_url: request.successUrl,
  cancel_url: request.cancelUrl,
});
