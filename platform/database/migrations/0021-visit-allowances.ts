import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Issue 27: how many of each action one address has had counted on one page in one day (views, then each click),
    // so a script can't count a page's views in their thousands. `address` is a hash with the day's salt, as the
    // visitors' are, and the rows go when the day is tallied.
    await table(
      db,
      db.schema
        .createTable('visit_allowances')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('visit_allowances_pk', ['account_id', 'day', 'address', 'action']),
      { withoutRowid: true },
    ).execute();
    await db.schema.createIndex('visit_allowances_by_day').on('visit_allowances').column('day').execute();
  },
};
