import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A session from before the idle timeout counts as used when it was made: an old, unused one ends at once.
    await sql`ALTER TABLE sessions ADD COLUMN last_used_at TEXT NOT NULL DEFAULT ''`.execute(db);
    await sql`UPDATE sessions SET last_used_at = created_at`.execute(db);
  },
};
