/**
 * What the rest of the app knows about a payment provider: the Stripe adapter, against Stripe or (PAYMENTS=local)
 * the built-in Stripe simulator. What happened arrives as signed webhooks, parsed into `PaymentEvent`s, which one
 * handler turns into domain events.
 *
 * Times are ISO strings, amounts integer minor units (pence).
 */

import type { SubscriptionStatus } from '../../events/subscription/events';

export type { SubscriptionStatus };

export type SubscriptionFacts = {
  /** The provider's subscription id (Stripe `sub_…`). */
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  /** How many of the plan it pays for (its first item's quantity): 1 for one tradesperson, a firm's members. */
  quantity: number;
  trialEnd: string | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** When a cancellation was last asked for (also set by cancel_at_period_end), as Stripe's `canceled_at`. */
  canceledAt: string | null;
  endedAt: string | null;
  /** Our order id and account id, carried in the provider's metadata. */
  orderId: string | null;
  accountId: string | null;
};

export type PostalAddress = {
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postal_code: string;
  country: string;
};

export type CheckoutFacts = {
  /** The provider's checkout session id (Stripe `cs_…`). */
  id: string;
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  orderId: string | null;
  accountId: string | null;
  customerId: string | null;
  customerEmail: string | null;
  customerName: string | null;
  amountTotal: number | null;
  currency: string | null;
  quantity: number | null;
  subscriptionId: string | null;
  paymentIntentId: string | null;
  shipping: { name: string; address: PostalAddress } | null;
};

export type InvoiceFacts = {
  id: string;
  number: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  amountPaid: number;
  amountDue: number;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  created: string;
  /** A link the customer can open to download the invoice or receipt. */
  pdfUrl: string | null;
  /** Why it was raised: `subscription_create` is the one paid at checkout, `subscription_cycle` a renewal. */
  billingReason: string | null;
  /** When the provider next tries to collect an unpaid invoice; null when it won't try again. */
  nextPaymentAttempt: string | null;
};

/**
 * Everything a provider can tell us. `id` is the provider's event id: a second delivery of the same id changes
 * nothing. Subscription and invoice events name the subscription; the handler then reads its current state from
 * the provider, so deliveries that arrive out of order still end in the provider's latest state.
 */
export type PaymentEvent =
  | { id: string; type: 'checkout.completed'; session: CheckoutFacts }
  | { id: string; type: 'checkout.expired'; session: CheckoutFacts }
  | { id: string; type: 'checkout.payment_failed'; session: CheckoutFacts }
  | { id: string; type: 'subscription.changed'; subscription: SubscriptionFacts }
  | { id: string; type: 'invoice.paid'; invoice: InvoiceFacts }
  | { id: string; type: 'invoice.payment_failed'; invoice: InvoiceFacts }
  /** A setup checkout saved a card (issue 14: replacing the one a plan charges). */
  | { id: string; type: 'card.saved'; sessionId: string; customerId: string | null }
  /** Delivered but of no interest (Stripe sends many types); acknowledged and recorded as seen. */
  | { id: string; type: 'ignored'; providerType: string };

export type CheckoutRequest = {
  kind: 'subscription' | 'card';
  /** Our order id, sent as metadata and client_reference_id so every later event finds the order. */
  orderId: string;
  accountId: string;
  email: string;
  /** Reuse the provider's customer from an earlier order, so payment methods and invoices stay together. */
  customerId: string | null;
  /** Cards: 1–50. Subscriptions: 1 for one tradesperson, or a firm's number of members (1–500). */
  quantity: number;
  /** Subscriptions only: a free trial ending at a set time, lasting some days, or none. */
  trial: { endsAt: string } | { days: number } | null;
  /** Absolute; contains the literal `{CHECKOUT_SESSION_ID}`, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};

/** A checkout that only saves a card (Stripe's setup mode), to replace the one the customer's plan charges. */
export type CardSetupRequest = {
  customerId: string;
  accountId: string;
  /** Absolute; contains the literal `{CHECKOUT_SESSION_ID}`, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};

/**
 * What using a saved card came to: `unknown` when the session is not this customer's setup, `not-complete` while
 * nothing was saved, else whether the open invoice the old card left was paid with it (`none` when there was none).
 */
export type CardReplaced =
  | { outcome: 'unknown' }
  | { outcome: 'not-complete' }
  | { outcome: 'replaced'; openInvoice: 'none' | 'paid' | 'declined' };

/**
 * How an invoice stands for the customer, read from Stripe's status and amounts together: `paid`; `due` while it is
 * open (the retries, or a new card, may still pay it); `failed` once the provider has given up on it
 * (uncollectible); `refunded` when credit notes gave back what was paid; `void` when nothing is owed after all.
 */
export const INVOICE_STATES = ['paid', 'due', 'failed', 'refunded', 'void'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export type BillingInvoice = {
  id: string;
  date: string;
  number: string | null;
  status: InvoiceState;
  /** What the row states for its status: the amount paid, still due, refunded, or (void) what was billed. */
  amount: number;
  amountDue: number;
  amountPaid: number;
  currency: string;
  /** The provider's own copy: Stripe's PDF, or the simulator's receipt page. */
  pdf: string | null;
};

export type BillingFacts = {
  paymentMethod: { card: { brand: string; last4: string; exp_month: number; exp_year: number } } | null;
  invoices: BillingInvoice[];
};

export type InvoiceLine = {
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  /** The time a plan's line pays for; null for a one-off (a card order). */
  period: { start: string; end: string } | null;
};

/** Everything an invoice document shows, as the provider's books hold it. */
export type InvoiceDocument = {
  id: string;
  number: string | null;
  status: InvoiceState;
  created: string;
  paidAt: string | null;
  currency: string;
  customerId: string | null;
  customer: { name: string | null; email: string | null; address: PostalAddress | null };
  lines: InvoiceLine[];
  /** The invoice's total, tax included; `amountDue` is what is charged after any credit. */
  total: number;
  amountDue: number;
  amountPaid: number;
  amountRemaining: number;
  amountRefunded: number;
  /** Tax the provider calculated (Stripe Tax or tax rates); null when it calculated none. */
  tax: number | null;
  /** Made in test mode (always, on the simulator): no money changed hands. */
  testMode: boolean;
};

/** Giving a card payment back (issue 28: a deleted account's unshipped cards), whole. */
export type RefundRequest = {
  /** What the payment was taken as (Stripe `pi_…`, recorded on `CardOrderPaid`). */
  paymentIntentId: string;
  /** Pence: the whole payment. */
  amount: number;
  orderId: string;
  /** One per order: however often the deletion is tried, the payment is refunded once. */
  idempotencyKey: string;
};

export type RefundFacts = { id: string; amount: number; currency: string };

export interface PaymentProvider {
  /** Recorded on each order: Stripe's books, or the simulator's (PAYMENTS=local). */
  readonly name: 'stripe' | 'simulator';
  /** Stripe.js publishable key; null on the simulator. The site's checkout is a plain redirect either way. */
  readonly publishableKey: string | null;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** null when the provider doesn't know the session. */
  retrieveCheckout(sessionId: string): Promise<CheckoutFacts | null>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionFacts | null>;
  cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<SubscriptionFacts>;
  /** Undoes cancelAtPeriodEnd while the period still runs: the plan renews as before. */
  resume(subscriptionId: string, idempotencyKey: string): Promise<SubscriptionFacts>;
  /**
   * Changes the plan's quantity, prorated: the difference for the rest of the period is billed on the next invoice
   * (nothing while trialing).
   */
  setQuantity(subscriptionId: string, quantity: number, idempotencyKey: string): Promise<SubscriptionFacts>;
  /** Ends at once, without refund: used when an account is deleted. */
  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<SubscriptionFacts>;
  billing(customerId: string): Promise<BillingFacts>;
  /** One finalised invoice in full, for its document; null when the provider has no such invoice, or a draft. */
  retrieveInvoice(invoiceId: string): Promise<InvoiceDocument | null>;
  createCardSetup(request: CardSetupRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * After a setup checkout: its card becomes the customer's invoice default and the given subscriptions' card, and
   * a subscription left past due by the old card has its open invoice paid with the new one.
   */
  applySetupCard(sessionId: string, customerId: string, subscriptionIds: string[]): Promise<CardReplaced>;
  /**
   * Erasure: the provider forgets the customer's personal data (Stripe deletes the customer; invoices and payments
   * stay in its books). Run after the customer's subscriptions have ended.
   */
  forgetCustomer(customerId: string): Promise<void>;
  /** Gives a payment back; the same key, or a payment already given back for this order, answers that refund. */
  refund(request: RefundRequest): Promise<RefundFacts>;
  /** Checks a webhook's signature on the exact bytes received; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
}

/** A webhook body whose signature doesn't verify: answered 400, nothing recorded. */
export class WebhookSignatureError extends Error {
  constructor(message = 'Webhook signature verification failed.') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}
