import type { Db } from '../../../events/db';
import type { BillingFacts } from '../provider';
import { findCustomer } from './customers';
import { receiptUrl } from './facts';
import { invoicesOf } from './invoices';

export async function billingFacts(db: Db, customerId: string, publicUrl: string): Promise<BillingFacts> {
  const customer = await findCustomer(db, customerId);
  if (!customer) return { paymentMethod: null, invoices: [] };
  const { card_last4: last4, card_exp_month: expMonth, card_exp_year: expYear } = customer;
  const card =
    last4 !== null && expMonth !== null && expYear !== null
      ? { brand: 'visa', last4, exp_month: expMonth, exp_year: expYear }
      : null;
  const invoices = await invoicesOf(db, customerId);
  return {
    paymentMethod: card ? { card } : null,
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      date: invoice.created_at,
      number: invoice.number,
      amount: invoice.amount_due,
      currency: invoice.currency,
      pdf: receiptUrl(publicUrl, invoice.receipt_token),
    })),
  };
}
