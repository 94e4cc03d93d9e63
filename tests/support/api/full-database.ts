import { sql } from 'kysely';
import type { TestDatabase } from '../events/db';

type Database = Pick<TestDatabase, 'db' | 'dialect' | 'sqlite'>;

const FILLED = sql.id('tradecard_test_disk_full');

/**
 * Makes the database's disk full. SQLite may not grow past its size now (after a VACUUM, so the free pages dropped
 * tables left take no writes either): a write needing a new page fails with SQLITE_FULL. PostgreSQL's disk is its
 * server's, which a test can't fill: every insert or update fails as it would there, with SQLSTATE 53100
 * (disk_full), raised by a trigger on each table.
 */
export async function fillDatabase(database: Database) {
  if (database.dialect === 'sqlite') {
    database.sqlite.exec('VACUUM');
    database.sqlite.pragma(`max_page_count = ${database.sqlite.pragma('page_count', { simple: true })}`);
    return;
  }
  const { db } = database;
  await sql`CREATE FUNCTION ${FILLED}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';
  END $$`.execute(db);
  const { rows } = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(db);
  for (const { name } of rows)
    await sql`CREATE TRIGGER ${FILLED} BEFORE INSERT OR UPDATE ON ${sql.table(name)}
      FOR EACH ROW EXECUTE FUNCTION ${FILLED}()`.execute(db);
}

/** The disk has room again. */
export async function freeDatabase(database: Database) {
  if (database.dialect === 'sqlite') {
    database.sqlite.pragma('max_page_count = 4294967294');
    return;
  }
  await sql`DROP FUNCTION ${FILLED}() CASCADE`.execute(database.db);
}
