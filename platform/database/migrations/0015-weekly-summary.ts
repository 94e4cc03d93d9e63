import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Issue 16: the weekly summary mail's read model (events/account/weekly-summaries-read-model.ts).
    await table(
      db,
      db.schema
        .createTable('weekly_summaries')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('last_week', 'text'),
    ).execute();
    // What the fold gives every account of today: no account has an event about the summary yet, so each is on
    // and has had none. Without it, an account would have no row until its next event or a replay.
    await sql`INSERT INTO weekly_summaries (account_id, enabled, last_week) SELECT id, 1, NULL FROM users`.execute(
      db,
    );
    // The one-click unsubscribe address (RFC 8058) a queued mail is sent with, as List-Unsubscribe.
    await db.schema.alterTable('mail_outbox').addColumn('list_unsubscribe', 'text').execute();
  },
};
