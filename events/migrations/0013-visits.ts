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
    // The raw counts: one row a visitor a day for each page, source, action and card. Kept at most three days,
    // then only the day's tally (an event, so a replay rebuilds visit_days) remains.
    await table(
      db,
      db.schema
        .createTable('visit_hits')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('card_code', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('visit_hits_pk', [
          'day',
          'account_id',
          'source',
          'action',
          'card_code',
          'visitor',
        ]),
      { withoutRowid: true },
    ).execute();
    await db.schema
      .createIndex('visit_hits_by_account')
      .on('visit_hits')
      .columns(['account_id', 'day'])
      .execute();
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
