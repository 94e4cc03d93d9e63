import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE users (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      email TEXT NOT NULL UNIQUE,
      username TEXT NOT NULL UNIQUE,
      is_verified INTEGER NOT NULL DEFAULT 0,
      is_admin INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT`.execute(db);
    await sql`CREATE TABLE credentials (
      account_id TEXT PRIMARY KEY,
      password_hash TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT`.execute(db);
    await sql`CREATE TABLE sessions (
      token_hash TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      revoked_at TEXT
    ) STRICT`.execute(db);
    await sql`CREATE INDEX sessions_by_account ON sessions (account_id)`.execute(db);
    await sql`CREATE TABLE verification_codes (
      account_id TEXT PRIMARY KEY,
      code_hash TEXT NOT NULL,
      sent_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      failed_attempts INTEGER NOT NULL DEFAULT 0
    ) STRICT`.execute(db);
    await sql`CREATE TABLE reset_tokens (
      token_hash TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT
    ) STRICT`.execute(db);
    await sql`CREATE INDEX reset_tokens_by_account ON reset_tokens (account_id)`.execute(db);
    await sql`CREATE TABLE throttles (
      key TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      blocked_until TEXT,
      last_failure_at TEXT NOT NULL
    ) STRICT`.execute(db);
  },
};
