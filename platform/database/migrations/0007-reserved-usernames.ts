import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { createTrigger, table } from './dialect';

/** The trigger's refusal; api/auth/register-account.ts reads it as the domain's conflict on either database. */
export const USERNAME_RESERVED = 'users.username is reserved for the cards of a deleted account';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await table(
      db,
      db.schema
        .createTable('reserved_usernames')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text', (c) => c.notNull())
        .addColumn('reserved_until', 'text', (c) => c.notNull()),
    ).execute();
    await db.schema
      .createIndex('reserved_usernames_by_name')
      .on('reserved_usernames')
      .columns(['username', 'reserved_until'])
      .execute();
    // Like the UNIQUE index on users.username, the database decides: every path that creates an account, and a
    // race between two, meets it. Compared with the account's own creation time (the domain clock, not the
    // wall's), so replay re-inserting an account that took a name after its reservation ended still passes.
    const reserved = sql`EXISTS (SELECT 1 FROM reserved_usernames r
      WHERE r.username = NEW.username AND r.reserved_until > NEW.created_at AND r.account_id <> NEW.id)`;
    await createTrigger(db, {
      name: 'users_username_not_reserved',
      timing: 'BEFORE INSERT',
      on: 'users',
      sqlite: { when: reserved, body: sql`SELECT RAISE(ABORT, ${sql.lit(USERNAME_RESERVED)})` },
      postgres: sql`IF ${reserved} THEN RAISE EXCEPTION ${sql.lit(USERNAME_RESERVED)}; END IF; RETURN NEW;`,
    });
  },
};
