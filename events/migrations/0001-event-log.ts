import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE events (
      global_position INTEGER PRIMARY KEY,
      stream_id TEXT NOT NULL,
      stream_position INTEGER NOT NULL,
      type TEXT NOT NULL,
      schema_version INTEGER NOT NULL DEFAULT 1,
      data TEXT NOT NULL CHECK (json_valid(data)),
      metadata TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata)),
      occurred_at TEXT NOT NULL,
      UNIQUE (stream_id, stream_position)
    ) STRICT`.execute(db);
    await sql`CREATE TABLE idempotency_keys (
      key TEXT PRIMARY KEY,
      stream_id TEXT NOT NULL,
      first_position INTEGER NOT NULL,
      last_position INTEGER NOT NULL,
      recorded_at TEXT NOT NULL
    ) STRICT`.execute(db);
  },
};
