import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Every Stripe object is kept as the JSON the API returns, beside the few columns the simulator searches by;
    // `internal` holds what Stripe keeps but never returns (a session's parameters, a subscription's retry count).
    await sql`CREATE TABLE objects (
      position INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL,
      customer TEXT,
      receipt_token TEXT UNIQUE,
      due_at INTEGER,
      created INTEGER NOT NULL,
      data TEXT NOT NULL CHECK (json_valid(data)),
      internal TEXT NOT NULL CHECK (json_valid(internal))
    ) STRICT`.execute(db);
    await sql`CREATE INDEX objects_by_customer ON objects (type, customer, position)`.execute(db);
    await sql`CREATE INDEX objects_due ON objects (due_at) WHERE due_at IS NOT NULL`.execute(db);
    await sql`CREATE TABLE events (
      id TEXT PRIMARY KEY,
      type TEXT NOT NULL,
      created INTEGER NOT NULL,
      payload TEXT NOT NULL CHECK (json_valid(payload))
    ) STRICT`.execute(db);
    // One row a delivery attempt series; a resent event gets a row of its own. The position orders deliveries.
    await sql`CREATE TABLE deliveries (
      position INTEGER PRIMARY KEY,
      event_id TEXT NOT NULL REFERENCES events (id),
      state TEXT NOT NULL CHECK (state IN ('pending', 'held', 'delivered', 'abandoned')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      last_error TEXT,
      delivered_at INTEGER
    ) STRICT`.execute(db);
    await sql`CREATE INDEX deliveries_pending ON deliveries (state, position)`.execute(db);
    await sql`CREATE TABLE idempotency_keys (
      key TEXT PRIMARY KEY,
      fingerprint TEXT NOT NULL,
      status INTEGER NOT NULL,
      body TEXT NOT NULL
    ) STRICT`.execute(db);
    await sql`CREATE TABLE simulator_state (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      clock_offset_ms INTEGER NOT NULL,
      holding_webhooks INTEGER NOT NULL
    ) STRICT`.execute(db);
    await sql`INSERT INTO simulator_state (id, clock_offset_ms, holding_webhooks) VALUES (1, 0, 0)`.execute(
      db,
    );
  },
};
