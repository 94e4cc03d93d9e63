import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE users ADD COLUMN is_subscribed INTEGER NOT NULL DEFAULT 0`.execute(db);
    // Card orders and subscriptions in one table, as the screens list them together (SPEC §3 "Order").
    await sql`CREATE TABLE orders (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      type TEXT NOT NULL CHECK (type IN ('card', 'subscription')),
      status TEXT NOT NULL,
      fulfillment_status TEXT,
      amount_total INTEGER NOT NULL,
      currency TEXT NOT NULL,
      quantity INTEGER NOT NULL,
      delivery_window TEXT,
      delivery_name TEXT,
      delivery_address TEXT CHECK (delivery_address IS NULL OR json_valid(delivery_address)),
      tracking_url TEXT,
      customer_email TEXT,
      provider TEXT NOT NULL,
      checkout_session_id TEXT,
      provider_subscription_id TEXT,
      provider_customer_id TEXT,
      trial_end TEXT,
      current_period_start TEXT,
      current_period_end TEXT,
      cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
      canceled_at TEXT,
      ended_at TEXT,
      paid_at TEXT,
      reorder_of TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT`.execute(db);
    await sql`CREATE INDEX orders_by_account ON orders (account_id, created_at)`.execute(db);
    await sql`CREATE INDEX orders_by_checkout ON orders (checkout_session_id)`.execute(db);
    await sql`CREATE INDEX orders_by_subscription ON orders (provider_subscription_id)`.execute(db);
    // The webhook inbox: a provider event id is handled once, in the transaction that records its effects.
    await sql`CREATE TABLE payment_events_seen (
      event_id TEXT PRIMARY KEY,
      provider TEXT NOT NULL,
      type TEXT NOT NULL,
      received_at TEXT NOT NULL
    ) STRICT`.execute(db);
  },
};
