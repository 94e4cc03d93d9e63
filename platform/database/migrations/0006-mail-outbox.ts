import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { assignedKey, counter, table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Mail is queued in the transaction that caused it and sent afterwards (api/mail/sender.ts), so a commit
    // always has its mail and a failed send is retried. The integer id orders the queue: clocks can tie.
    await table(
      db,
      db.schema
        .createTable('mail_outbox')
        .addColumn('id', counter(db), assignedKey(db))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('given_up_at', 'text'),
    ).execute();
    await db.schema
      .createIndex('mail_outbox_due')
      .on('mail_outbox')
      .column('next_attempt_at')
      .where(sql<SqlBool>`sent_at IS NULL AND given_up_at IS NULL`)
      .execute();
  },
};
