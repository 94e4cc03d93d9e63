import Stripe from 'stripe';
import type { BillingFacts, CardReplaced, PaymentProvider, SubscriptionFacts } from '../provider';
import { WebhookSignatureError } from '../provider';
import { billingInvoice } from './billing-invoice';
import { cardSetupParams, checkoutParams } from './checkout';
import { paymentEventFrom } from './events';
import { billingPaymentMethod, checkoutFacts, idOf, subscriptionFacts } from './facts';
import { invoiceDocument } from './invoice-document';
import { refundPayment } from './refunds';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** null on the simulator, which needs none. */
  publishableKey: string | null;
  /** Where the API lives when it is not Stripe's: the built-in simulator (PAYMENTS=local). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** The books orders are recorded against; `simulator` when `api` is the simulator. */
  name?: PaymentProvider['name'];
};

export type StripeProvider = PaymentProvider;

/** Stripe has no record of the object: for a retrieve, that is an answer (null) rather than a failure. */
const isMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeError &&
  (error.statusCode === 404 || error.code === 'resource_missing');

const nullIfMissing = async <T>(request: Promise<T>): Promise<T | null> => {
  try {
    return await request;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
};

const isEventShaped = (value: unknown): value is Stripe.Event => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, type, data } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof type === 'string' &&
    typeof data === 'object' &&
    data !== null &&
    typeof (data as Record<string, unknown>).object === 'object'
  );
};

/** Still retrying the payment, or given up on it with the plan kept (unpaid): paying its open invoice revives it. */
const WAITING_FOR_PAYMENT: Stripe.Subscription.Status[] = ['past_due', 'unpaid'];

const noBilling = (): BillingFacts => ({ paymentMethod: null, invoices: [] });

export const createStripeProvider = (options: StripeProviderOptions): StripeProvider => {
  // Picked field by field: the SDK rejects unknown config keys, and a structurally typed `api` may carry more.
  const api = options.api && {
    host: options.api.host,
    port: options.api.port,
    protocol: options.api.protocol,
  };
  const stripe = new Stripe(options.secretKey, { ...api, maxNetworkRetries: 2 });

  const cardOnFile = async (customer: Stripe.Customer): Promise<BillingFacts['paymentMethod']> => {
    const preferred = billingPaymentMethod(customer.invoice_settings.default_payment_method);
    if (preferred) return preferred;
    // Checkout attaches the card to the customer without making it the default, so the default is often unset.
    const cards = await stripe.paymentMethods.list({ customer: customer.id, type: 'card', limit: 1 });
    return billingPaymentMethod(cards.data[0]);
  };

  const invoiceHistory = async (customerId: string): Promise<BillingFacts['invoices']> => {
    const invoices = await stripe.invoices.list({ customer: customerId, limit: 24 });
    return invoices.data.flatMap((invoice) => billingInvoice(invoice) ?? []);
  };

  const payNow = async (invoiceId: string, sessionId: string): Promise<'paid' | 'declined'> => {
    try {
      await stripe.invoices.pay(invoiceId, {}, { idempotencyKey: `pay-${invoiceId}-${sessionId}` });
      return 'paid';
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) return 'declined';
      throw error;
    }
  };

  /**
   * A replayed create answers the session as it was when first made, open; whether it still is, only a retrieve
   * tells. A fresh one is open.
   */
  const stillOpen = async (session: Stripe.Response<Stripe.Checkout.Session>) =>
    session.lastResponse.headers['idempotent-replayed'] !== 'true' ||
    (await stripe.checkout.sessions.retrieve(session.id)).status === 'open';

  return {
    name: options.name ?? 'stripe',
    publishableKey: options.publishableKey,

    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(checkoutParams(request), {
        idempotencyKey: request.idempotencyKey,
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL.`);
      return { sessionId: session.id, url: session.url };
    },

    async retrieveCheckout(sessionId) {
      const session = await nullIfMissing(stripe.checkout.sessions.retrieve(sessionId));
      return session && checkoutFacts(session);
    },

    async retrieveSubscription(subscriptionId) {
      const subscription = await nullIfMissing(stripe.subscriptions.retrieve(subscriptionId));
      return subscription && subscriptionFacts(subscription);
    },

    async cancelAtPeriodEnd(subscriptionId, idempotencyKey): Promise<SubscriptionFacts> {
      const subscription = await stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey },
      );
      return subscriptionFacts(subscription);
    },

    async resume(subscriptionId, idempotencyKey): Promise<SubscriptionFacts> {
      const subscription = await stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: false },
        { idempotencyKey },
      );
      return subscriptionFacts(subscription);
    },

    async setQuantity(subscriptionId, quantity, idempotencyKey): Promise<SubscriptionFacts> {
      // Stripe changes an item's quantity, not the subscription's: the item's id comes from the subscription.
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const itemId = current.items.data[0]?.id;
      if (!itemId)
        throw new Error(`Stripe subscription ${subscriptionId} has no item to set the quantity of.`);
      const subscription = await stripe.subscriptions.update(
        subscriptionId,
        { items: [{ id: itemId, quantity }], proration_behavior: 'create_prorations' },
        { idempotencyKey },
      );
      return subscriptionFacts(subscription);
    },

    async cancelNow(subscriptionId, idempotencyKey): Promise<SubscriptionFacts> {
      const subscription = await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
      return subscriptionFacts(subscription);
    },

    async billing(customerId) {
      const customer = await nullIfMissing(
        stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] }),
      );
      // A customer removed in the dashboard leaves nothing to show, which is not an error for the account page.
      if (customer === null || customer.deleted) return noBilling();
      const [paymentMethod, invoices] = await Promise.all([
        cardOnFile(customer),
        invoiceHistory(customer.id),
      ]);
      return { paymentMethod, invoices };
    },

    async retrieveInvoice(invoiceId) {
      const invoice = await nullIfMissing(stripe.invoices.retrieve(invoiceId));
      return invoice && invoiceDocument(invoice);
    },

    async createCardSetup(request) {
      let idempotencyKey = request.idempotencyKey;
      for (;;) {
        const session = await stripe.checkout.sessions.create(cardSetupParams(request), { idempotencyKey });
        if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL.`);
        if (await stillOpen(session)) return { sessionId: session.id, url: session.url };
        // The key's form was used (or expired) since: a new one, keyed on the spent one so repeats share it too.
        idempotencyKey = `${request.idempotencyKey}-after-${session.id}`;
      }
    },

    async applySetupCard(sessionId, customerId, subscriptionIds): Promise<CardReplaced> {
      const session = await nullIfMissing(stripe.checkout.sessions.retrieve(sessionId));
      if (session?.mode !== 'setup' || idOf(session.customer) !== customerId) return { outcome: 'unknown' };
      const intentId = idOf(session.setup_intent);
      const intent = intentId ? await stripe.setupIntents.retrieve(intentId) : null;
      const card = idOf(intent?.payment_method ?? null);
      if (session.status !== 'complete' || intent?.status !== 'succeeded' || !card)
        return { outcome: 'not-complete' };
      // Checkout saves the card without making it the default; invoices charge the default from now on.
      await stripe.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: card } },
        { idempotencyKey: `default-card-${sessionId}` },
      );
      let openInvoice: 'none' | 'paid' | 'declined' = 'none';
      for (const subscriptionId of subscriptionIds) {
        // A subscription from Checkout names its own card, which would otherwise win over the customer's default.
        const subscription = await stripe.subscriptions.update(
          subscriptionId,
          { default_payment_method: card },
          { idempotencyKey: `card-${subscriptionId}-${sessionId}` },
        );
        const invoiceId = idOf(subscription.latest_invoice);
        if (!WAITING_FOR_PAYMENT.includes(subscription.status) || !invoiceId) continue;
        // Stripe would wait for its next scheduled retry; the customer who just gave a card expects it charged now.
        openInvoice = await payNow(invoiceId, sessionId);
      }
      return { outcome: 'replaced', openInvoice };
    },

    async forgetCustomer(customerId) {
      // Already gone (deleted in the dashboard) is what we wanted.
      await nullIfMissing(stripe.customers.del(customerId));
    },

    refund: (request) => refundPayment(stripe, request),

    parseWebhook(rawBody, signature) {
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch {
        // The SDK's reasons (no header, bad signature, stale timestamp, unparsable body) all mean the same to us.
        throw new WebhookSignatureError();
      }
      if (!isEventShaped(event)) throw new WebhookSignatureError('Webhook body is not a Stripe event.');
      return paymentEventFrom(event);
    },
  };
};
