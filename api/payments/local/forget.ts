import { sql } from 'kysely';
import type { Db } from '../../../events/db';

const ERASED_EMAIL = 'erased@erased.invalid';

/**
 * What Stripe's customer deletion does, for our own tables: the person's email, name and address go; the
 * invoices keep their numbers and amounts for the books, and their receipt links stop working.
 */
export function forgetCustomer(db: Db, customerId: string): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('local_checkout_sessions')
      .set({ email: ERASED_EMAIL, customer_name: null, shipping_address: null })
      .where('customer_id', '=', customerId)
      .execute();
    await trx
      .updateTable('local_invoices')
      .set({ customer_email: ERASED_EMAIL, receipt_token: sql<string>`'erased-' || id` })
      .where('customer_id', '=', customerId)
      .execute();
    await trx.deleteFrom('local_customers').where('id', '=', customerId).execute();
  });
}
