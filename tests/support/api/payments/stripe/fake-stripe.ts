import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type FormObject, formRecord, formText, parseForm } from '../../../../../stripe-simulator/form';
import {
  type CardInput,
  cardPaymentMethod,
  customerObject,
  DAY,
  DEFAULT_SHIPPING,
  deletedCustomer,
  type EventObject,
  eventEnvelope,
  invoiceObject,
  type ShippingInput,
  stripeError,
  stripeId,
  subscriptionObject,
  unixNow,
} from './fake-stripe-objects';
import { type FakeStore, type Reply, route } from './fake-stripe-routes';

/**
 * Test support: a Stripe API on 127.0.0.1 that the real SDK talks to, plus the webhook events a real account would
 * send as things happen. Not a test file itself.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey: string | null;
};

type Remembered = { fingerprint: string; reply: Reply };

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startFakeStripe = async () => {
  const store: FakeStore = {
    sessions: new Map(),
    sessionParams: new Map(),
    subscriptions: new Map(),
    customers: new Map(),
    paymentMethods: new Map(),
    invoices: new Map(),
  };
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, Remembered>();

  const answer = (
    method: string,
    path: string,
    params: FormObject,
    key: string | null,
  ): Reply & { replayed?: true } => {
    if (!key || method === 'GET') return route(store, method, path, params);
    const fingerprint = JSON.stringify([method, path, params]);
    const earlier = idempotent.get(key);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with.`;
        return { status: 400, body: stripeError('idempotency_error', message) };
      }
      return { ...earlier.reply, replayed: true };
    }
    // Serialised at once: a replay answers with the object as it was, not as it is now.
    const reply = route(store, method, path, params);
    const frozen = { status: reply.status, body: JSON.parse(JSON.stringify(reply.body)) };
    if (reply.status < 500) idempotent.set(key, { fingerprint, reply: frozen });
    return frozen;
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(request);
    const params = { ...parseForm(url.search.slice(1)), ...parseForm(body) };
    const method = request.method ?? 'GET';
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : null;
    requests.push({ method, path: url.pathname, params, idempotencyKey });

    const authorised = request.headers.authorization?.startsWith('Bearer sk_');
    const reply = authorised
      ? answer(method, url.pathname, params, idempotencyKey)
      : { status: 401, body: stripeError('invalid_request_error', 'Invalid API Key provided.') };
    response.writeHead(reply.status, {
      'content-type': 'application/json',
      'request-id': stripeId('req'),
      ...('replayed' in reply ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(reply.body));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const addCustomer = (fields: { email?: string; name?: string } = {}) => {
    const customer = customerObject({ email: fields.email ?? 'dana@example.com', name: fields.name ?? null });
    store.customers.set(customer.id, customer);
    return customer;
  };

  const addPaymentMethod = (
    customerId: string,
    card: CardInput = {},
    options: { isDefault?: boolean } = {},
  ) => {
    const method = cardPaymentMethod(customerId, card);
    store.paymentMethods.set(method.id, method);
    const customer = store.customers.get(customerId);
    if (options.isDefault && customer && !customer.deleted) {
      customer.invoice_settings.default_payment_method = method.id;
    }
    return method;
  };

  const addInvoice = (customerId: string, fields: Partial<Parameters<typeof invoiceObject>[0]> = {}) => {
    const invoice = invoiceObject({
      customerId,
      subscription: null,
      amount: 2495,
      currency: 'gbp',
      ...fields,
    });
    store.invoices.set(invoice.id, invoice);
    return invoice;
  };

  const deleteCustomer = (customerId: string) => store.customers.set(customerId, deletedCustomer(customerId));

  const customerFor = (session: Stripe.Checkout.Session, name: string | null): Stripe.Customer => {
    const existing = typeof session.customer === 'string' ? store.customers.get(session.customer) : undefined;
    if (existing && !existing.deleted) return existing;
    return addCustomer({ email: session.customer_email ?? 'dana@example.com', ...(name ? { name } : {}) });
  };

  const trialEndFor = (params: FormObject): number | null => {
    const end = formText(params, 'subscription_data', 'trial_end');
    if (end) return Number(end);
    const days = formText(params, 'subscription_data', 'trial_period_days');
    return days ? unixNow() + Number(days) * DAY : null;
  };

  /**
   * The customer pays (or starts a trial) on Stripe's page. Returns the events Stripe would then send, in the
   * order it usually sends them; a real account doesn't promise any order.
   */
  const completeCheckout = (
    sessionId: string,
    options: { shipping?: ShippingInput; cardLast4?: string } = {},
  ): Stripe.Event[] => {
    const session = store.sessions.get(sessionId);
    const params = store.sessionParams.get(sessionId);
    if (!session || !params) throw new Error(`Fake Stripe has no checkout session ${sessionId}.`);
    if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}.`);

    const collectsShipping = session.shipping_address_collection !== null || options.shipping !== undefined;
    const shipping = collectsShipping ? (options.shipping ?? DEFAULT_SHIPPING) : null;
    const customer = customerFor(session, shipping?.name ?? null);
    const card = addPaymentMethod(customer.id, options.cardLast4 ? { last4: options.cardLast4 } : {});
    const currency = session.currency ?? 'gbp';

    session.status = 'complete';
    session.customer = customer.id;
    session.customer_details = {
      address: shipping?.address ?? null,
      business_name: null,
      email: customer.email,
      individual_name: null,
      name: shipping?.name ?? customer.name ?? null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    session.collected_information = shipping
      ? { business_name: null, individual_name: null, shipping_details: shipping }
      : null;

    if (session.mode !== 'subscription') {
      session.payment_status = 'paid';
      session.payment_intent = stripeId('pi');
      return [eventEnvelope('checkout.session.completed', session)];
    }

    const trialEnd = trialEndFor(params);
    const amount = trialEnd ? 0 : (session.amount_total ?? 0);
    const subscription = subscriptionObject({
      customerId: customer.id,
      paymentMethodId: card.id,
      unitAmount: Number(formText(params, 'line_items', 0, 'price_data', 'unit_amount') ?? 0),
      currency,
      trialEnd,
      metadata: formRecord(params, 'subscription_data', 'metadata'),
    });
    store.subscriptions.set(subscription.id, subscription);
    const invoice = addInvoice(customer.id, { subscription, amount, currency });
    subscription.latest_invoice = invoice.id;

    session.subscription = subscription.id;
    session.invoice = invoice.id;
    session.amount_total = amount;
    session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
    return [
      eventEnvelope('checkout.session.completed', session),
      eventEnvelope('customer.subscription.created', subscription),
      eventEnvelope('invoice.paid', invoice),
    ];
  };

  /** Changes a subscription as Stripe would (a renewal, a failed payment, the end of a trial) and returns the event. */
  const updateSubscription = (
    subscriptionId: string,
    patch: Partial<Stripe.Subscription> & { current_period_start?: number; current_period_end?: number },
  ): Stripe.Event => {
    const subscription = store.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`Fake Stripe has no subscription ${subscriptionId}.`);
    const { current_period_start, current_period_end, ...fields } = patch;
    const previous = Object.fromEntries(
      Object.keys(fields).map((key) => [
        key,
        structuredClone(subscription[key as keyof Stripe.Subscription]),
      ]),
    );
    Object.assign(subscription, fields);
    const item = subscription.items.data[0];
    if (item && current_period_start !== undefined) item.current_period_start = current_period_start;
    if (item && current_period_end !== undefined) item.current_period_end = current_period_end;
    const type =
      subscription.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated';
    return eventEnvelope(type, subscription, previous);
  };

  const eventFor = (type: string, object: EventObject): Stripe.Event => eventEnvelope(type, object);

  /** A `Stripe-Signature` header for any body; `timestamp` (unix seconds) ages it. */
  const signature = (body: string, secret: string, options: { timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret, ...options });

  /** The body and `Stripe-Signature` header Stripe would post for an event. */
  const signedRequest = (event: Stripe.Event, secret: string, options: { timestamp?: number } = {}) => {
    const body = JSON.stringify(event, null, 2);
    return { body, signature: signature(body, secret, options) };
  };

  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  };

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http' as const,
    store,
    requests,
    addCustomer,
    addPaymentMethod,
    addInvoice,
    deleteCustomer,
    completeCheckout,
    updateSubscription,
    eventFor,
    signature,
    signedRequest,
    close,
  };
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
