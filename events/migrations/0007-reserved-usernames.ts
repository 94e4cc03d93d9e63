import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE reserved_usernames (
      account_id TEXT PRIMARY KEY,
      username TEXT NOT NULL,
      deleted_at TEXT NOT NULL,
      reserved_until TEXT NOT NULL
    ) STRICT`.execute(db);
    await sql`CREATE INDEX reserved_usernames_by_name ON reserved_usernames (username, reserved_until)`.execute(
      db,
    );
    // Like the UNIQUE index on users.username, the database decides: every path that creates an account, and a
    // race between two, meets it. Compared with the account's own creation time (the domain clock, not the
    // wall's), so replay re-inserting an account that took a name after its reservation ended still passes.
    await sql`CREATE TRIGGER users_username_not_reserved BEFORE INSERT ON users
      WHEN EXISTS (SELECT 1 FROM reserved_usernames r
                   WHERE r.username = NEW.username AND r.reserved_until > NEW.created_at AND r.account_id <> NEW.id)
      BEGIN SELECT RAISE(ABORT, 'users.username is reserved for the cards of a deleted account'); END`.execute(
      db,
    );
  },
};
