import type { SimulatorContext } from './context';
import type { SimulatorDb } from './db';
import { newReceiptToken } from './ids';
import { type InvoiceFor, invoiceObject } from './invoice-object';
import type { Invoice } from './objects';
import { countObjects, insertObject, saveObject } from './store';

export type NewInvoice = InvoiceFor & { at: number };

/** A finalised invoice, paid or open, numbered next in the account's books; its receipt page opens by a token. */
export async function createInvoice(
  ctx: SimulatorContext,
  db: SimulatorDb,
  input: NewInvoice,
): Promise<Invoice> {
  const number = `${ctx.invoicePrefix}-${String((await countObjects(db, 'invoice')) + 1).padStart(4, '0')}`;
  const receiptToken = newReceiptToken();
  const invoice = invoiceObject({
    ...input,
    number,
    created: input.at,
    receiptUrl: `${ctx.publicBaseUrl}/receipts/${receiptToken}`,
  });
  return insertObject(db, { type: 'invoice', data: invoice, customer: input.customer, receiptToken });
}

/** One more go at collecting an open invoice; `nextAttempt` is when the one after it falls due, if any. */
export async function recordAttempt(
  db: SimulatorDb,
  invoice: Invoice,
  paid: boolean,
  at: number,
  nextAttempt: number | null,
) {
  const attempted: Invoice = {
    ...invoice,
    attempt_count: invoice.attempt_count + 1,
    next_payment_attempt: paid ? null : nextAttempt,
    ...(paid
      ? {
          status: 'paid',
          amount_paid: invoice.amount_due,
          amount_remaining: 0,
          status_transitions: { ...invoice.status_transitions, paid_at: at },
        }
      : {}),
  };
  return saveObject(db, attempted);
}
