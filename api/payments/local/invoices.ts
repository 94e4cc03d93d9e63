import type { Db } from '../../../events/db';
import { CURRENCY } from '../../../events/order/pricing';
import { newId, newReceiptToken } from './ids';
import type { InvoiceRow } from './rows';

export type NewInvoice = {
  customerId: string;
  customerEmail: string;
  subscriptionId: string | null;
  checkoutSessionId: string | null;
  description: string;
  quantity: number;
  unitAmount: number;
  paid: boolean;
  periodStart: string | null;
  periodEnd: string | null;
  at: string;
};

/** Numbers run TC-0001, TC-0002, … across all customers: a receipt's number is its place in our books. */
export async function createInvoice(db: Db, input: NewInvoice): Promise<InvoiceRow> {
  const last = await db
    .selectFrom('local_invoices')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  const seq = (last?.seq ?? 0) + 1;
  const amount = input.quantity * input.unitAmount;
  const row: InvoiceRow = {
    id: newId('in'),
    seq,
    number: `TC-${String(seq).padStart(4, '0')}`,
    receipt_token: newReceiptToken(),
    customer_id: input.customerId,
    customer_email: input.customerEmail,
    subscription_id: input.subscriptionId,
    checkout_session_id: input.checkoutSessionId,
    description: input.description,
    quantity: input.quantity,
    unit_amount: input.unitAmount,
    amount_due: amount,
    amount_paid: input.paid ? amount : 0,
    currency: CURRENCY,
    status: input.paid ? 'paid' : 'open',
    attempt_count: amount > 0 ? 1 : 0,
    period_start: input.periodStart,
    period_end: input.periodEnd,
    created_at: input.at,
    paid_at: input.paid ? input.at : null,
  };
  await db.insertInto('local_invoices').values(row).execute();
  return row;
}

/** One more go at collecting an open invoice. */
export async function recordAttempt(
  db: Db,
  invoice: InvoiceRow,
  paid: boolean,
  at: string,
): Promise<InvoiceRow> {
  const changes = {
    attempt_count: invoice.attempt_count + 1,
    ...(paid ? { status: 'paid' as const, amount_paid: invoice.amount_due, paid_at: at } : {}),
  };
  await db.updateTable('local_invoices').set(changes).where('id', '=', invoice.id).execute();
  return { ...invoice, ...changes };
}

export const openInvoiceOf = (db: Db, subscriptionId: string) =>
  db
    .selectFrom('local_invoices')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'open')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();

export const invoicesOf = (db: Db, customerId: string) =>
  db
    .selectFrom('local_invoices')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '!=', 'void')
    .orderBy('seq', 'desc')
    .execute();

export const invoiceByToken = (db: Db, token: string) =>
  db.selectFrom('local_invoices').selectAll().where('receipt_token', '=', token).executeTakeFirst();
