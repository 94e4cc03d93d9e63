import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { assignedKey, counter, isJson, table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await table(
      db,
      db.schema
        .createTable('events')
        .addColumn('global_position', counter(db), assignedKey(db))
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('stream_position', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('schema_version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('data', 'text', (c) => c.notNull().check(isJson(db, 'data')))
        .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}').check(isJson(db, 'metadata')))
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('events_stream_id_stream_position_unique', ['stream_id', 'stream_position']),
    ).execute();
    await table(
      db,
      db.schema
        .createTable('idempotency_keys')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('first_position', counter(db), (c) => c.notNull())
        .addColumn('last_position', counter(db), (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull()),
    ).execute();
  },
};
