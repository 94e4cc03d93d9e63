import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // PAYMENTS=local is now the Stripe adapter against the Stripe simulator, which keeps its objects in its own
    // database (stripe-simulator/). The hand-written provider's tables go, and their indexes with them. Its
    // sessions, subscriptions and invoices were test mode only; the orders they paid stay, in the log.
    for (const table of [
      'local_outbox',
      'local_invoices',
      'local_subscriptions',
      'local_checkout_sessions',
      'local_customers',
    ]) {
      await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
    }
  },
};
