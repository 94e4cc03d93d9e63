import { Hono } from 'hono';
import { DomainError } from '../../events/errors';
import { log } from '../../observability/log';
import type { Db } from '../../platform/database/db';
import { findUserById } from '../accounts/users';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { type BilledTo, invoiceFileName, invoicePdf } from '../payments/invoice-pdf';
import type { InvoiceDocument } from '../payments/provider';
import { DEFAULT_SELLER } from '../payments/seller';

export const INVOICE_NOT_FOUND = 'We couldn’t find that invoice.';
export const INVOICE_UNAVAILABLE = 'Could not load your invoice. Please try again in a minute.';

/** Stripe's invoice ids; anything else is not worth a call to the provider. */
const INVOICE_ID = /^in_[A-Za-z0-9]{1,250}$/;

/** Whether the provider's customer is one this account paid as: only then are its invoices the account's to read. */
async function isCustomerOf(db: Db, accountId: string, provider: string, customerId: string) {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('account_id', '=', accountId)
    .where('provider', '=', provider)
    .where('provider_customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The provider's copy of the customer where it has one; the account's name and email otherwise. */
function billedTo(invoice: InvoiceDocument, account: { name: string; email: string } | undefined): BilledTo {
  const address = invoice.customer.address;
  return {
    name: invoice.customer.name ?? account?.name ?? null,
    email: invoice.customer.email ?? account?.email ?? null,
    address: address
      ? [
          address.line1,
          address.line2,
          address.city,
          address.state,
          address.postal_code,
          address.country,
        ].filter((line): line is string => Boolean(line))
      : [],
  };
}

/** Issue 28: an invoice downloads as a PDF drawn here from the provider's invoice, from Stripe and the simulator alike. */
export function invoiceRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  app.get('/:id/pdf', signedIn, async (c) => {
    const id = c.req.param('id');
    const accountId = c.get('accountId');
    if (!INVOICE_ID.test(id)) throw new DomainError('not_found', INVOICE_NOT_FOUND);
    let invoice: InvoiceDocument | null;
    try {
      invoice = await deps.payments.retrieveInvoice(id);
    } catch (error) {
      log.error({ err: error }, 'Reading an invoice from the payment provider failed');
      return c.json({ error: INVOICE_UNAVAILABLE }, 502);
    }
    // Someone else's invoice is answered as one that does not exist.
    const customerId = invoice?.customerId;
    if (!invoice || !customerId || !(await isCustomerOf(deps.db, accountId, deps.payments.name, customerId)))
      throw new DomainError('not_found', INVOICE_NOT_FOUND);
    const account = await findUserById(deps.db, accountId);
    const pdf = await invoicePdf(invoice, deps.seller ?? DEFAULT_SELLER, billedTo(invoice, account));
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${invoiceFileName(invoice)}"`,
    });
  });

  return app;
}
