import type { SimulatorContext } from './context';
import { invalid, missing } from './errors';
import { type FormObject, formList, formRecord, formText } from './form';
import { newSessionId } from './ids';
import type { Customer, Session } from './objects';
import { findObject, insertObject, saveObject } from './store';
import { DAY } from './time';
import { recordEvent } from './webhooks';

/** What Stripe keeps of a session's parameters without returning them. */
export type SessionInternal = {
  productName: string;
  unitAmount: number;
  quantity: number;
  trial: { days: number } | { end: number } | null;
  subscriptionMetadata: Record<string, string>;
};

/** Stripe's default: a checkout left open for a day expires. */
export const SESSION_LIFETIME = DAY;
/** The most members a firm's plan is sold for. */
export const MAX_PLAN_QUANTITY = 500;
/** Stripe's own limit on trial_period_days. */
const MAX_TRIAL_DAYS = 730;

const whole = (raw: string | null, name: string, min: number, max: number): number => {
  const value = Number(raw);
  if (raw === null || !Number.isInteger(value) || value < min || value > max)
    throw invalid(`Invalid integer: ${name} must be from ${min} to ${max}.`, 'parameter_invalid_integer');
  return value;
};

function httpUrl(params: FormObject, name: string): string {
  const value = formText(params, name);
  if (!value) throw invalid(`Missing required param: ${name}.`, 'parameter_missing');
  const protocol = URL.canParse(value) ? new URL(value).protocol : '';
  if (protocol !== 'http:' && protocol !== 'https:') throw invalid(`Not a valid URL: ${name}`, 'url_invalid');
  return value;
}

function trialOf(params: FormObject): SessionInternal['trial'] {
  const end = formText(params, 'subscription_data', 'trial_end');
  const days = formText(params, 'subscription_data', 'trial_period_days');
  if (end && days)
    throw invalid('You may only specify one of these parameters: trial_end, trial_period_days.');
  if (days) return { days: whole(days, 'subscription_data[trial_period_days]', 1, MAX_TRIAL_DAYS) };
  if (end) return { end: whole(end, 'subscription_data[trial_end]', 0, Number.MAX_SAFE_INTEGER) };
  return null;
}

/** The rules of Stripe's API that a wrong request from the app would break, so it fails here as it would there. */
function checkMode(params: FormObject, mode: string) {
  const items = formList(params, 'line_items');
  if (mode === 'setup') {
    if (items.length > 0) throw invalid('line_items cannot be used in setup mode.');
    return;
  }
  if (items.length !== 1) throw invalid('The simulator sells exactly one line item a session.');
  const recurring = formText(items[0], 'price_data', 'recurring', 'interval') !== null;
  if (mode === 'subscription' && !recurring) throw invalid('Subscription mode needs a recurring price.');
  if (mode === 'payment' && recurring) throw invalid('Payment mode cannot use a recurring price.');
  if (mode !== 'subscription' && params.subscription_data)
    throw invalid('subscription_data is only for subscription mode.');
  if (mode !== 'payment' && (params.payment_intent_data || params.invoice_creation))
    throw invalid('payment_intent_data and invoice_creation are only for payment mode.');
  if (formText(params, 'customer_creation') && (mode !== 'payment' || formText(params, 'customer')))
    throw invalid('customer_creation can only be used in payment mode without a customer.');
}

export async function createSession(ctx: SimulatorContext, params: FormObject): Promise<Session> {
  const mode = formText(params, 'mode');
  if (mode !== 'payment' && mode !== 'subscription' && mode !== 'setup')
    throw invalid('Invalid mode: must be one of payment, setup or subscription.', 'parameter_invalid_empty');
  checkMode(params, mode);
  const customerId = formText(params, 'customer');
  const customerEmail = formText(params, 'customer_email');
  if (customerId && customerEmail)
    throw invalid('You may only specify one of these parameters: customer, customer_email.');
  const customer = customerId ? await findObject<Customer>(ctx.db, 'customer', customerId) : null;
  if (customerId && (!customer || customer.data.deleted))
    throw invalid(`No such customer: '${customerId}'`, 'resource_missing');

  const item = formList(params, 'line_items')[0];
  const unitAmount = item
    ? whole(formText(item, 'price_data', 'unit_amount'), 'unit_amount', 0, 99_999_999)
    : 0;
  // A plan is one a tradesperson, or one a member of a firm; card orders keep Stripe's own bound.
  const maxQuantity = mode === 'subscription' ? MAX_PLAN_QUANTITY : 999;
  const quantity = item
    ? whole(formText(item, 'quantity') ?? '1', 'line_items[0][quantity]', 1, maxQuantity)
    : 0;
  const trial = trialOf(params);
  const created = ctx.now();
  // A trial end already past is no trial, so the first month is charged at checkout.
  const freeToday = trial !== null && ('days' in trial || trial.end > created);
  const amount = freeToday ? 0 : unitAmount * quantity;
  const id = newSessionId();
  const countries = formList(params, 'shipping_address_collection', 'allowed_countries');
  const session = {
    id,
    object: 'checkout.session',
    mode,
    status: 'open',
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    amount_subtotal: unitAmount * quantity,
    amount_total: amount,
    currency: item ? formText(item, 'price_data', 'currency') : formText(params, 'currency'),
    client_reference_id: formText(params, 'client_reference_id'),
    customer: customerId,
    customer_creation: formText(params, 'customer_creation'),
    customer_details: null,
    customer_email: customerEmail ?? customer?.data.email ?? null,
    collected_information: null,
    metadata: formRecord(params, 'metadata'),
    created,
    expires_at: created + SESSION_LIFETIME,
    livemode: false,
    invoice: null,
    payment_intent: null,
    setup_intent: null,
    subscription: null,
    shipping_address_collection: countries.length > 0 ? { allowed_countries: countries } : null,
    success_url: httpUrl(params, 'success_url'),
    cancel_url: params.cancel_url === undefined ? null : httpUrl(params, 'cancel_url'),
    url: `${ctx.publicBaseUrl}/checkout/${id}`,
  } as unknown as Session;
  const internal: SessionInternal = {
    productName: item ? (formText(item, 'price_data', 'product_data', 'name') ?? '') : '',
    unitAmount,
    quantity,
    trial: freeToday ? trial : null,
    subscriptionMetadata: formRecord(params, 'subscription_data', 'metadata'),
  };
  return insertObject(ctx.db, {
    type: 'checkout.session',
    data: session,
    internal,
    customer: customerId,
    dueAt: session.expires_at,
  });
}

export const findSession = (ctx: SimulatorContext, id: string) =>
  findObject<Session, SessionInternal>(ctx.db, 'checkout.session', id);

/** Expires an open session (the clock at 24 hours, or the API's expire); anything else is left as it is. */
export async function expireSession(ctx: SimulatorContext, id: string, at: number): Promise<Session> {
  return ctx.db.transaction().execute(async (trx) => {
    const stored = await findObject<Session, SessionInternal>(trx, 'checkout.session', id);
    if (!stored) throw missing('checkout.session', id);
    if (stored.data.status !== 'open') return stored.data;
    const expired = { ...stored.data, status: 'expired' as const, url: null };
    await saveObject(trx, expired, { dueAt: null });
    await recordEvent(trx, 'checkout.session.expired', expired, at);
    return expired;
  });
}

/** The success URL with Stripe's template variable filled in. */
export const successUrlOf = (session: Session) =>
  (session.success_url ?? '').split('{CHECKOUT_SESSION_ID}').join(session.id);
