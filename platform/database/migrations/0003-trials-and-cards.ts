import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { counter, isJson, table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('trial_expires', 'text').execute();
    await db.schema
      .alterTable('users')
      .addColumn('trial_ended', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('users_trials_due')
      .on('users')
      .column('trial_expires')
      .where(sql.ref('trial_ended'), '=', 0)
      .execute();
    await table(
      db,
      db.schema
        .createTable('cards')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('content', 'text', (c) => c.notNull().check(isJson(db, 'content')))
        .addColumn('published_at', 'text', (c) => c.notNull()),
    ).execute();
    await table(
      db,
      db.schema
        .createTable('projector_checkpoints')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('position', counter(db), (c) => c.notNull()),
    ).execute();
    // Which folder under public/u/ belongs to which account, so a deleted (erased) account's pages can go too.
    await table(
      db,
      db.schema
        .createTable('rendered_profiles')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull()),
    ).execute();
  },
};
