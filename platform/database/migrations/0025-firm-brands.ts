import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Issue 32: a firm's brand and which parts of it its members may not change (events/firm/brand.ts), as JSON;
    // 'null' until the admin first sets one.
    await db.schema
      .alterTable('firms')
      .addColumn('brand', 'text', (column) => column.notNull().defaultTo('null'))
      .execute();
    // The member whose enquiries the firm page's quote requests go to; null: the admin's.
    await db.schema.alterTable('firms').addColumn('quotes_to', 'text').execute();
  },
};
