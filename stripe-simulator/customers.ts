import type { SimulatorDb } from './db';
import { invalid, missing } from './errors';
import {
  type Customer,
  cardPaymentMethod,
  customerObject,
  deletedCustomer,
  type PaymentMethod,
} from './objects';
import { findObject, insertObject, saveObject } from './store';

/** Stripe's test cards: 4242 always pays; 0341 can be saved but every charge on it is declined. */
export const TEST_CARDS = {
  '4242': { label: 'Visa ending 4242 — payments succeed', pays: true },
  '0341': { label: 'Visa ending 0341 — payments are declined', pays: false },
} as const;

export type TestCard = keyof typeof TEST_CARDS;

export const isTestCard = (value: string): value is TestCard => Object.hasOwn(TEST_CARDS, value);

/** Whether a charge on the payment method succeeds: only a saved card that pays does. */
export async function chargeSucceeds(db: SimulatorDb, paymentMethodId: string | null): Promise<boolean> {
  if (paymentMethodId === null) return false;
  const method = await findObject<PaymentMethod>(db, 'payment_method', paymentMethodId);
  const last4 = method?.data.card?.last4 ?? '';
  return isTestCard(last4) && TEST_CARDS[last4].pays;
}

/** The customer a checkout names, or a new one when it names none. */
export async function customerFor(
  db: SimulatorDb,
  fields: { customerId: string | null; email: string | null; name: string | null; at: number },
): Promise<Customer> {
  const existing = fields.customerId
    ? await findObject<Customer>(db, 'customer', fields.customerId)
    : undefined;
  if (existing && !existing.data.deleted) return existing.data;
  const customer = customerObject({ email: fields.email, name: fields.name, created: fields.at });
  return insertObject(db, { type: 'customer', data: customer, customer: customer.id });
}

/** Attaches a test card to the customer, as Checkout does (without making it the customer's default). */
export const attachCard = (db: SimulatorDb, customerId: string, card: TestCard, at: number) =>
  insertObject(db, {
    type: 'payment_method',
    data: cardPaymentMethod({ customer: customerId, last4: card, created: at }),
    customer: customerId,
  });

/** The customer's invoice default: the card its subscriptions charge when they name none of their own. */
export async function setDefaultCard(db: SimulatorDb, customerId: string, paymentMethod: string) {
  const customer = await findObject<Customer>(db, 'customer', customerId);
  if (!customer || customer.data.deleted) throw missing('customer', customerId);
  const method = await findObject<PaymentMethod>(db, 'payment_method', paymentMethod);
  if (!method || method.data.customer !== customerId)
    throw invalid(`No such PaymentMethod: '${paymentMethod}'`, 'resource_missing');
  const settings = { ...customer.data.invoice_settings, default_payment_method: paymentMethod };
  return saveObject(db, { ...customer.data, invoice_settings: settings });
}

const ERASED_EMAIL = 'erased@erased.invalid';

/**
 * Stripe's customer deletion, for the simulator's own records: the customer and its cards go, the email, name and
 * address on sessions and invoices go, and receipt links stop working; invoices keep their numbers and amounts.
 * Subscriptions are ended first by the caller, as Stripe cancels them with the customer.
 */
export async function deleteCustomer(db: SimulatorDb, id: string) {
  const customer = await findObject<Customer>(db, 'customer', id);
  if (!customer || customer.data.deleted) throw missing('customer', id);
  const rows = await db
    .selectFrom('objects')
    .select(['id', 'type', 'data'])
    .where('customer', '=', id)
    .where('type', 'in', ['checkout.session', 'invoice'])
    .execute();
  for (const row of rows) {
    const data = JSON.parse(row.data) as Record<string, unknown> & { id: string };
    const erased =
      row.type === 'invoice'
        ? { ...data, customer_email: ERASED_EMAIL, hosted_invoice_url: null, invoice_pdf: null }
        : { ...data, customer_email: ERASED_EMAIL, customer_details: null, collected_information: null };
    await saveObject(db, erased, { receiptToken: null });
  }
  await db.deleteFrom('objects').where('customer', '=', id).where('type', '=', 'payment_method').execute();
  return saveObject(db, deletedCustomer(id));
}
