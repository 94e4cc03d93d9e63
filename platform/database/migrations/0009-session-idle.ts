import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A session from before the idle timeout counts as used when it was made: an old, unused one ends at once.
    await db.schema
      .alterTable('sessions')
      .addColumn('last_used_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`UPDATE sessions SET last_used_at = created_at`.execute(db);
  },
};
