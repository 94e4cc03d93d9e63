import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Mail is queued in the transaction that caused it and sent afterwards (api/mail/sender.ts), so a commit
    // always has its mail and a failed send is retried. The integer id orders the queue: clocks can tie.
    await sql`CREATE TABLE mail_outbox (
      id INTEGER PRIMARY KEY,
      to_address TEXT NOT NULL,
      subject TEXT NOT NULL,
      text TEXT NOT NULL,
      html TEXT NOT NULL,
      reply_to TEXT,
      created_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      claimed_by TEXT,
      claimed_until TEXT,
      last_error TEXT,
      sent_at TEXT,
      given_up_at TEXT
    ) STRICT`.execute(db);
    await sql`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at)
      WHERE sent_at IS NULL AND given_up_at IS NULL`.execute(db);
  },
};
