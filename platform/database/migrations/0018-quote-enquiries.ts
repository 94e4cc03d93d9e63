import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { assignedKey, counter, isJson, isPostgres, table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Issue 17: quote requests from a page (events/enquiry/), each owner's listed newest first on /enquiries and
    // counted per page per day by the form's limit.
    await table(
      db,
      db.schema
        .createTable('enquiries')
        .addColumn('enquiry_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('postcode', 'text')
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('photos', 'text', (c) => c.notNull().check(isJson(db, 'photos')))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status IN ('new', 'replied', 'won', 'lost')`),
        )
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('status_changed_at', 'text'),
    ).execute();
    await db.schema
      .createIndex('enquiries_by_account')
      .on('enquiries')
      .columns(['account_id', 'received_at'])
      .execute();
    // A mail's files (an enquiry's photos), beside its row so the queue's claims never carry megabytes; deleted
    // with the bodies once the mail is sent or given up (api/mail/queue.ts).
    await table(
      db,
      db.schema
        .createTable('mail_attachments')
        .addColumn('id', counter(db), assignedKey(db))
        .addColumn('mail_id', counter(db), (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('mail_attachments_by_mail')
      .on('mail_attachments')
      .columns(['mail_id', 'position'])
      .execute();
  },
};
