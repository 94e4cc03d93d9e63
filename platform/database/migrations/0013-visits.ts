import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Issue 16: one random salt a UTC day, shared by every instance so a visitor is one visitor whichever answers,
    // and deleted once its day is tallied, after which no hash of that day can be linked to an address again.
    await table(
      db,
      db.schema
        .createTable('visit_salts')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('salt', 'text', (c) => c.notNull()),
    ).execute();
    // The raw counts of the days not tallied yet: hits by page, day, source, action and card, added to by each
    // instance's flush. A few rows a page a day.
    await table(
      db,
      db.schema
        .createTable('visit_counts')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('card_code', 'text', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('visit_counts_pk', ['account_id', 'day', 'source', 'action', 'card_code']),
      { withoutRowid: true },
    ).execute();
    await db.schema.createIndex('visit_counts_by_day').on('visit_counts').column('day').execute();
    // One row a visitor a page a day, for the day's unique visitors: the only per-visitor record, a salted hash,
    // kept until the day is tallied (at most about a day and a half), then only the day's count remains. No index
    // by day: a second B-tree insert for each new visitor, for a delete and a count that run once a day.
    await table(
      db,
      db.schema
        .createTable('visit_visitors')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('visit_visitors_pk', ['account_id', 'day', 'visitor']),
      { withoutRowid: true },
    ).execute();
    // The tallied days (events/visit), which a replay rebuilds.
    await table(
      db,
      db.schema
        .createTable('visit_days')
        .addColumn('stream_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('visitors', 'integer', (c) => c.notNull())
        .addColumn('tallies', 'text', (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('visit_days_by_account')
      .on('visit_days')
      .columns(['account_id', 'day'])
      .execute();
  },
};
