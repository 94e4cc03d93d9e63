import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query afresh; on our hardware that was a fifth of a command's time. The
 * queries repeat (Kysely's SQL is stable for the same query shape), so prepared statements are kept, least recently
 * used dropped first. A statement still being iterated is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  await migrateToLatest(db as Kysely<unknown>);
  return { db, sqlite, close: () => db.destroy() };
}
