import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A cache of folded states (ADR 018): deleting every row is always safe, the next command folds from the log.
    await sql`CREATE TABLE snapshots (
      stream_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      fingerprint TEXT NOT NULL,
      version INTEGER NOT NULL,
      state TEXT NOT NULL,
      PRIMARY KEY (stream_id, kind)
    ) STRICT, WITHOUT ROWID`.execute(db);
    // Erasure rewrites events in place: a snapshot folded from the old text would bring the erased data back. The
    // database drops it whatever code rewrote the event, so no path can forget to.
    await sql`CREATE TRIGGER snapshots_dropped_on_event_update AFTER UPDATE ON events
      BEGIN DELETE FROM snapshots WHERE stream_id = OLD.stream_id; END`.execute(db);
    await sql`CREATE TRIGGER snapshots_dropped_on_event_delete AFTER DELETE ON events
      BEGIN DELETE FROM snapshots WHERE stream_id = OLD.stream_id; END`.execute(db);
  },
};
