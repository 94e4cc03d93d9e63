import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { isPostgres } from './dialect';

/**
 * The built-in test-mode payment provider's tables, as shipped to SQLite installs; 0012 drops them again (ADR 022).
 * A PostgreSQL database never had that provider, so it skips them: their SQLite-only SQL never runs there.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) return;
    // The built-in test-mode payment provider's own state, kept apart from the event log as Stripe's would be.
    await sql`CREATE TABLE local_customers (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      card_last4 TEXT,
      card_exp_month INTEGER,
      card_exp_year INTEGER,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT`.execute(db);
    await sql`CREATE TABLE local_checkout_sessions (
      id TEXT PRIMARY KEY,
      idempotency_key TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('card', 'subscription')),
      status TEXT NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
      payment_status TEXT NOT NULL CHECK (payment_status IN ('paid', 'unpaid', 'no_payment_required')),
      order_id TEXT NOT NULL,
      account_id TEXT NOT NULL,
      email TEXT NOT NULL,
      customer_id TEXT,
      quantity INTEGER NOT NULL,
      unit_amount INTEGER NOT NULL,
      amount_total INTEGER NOT NULL,
      currency TEXT NOT NULL,
      trial_days INTEGER,
      trial_ends_at TEXT,
      success_url TEXT NOT NULL,
      cancel_url TEXT NOT NULL,
      subscription_id TEXT,
      payment_intent_id TEXT,
      customer_name TEXT,
      shipping_address TEXT CHECK (shipping_address IS NULL OR json_valid(shipping_address)),
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      completed_at TEXT
    ) STRICT`.execute(db);
    await sql`CREATE INDEX local_checkout_sessions_open ON local_checkout_sessions (expires_at)
      WHERE status = 'open'`.execute(db);
    await sql`CREATE TABLE local_subscriptions (
      id TEXT PRIMARY KEY,
      customer_id TEXT NOT NULL,
      checkout_session_id TEXT NOT NULL,
      order_id TEXT NOT NULL,
      account_id TEXT NOT NULL,
      status TEXT NOT NULL,
      amount INTEGER NOT NULL,
      currency TEXT NOT NULL,
      trial_end TEXT,
      billing_anchor TEXT NOT NULL,
      periods_billed INTEGER NOT NULL,
      current_period_start TEXT NOT NULL,
      current_period_end TEXT NOT NULL,
      cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
      canceled_at TEXT,
      ended_at TEXT,
      failed_attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT,
      due_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT`.execute(db);
    await sql`CREATE INDEX local_subscriptions_due ON local_subscriptions (due_at)
      WHERE due_at IS NOT NULL`.execute(db);
    await sql`CREATE TABLE local_invoices (
      id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL UNIQUE,
      number TEXT NOT NULL UNIQUE,
      receipt_token TEXT NOT NULL UNIQUE,
      customer_id TEXT NOT NULL,
      customer_email TEXT NOT NULL,
      subscription_id TEXT,
      checkout_session_id TEXT,
      description TEXT NOT NULL,
      quantity INTEGER NOT NULL,
      unit_amount INTEGER NOT NULL,
      amount_due INTEGER NOT NULL,
      amount_paid INTEGER NOT NULL,
      currency TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'void', 'uncollectible')),
      attempt_count INTEGER NOT NULL DEFAULT 0,
      period_start TEXT,
      period_end TEXT,
      created_at TEXT NOT NULL,
      paid_at TEXT
    ) STRICT`.execute(db);
    await sql`CREATE INDEX local_invoices_by_customer ON local_invoices (customer_id, seq)`.execute(db);
    await sql`CREATE INDEX local_invoices_by_subscription ON local_invoices (subscription_id, seq)`.execute(
      db,
    );
    // Events waiting for delivery, in order: a failed delivery is retried by the next advance, as a webhook is.
    await sql`CREATE TABLE local_outbox (
      position INTEGER PRIMARY KEY,
      event_id TEXT NOT NULL UNIQUE,
      payload TEXT NOT NULL CHECK (json_valid(payload)),
      created_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      last_error TEXT,
      given_up_at TEXT
    ) STRICT`.execute(db);
  },
};
