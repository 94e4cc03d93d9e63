import type Stripe from 'stripe';
import { type FormObject, formList, formText } from '../../../../../stripe-simulator/form';
import { deletedCustomer, sessionFromParams, stripeError, unixNow } from './fake-stripe-objects';

/**
 * Test support: the endpoints our Stripe provider calls, answered from an in-memory store with Stripe's status codes
 * and error bodies. The checks mirror rules the real API enforces, so a wrong request fails here as it would there.
 */

export type FakeStore = {
  sessions: Map<string, Stripe.Checkout.Session>;
  /** The parameters each session was created with, which Stripe keeps but doesn't return. */
  sessionParams: Map<string, FormObject>;
  subscriptions: Map<string, Stripe.Subscription>;
  customers: Map<string, Stripe.Customer | Stripe.DeletedCustomer>;
  paymentMethods: Map<string, Stripe.PaymentMethod>;
  invoices: Map<string, Stripe.Invoice>;
};

export type Reply = { status: number; body: unknown };

const ok = (body: unknown): Reply => ({ status: 200, body });
const invalid = (message: string, code?: string): Reply => ({
  status: 400,
  body: stripeError('invalid_request_error', message, code),
});
const missing = (kind: string, id: string): Reply => ({
  status: 404,
  body: stripeError('invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing'),
});

const list = <T>(url: string, items: T[], limit: string | null): Reply => {
  const max = Math.min(Number(limit ?? 10), 100);
  return ok({ object: 'list', url, has_more: items.length > max, data: items.slice(0, max) });
};

/** Lists come newest first, as Stripe's do; within one second, the later insertion counts as newer. */
const newestFirst = <T extends { created: number }>(items: Iterable<T>) =>
  [...items].reverse().sort((a, b) => b.created - a.created);

const checkoutProblem = (store: FakeStore, params: FormObject): Reply | null => {
  const mode = formText(params, 'mode');
  if (mode !== 'payment' && mode !== 'subscription')
    return invalid('Invalid mode.', 'parameter_invalid_empty');
  if (!formText(params, 'success_url'))
    return invalid('Missing required param: success_url.', 'parameter_missing');
  const items = formList(params, 'line_items');
  if (items.length === 0) return invalid('Missing required param: line_items.', 'parameter_missing');
  const customer = formText(params, 'customer');
  if (customer && formText(params, 'customer_email')) {
    return invalid('You may only specify one of these parameters: customer, customer_email.');
  }
  if (customer && !store.customers.has(customer))
    return invalid(`No such customer: '${customer}'`, 'resource_missing');
  if (formText(params, 'customer_creation') && (mode !== 'payment' || customer)) {
    return invalid('customer_creation can only be used in payment mode without a customer.');
  }
  const recurring = items.some((item) => formText(item, 'price_data', 'recurring', 'interval') !== null);
  if (mode === 'subscription' && !recurring) return invalid('Subscription mode needs a recurring price.');
  if (mode === 'payment' && recurring) return invalid('Payment mode cannot use a recurring price.');
  if (mode === 'payment' && params.subscription_data)
    return invalid('subscription_data is for subscription mode.');
  if (mode === 'subscription' && params.payment_intent_data) {
    return invalid('payment_intent_data is for payment mode.');
  }
  if (
    formText(params, 'subscription_data', 'trial_end') &&
    formText(params, 'subscription_data', 'trial_period_days')
  ) {
    return invalid('You may only specify one of trial_end and trial_period_days.');
  }
  return null;
};

const updateSubscription = (subscription: Stripe.Subscription, params: FormObject): Reply => {
  const cancel = formText(params, 'cancel_at_period_end');
  if (cancel !== null) {
    if (subscription.status === 'canceled') {
      return invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const atPeriodEnd = cancel === 'true';
    subscription.cancel_at_period_end = atPeriodEnd;
    subscription.cancel_at = atPeriodEnd ? (subscription.items.data[0]?.current_period_end ?? null) : null;
    subscription.canceled_at = atPeriodEnd ? unixNow() : null;
  }
  return ok(subscription);
};

const cancelSubscription = (subscription: Stripe.Subscription): Reply => {
  if (subscription.status === 'canceled') return invalid('This subscription has already been canceled.');
  const now = unixNow();
  subscription.status = 'canceled';
  subscription.canceled_at = now;
  subscription.ended_at = now;
  return ok(subscription);
};

const customerView = (store: FakeStore, id: string, params: FormObject): Reply => {
  const customer = store.customers.get(id);
  if (!customer) return missing('customer', id);
  if (customer.deleted || !formList(params, 'expand').includes('invoice_settings.default_payment_method')) {
    return ok(customer);
  }
  const methodId = customer.invoice_settings.default_payment_method;
  const method = typeof methodId === 'string' ? (store.paymentMethods.get(methodId) ?? methodId) : methodId;
  return ok({
    ...customer,
    invoice_settings: { ...customer.invoice_settings, default_payment_method: method },
  });
};

const one = (pattern: RegExp, path: string): string | null => pattern.exec(path)?.[1] ?? null;

/** Answers one request; `path` has no query string, `params` merges query and body. */
export const route = (store: FakeStore, method: string, path: string, params: FormObject): Reply => {
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const problem = checkoutProblem(store, params);
    if (problem) return problem;
    const session = sessionFromParams(params);
    store.sessions.set(session.id, session);
    store.sessionParams.set(session.id, params);
    return ok(session);
  }

  const sessionId = one(/^\/v1\/checkout\/sessions\/([^/]+)$/, path);
  if (method === 'GET' && sessionId) {
    const session = store.sessions.get(sessionId);
    return session ? ok(session) : missing('checkout.session', sessionId);
  }

  const subscriptionId = one(/^\/v1\/subscriptions\/([^/]+)$/, path);
  if (subscriptionId) {
    const subscription = store.subscriptions.get(subscriptionId);
    if (!subscription) return missing('subscription', subscriptionId);
    if (method === 'GET') return ok(subscription);
    if (method === 'POST') return updateSubscription(subscription, params);
    if (method === 'DELETE') return cancelSubscription(subscription);
  }

  const customerId = one(/^\/v1\/customers\/([^/]+)$/, path);
  if (method === 'GET' && customerId) return customerView(store, customerId, params);
  if (method === 'DELETE' && customerId) {
    const customer = store.customers.get(customerId);
    if (!customer || customer.deleted) return missing('customer', customerId);
    const deleted = deletedCustomer(customerId);
    store.customers.set(customerId, deleted);
    return ok(deleted);
  }

  if (method === 'GET' && path === '/v1/payment_methods') {
    const customer = formText(params, 'customer');
    const type = formText(params, 'type');
    const methods = newestFirst(store.paymentMethods.values()).filter(
      (pm) => (!customer || pm.customer === customer) && (!type || pm.type === type),
    );
    return list(path, methods, formText(params, 'limit'));
  }

  if (method === 'GET' && path === '/v1/invoices') {
    const customer = formText(params, 'customer');
    const invoices = newestFirst(store.invoices.values()).filter(
      (inv) => !customer || inv.customer === customer,
    );
    return list(path, invoices, formText(params, 'limit'));
  }

  return {
    status: 404,
    body: stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`),
  };
};
