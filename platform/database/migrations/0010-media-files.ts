import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { counter, table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // What is on disk for each photo, so a save, an upload or an erasure finds it by key instead of listing the
    // media folder. Filled from the files at start (api/media/backfill.ts), not here: a migration can't see them.
    await table(
      db,
      db.schema
        .createTable('media_files')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('widths', 'text', (c) => c.notNull())
        .addColumn('bytes', counter(db), (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull()),
    ).execute();
  },
};
