import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Issue 16: every NFC card has its own address, /c/<code>, looked up here on each tap.
    await table(
      db,
      db.schema
        .createTable('nfc_cards')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('active', 'lost', 'retired')`))
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .addColumn('lost_at', 'text'),
    ).execute();
    await db.schema
      .createIndex('nfc_cards_by_account')
      .on('nfc_cards')
      .columns(['account_id', 'issued_at'])
      .execute();
    await db.schema
      .createIndex('nfc_cards_by_order')
      .on('nfc_cards')
      .columns(['order_id', 'issued_at'])
      .execute();
  },
};
