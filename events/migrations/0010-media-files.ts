import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // What is on disk for each photo, so a save, an upload or an erasure finds it by key instead of listing the
    // media folder. Filled from the files at start (api/media/backfill.ts), not here: a migration can't see them.
    await sql`CREATE TABLE media_files (
      id TEXT PRIMARY KEY,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      widths TEXT NOT NULL,
      bytes INTEGER NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT`.execute(db);
  },
};
