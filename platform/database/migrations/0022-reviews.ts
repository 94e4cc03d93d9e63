import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { isJson, table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Issue 30: verified reviews (events/review/). Listed by owner for the page and /enquiries, and found by the
    // hash of the link's token for the customer's page.
    await table(
      db,
      db.schema
        .createTable('reviews')
        .addColumn('review_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('customer_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('enquiry_id', 'text')
        .addColumn('job', 'text')
        .addColumn('token_hash', 'text', (c) => c.notNull())
        // One of the decider's states (requested, received, removed): the read model writes nothing else.
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer')
        .addColumn('text', 'text')
        .addColumn('display_name', 'text')
        .addColumn('photos', 'text', (c) => c.notNull().check(isJson(db, 'photos')))
        .addColumn('received_at', 'text')
        .addColumn('reply', 'text')
        .addColumn('replied_at', 'text')
        .addColumn('reported_at', 'text')
        .addColumn('report_reason', 'text')
        .addColumn('removed_at', 'text')
        .addColumn('removed_reason', 'text'),
    ).execute();
    await db.schema
      .createIndex('reviews_by_account')
      .on('reviews')
      .columns(['account_id', 'requested_at'])
      .execute();
    await db.schema.createIndex('reviews_by_token').on('reviews').column('token_hash').unique().execute();
  },
};
