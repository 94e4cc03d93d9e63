import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { isJsonOrNull, table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('is_subscribed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // Card orders and subscriptions in one table, as the screens list them together (SPEC §3 "Order").
    await table(
      db,
      db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('card', 'subscription')`))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('fulfillment_status', 'text')
        .addColumn('amount_total', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('delivery_window', 'text')
        .addColumn('delivery_name', 'text')
        .addColumn('delivery_address', 'text', (c) => c.check(isJsonOrNull(db, 'delivery_address')))
        .addColumn('tracking_url', 'text')
        .addColumn('customer_email', 'text')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('checkout_session_id', 'text')
        .addColumn('provider_subscription_id', 'text')
        .addColumn('provider_customer_id', 'text')
        .addColumn('trial_end', 'text')
        .addColumn('current_period_start', 'text')
        .addColumn('current_period_end', 'text')
        .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('canceled_at', 'text')
        .addColumn('ended_at', 'text')
        .addColumn('paid_at', 'text')
        .addColumn('reorder_of', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('orders_by_account')
      .on('orders')
      .columns(['account_id', 'created_at'])
      .execute();
    await db.schema.createIndex('orders_by_checkout').on('orders').column('checkout_session_id').execute();
    await db.schema
      .createIndex('orders_by_subscription')
      .on('orders')
      .column('provider_subscription_id')
      .execute();
    // The webhook inbox: a provider event id is handled once, in the transaction that records its effects.
    await table(
      db,
      db.schema
        .createTable('payment_events_seen')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull()),
    ).execute();
  },
};
