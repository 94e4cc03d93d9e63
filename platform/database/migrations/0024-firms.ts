import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { isJson, table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Issue 32: firms (events/firm/), each with its members and invitations as the firm's stream holds them, and
    // which firm each account is in (its own stream: one firm an account).
    await table(
      db,
      db.schema
        .createTable('firms')
        .addColumn('firm_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('admin_id', 'text', (c) => c.notNull())
        .addColumn('members', 'text', (c) => c.notNull().check(isJson(db, 'members')))
        .addColumn('invites', 'text', (c) => c.notNull().check(isJson(db, 'invites'))),
    ).execute();
    // /f/<slug>: one firm a slug, even when two are created at the same moment.
    await db.schema.createIndex('firms_by_slug').on('firms').column('slug').unique().execute();
    await table(
      db,
      db.schema
        .createTable('firm_memberships')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('firm_id', 'text', (c) => c.notNull())
        .addColumn('since', 'text', (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('firm_memberships_by_firm')
      .on('firm_memberships')
      .column('firm_id')
      .execute();
  },
};
