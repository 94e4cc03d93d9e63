import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE users ADD COLUMN trial_expires TEXT`.execute(db);
    await sql`ALTER TABLE users ADD COLUMN trial_ended INTEGER NOT NULL DEFAULT 0`.execute(db);
    await sql`CREATE INDEX users_trials_due ON users (trial_expires) WHERE trial_ended = 0`.execute(db);
    await sql`CREATE TABLE cards (
      account_id TEXT PRIMARY KEY,
      content TEXT NOT NULL CHECK (json_valid(content)),
      published_at TEXT NOT NULL
    ) STRICT`.execute(db);
    await sql`CREATE TABLE projector_checkpoints (
      name TEXT PRIMARY KEY,
      position INTEGER NOT NULL
    ) STRICT`.execute(db);
    // Which folder under public/u/ belongs to which account, so a deleted (erased) account's pages can go too.
    await sql`CREATE TABLE rendered_profiles (
      account_id TEXT PRIMARY KEY,
      username TEXT NOT NULL
    ) STRICT`.execute(db);
  },
};
