import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Issue 32: a firm's plan is a subscription order paid by its admin for every member, and cards its admin bought
    // for a member are the firm's; null on everyone else's.
    await db.schema.alterTable('orders').addColumn('firm_id', 'text').execute();
    // An order held for a member: cards the firm's admin bought for them (null: for the buyer).
    await db.schema.alterTable('orders').addColumn('for_account_id', 'text').execute();
    await db.schema.createIndex('orders_by_firm').on('orders').column('firm_id').execute();
    // A card the firm's admin bought for a member is the firm's: its admin moves it on when the member leaves.
    await db.schema.alterTable('nfc_cards').addColumn('firm_id', 'text').execute();
    await db.schema.createIndex('nfc_cards_by_firm').on('nfc_cards').column('firm_id').execute();
    // The firm's logo (an ImageRef as JSON), which heads its page and shows on its members'.
    await db.schema.alterTable('firms').addColumn('logo', 'text').execute();
    await db.schema.alterTable('firms').addColumn('logo_by', 'text').execute();
  },
};
