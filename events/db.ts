import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export type OpenedDatabase = { db: Db; sqlite: SQLite.Database; close(): Promise<void> };

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date.
 * WAL with synchronous=FULL: a commit that returned is on disk, so a 200 means the event survived a power cut.
 */
export async function openDatabase(file: string): Promise<OpenedDatabase> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db as Kysely<unknown>);
  return { db, sqlite, close: () => db.destroy() };
}
