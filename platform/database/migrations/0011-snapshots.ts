import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { createTrigger, table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A cache of folded states (ADR 018): deleting every row is always safe, the next command folds from the log.
    await table(
      db,
      db.schema
        .createTable('snapshots')
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('snapshots_pkey', ['stream_id', 'kind']),
      { withoutRowid: true },
    ).execute();
    // Erasure rewrites events in place: a snapshot folded from the old text would bring the erased data back. The
    // database drops it whatever code rewrote the event, so no path can forget to.
    for (const [name, timing] of [
      ['snapshots_dropped_on_event_update', 'AFTER UPDATE'],
      ['snapshots_dropped_on_event_delete', 'AFTER DELETE'],
    ] as const)
      await createTrigger(db, {
        name,
        timing,
        on: 'events',
        sqlite: { body: sql`DELETE FROM snapshots WHERE stream_id = OLD.stream_id` },
        postgres: sql`DELETE FROM snapshots WHERE stream_id = OLD.stream_id; RETURN NULL;`,
      });
  },
};
